/** The evidence step: each link as a row, its five factors multiplied out to its weight. */
import { Decimal } from '../../../engine/decimal.ts';
import {
  interpretationFactor,
  rulesOf,
  type Direction,
  type Model,
  type Rules,
  type Trace,
} from '../../../engine/index.ts';
import { factorDiffersWords } from '../explainWords.ts';
import { minus } from '../../render/figures.ts';
import { idWords } from '../../render/words.ts';
import { fieldAt, fieldOf, type Field } from '../fields.ts';

/** The five factors of a link's weight, in the order they are multiplied. */
export const FACTOR_NAMES = ['relevance', 'observation', 'interpretation', 'authenticity', 'extraction'] as const;

/** One factor of one link: the level it was given and the factor that level is worth. */
export interface FactorView {
  readonly name: (typeof FACTOR_NAMES)[number];
  /**
   * The level: in words ("official record") for four of the factors, since levels are shown as
   * words and their ids stay in the trace; for interpretation the number of steps, a figure of the
   * trace, with its unit.
   */
  readonly level: { readonly words: string } | { readonly steps: Field; readonly unit: string };
  readonly factor: Field;
  /** For interpretation: how the factor came from the steps, e.g. `1 − 0.15 × 2 = 0.7`. */
  readonly detail: string | null;
  /** On a page under another model than the default, the default's factor when it differs: "0.4 under ledger@1.1.0". */
  readonly differs: string | null;
}

/** The site's default model, beside which a page under another model marks each factor that differs. */
export interface DefaultModel {
  readonly id: string;
  readonly model: Model;
}

const rulesByModel = new WeakMap<Model, Rules>();

/** The default's factor for one of a link's levels, in words, when it differs from `factor` (null when the same). */
function defaultFactor(
  theDefault: DefaultModel | null,
  name: (typeof FACTOR_NAMES)[number],
  level: string,
  factor: string,
): string | null {
  if (theDefault === null) return null;
  const model = theDefault.model;
  let there: string | undefined;
  if (name === 'interpretation') {
    let rules = rulesByModel.get(model);
    if (rules === undefined) rulesByModel.set(model, (rules = rulesOf(model)));
    there = interpretationFactor(rules, new Decimal(level)).factor.toFixed();
  } else {
    const table = model[name];
    there = Object.hasOwn(table, level) ? table[level] : undefined;
  }
  if (there !== undefined && new Decimal(there).equals(factor)) return null;
  return factorDiffersWords(there, theDefault.id);
}

/** A link's five factors multiplied out to its weight. */
export interface MultipliedOut {
  /** The factors and the product sign, e.g. `2 × 0.9 × 1 × 1 × 1 =`. */
  readonly factors: string;
  /** The exact product when rounding changed it (shown before the rounded weight), else null. */
  readonly exact: string | null;
  readonly weight: Field;
  /** The whole line as text, e.g. `2 × 0.9 × 1 × 1 × 1 = 1.800000`. */
  readonly text: string;
}

/** One evidence link as a row of the evidence table. */
export interface LinkRow {
  readonly index: number;
  readonly id: Field;
  readonly anchor: string;
  readonly direction: Direction;
  readonly passage: Field;
  readonly locator: Field | null;
  readonly recordedBy: Field | null;
  readonly source: SourceView;
  readonly factors: readonly FactorView[];
  readonly multiplied: MultipliedOut;
  readonly kept: boolean;
  /** The link this one depends on, when it does not count. */
  readonly keptLink: { readonly id: Field; readonly anchor: string } | null;
}

/** A source, as the claim names it. */
export interface SourceView {
  readonly id: string;
  readonly name: Field | null;
  readonly url: Field | null;
}

/** The anchor of a link's row on its claim page. */
export const linkAnchor = (id: string): string => `link-${id}`;

/** A source as the claim names it (name and address when the claim file gives them). */
export function sourceView(trace: Trace, id: string): SourceView {
  const index = trace.input.sources.findIndex((s) => s.id === id);
  if (index < 0) return { id, name: null, url: null };
  return { id, name: fieldAt(trace, `input.sources.${index}.name`), url: fieldAt(trace, `input.sources.${index}.url`) };
}

/** The index of a link in the trace's links. */
export function linkIndex(trace: Trace, id: string): number {
  const index = trace.links.findIndex((l) => l.id === id);
  if (index < 0) throw new Error(`trace of ${trace.claim} names an unknown link ${id}`);
  return index;
}

/** Multiplies a link's five factors out to its weight, e.g. `2 × 0.9 × 1 × 1 × 1 = 1.800000`. */
export function multipliedOut(trace: Trace, index: number): MultipliedOut {
  const link = trace.working.links[index];
  if (!link) throw new Error(`trace of ${trace.claim} has no link ${index}`);
  const factors = `${FACTOR_NAMES.map((name) => link[name].factor).join(' × ')} =`;
  const weight = fieldOf(trace, `links.${index}.weight`);
  const exact = new Decimal(link.product).equals(weight.text) ? null : link.product;
  return { factors, exact, weight, text: `${factors} ${exact === null ? '' : `${exact} ≈ `}${weight.text}` };
}

/**
 * Every evidence link as a table row, in file order; given the default model (on a page under
 * another model), each factor that differs from the default's carries the default's value.
 */
export function linkRows(trace: Trace, model: Model, theDefault: DefaultModel | null = null): LinkRow[] {
  return trace.working.links.map((link, index) => {
    const base = `working.links.${index}`;
    const evidence = trace.input.evidence.findIndex((e) => e.id === link.id);
    const factors: FactorView[] = FACTOR_NAMES.map((name) => {
      if (name !== 'interpretation') {
        return {
          name,
          level: { words: idWords(link[name].level) },
          factor: fieldOf(trace, `${base}.${name}.factor`),
          detail: null,
          differs: defaultFactor(theDefault, name, link[name].level, link[name].factor),
        };
      }
      const { steps, raw, factor } = link.interpretation;
      const floored = !new Decimal(raw).equals(factor);
      // Zero steps is the plain case (factor 1); say how the factor came about only when it is not.
      const detail =
        new Decimal(steps).isZero() && !floored
          ? null
          : `1 − ${model.interpretation.stepCost} × ${steps} = ${minus(raw)}${floored ? `, raised to the floor ${model.interpretation.floor}` : ''}`;
      return {
        name,
        level: {
          steps: fieldOf(trace, `${base}.interpretation.steps`),
          unit: new Decimal(steps).equals(1) ? 'step' : 'steps',
        },
        factor: fieldOf(trace, `${base}.interpretation.factor`),
        detail,
        differs: defaultFactor(theDefault, name, steps, factor),
      };
    });
    const keptLink = trace.links[index]!.keptLink;
    return {
      index,
      id: fieldOf(trace, `links.${index}.id`),
      anchor: linkAnchor(link.id),
      direction: link.direction,
      passage: fieldOf(trace, `input.evidence.${evidence}.passage`),
      locator: fieldAt(trace, `input.evidence.${evidence}.locator`),
      recordedBy: fieldAt(trace, `input.evidence.${evidence}.recordedBy`),
      source: sourceView(trace, link.source),
      factors,
      multiplied: multipliedOut(trace, index),
      kept: link.kept,
      keptLink:
        keptLink === null ? null : { id: fieldOf(trace, `links.${index}.keptLink`), anchor: linkAnchor(keptLink) },
    };
  });
}
