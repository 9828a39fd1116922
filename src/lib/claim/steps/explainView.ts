/**
 * What the claim page shows of its explanation (docs/design.md §6a), read from the published
 * explanation, the trace and the model files: the claim under every model with why each differs,
 * what removing each link does, and how close the state is. Sentences come from explainWords.ts.
 */
import { Decimal } from '../../../engine/decimal.ts';
import type { Explanation } from '../../../engine/explain/index.ts';
import type { Model, Trace } from '../../../engine/index.ts';
import { claimPath } from '../../paths.ts';
import {
  closeWords,
  differsFromDefault,
  editResultWords,
  editWords,
  otherThresholdWords,
  settingValue,
  stateWithBand,
  withoutWords,
  zeroWhy,
} from '../explainWords.ts';
import { settingWords } from '../../model/settingWords.ts';
import { moveLines } from '../../model/moveReasons.ts';

/** A released model as the views need it. */
export interface ModelEntry {
  readonly id: string;
  readonly model: Model;
}

/** One model's row of the every-model strip. */
export interface EveryModelRow {
  readonly model: string;
  readonly href: string;
  readonly current: boolean;
  readonly isDefault: boolean;
  readonly state: string;
  /** The state with its band under that model. */
  readonly stateWords: string;
  readonly probability: string | null;
  /** Why it differs from this page's model, one sentence per setting; null when it does not. */
  readonly reasons: readonly string[] | null;
}

/** The every-model strip's rows: the claim under every released model, in the site's order. */
export function everyModelRows(
  trace: Trace,
  explanation: Pick<Explanation, 'models'>,
  models: readonly ModelEntry[],
  defaultModel: string,
): EveryModelRow[] {
  const byId = new Map(models.map((m) => [m.id, m.model]));
  const page = byId.get(trace.model)!;
  return explanation.models.map((row) => {
    const model = byId.get(row.model)!;
    const reasons =
      row.settings === null
        ? null
        : moveLines(row.settings, trace.input, { model: page, name: 'here' }, { model, name: row.model }).map(
            (line) => line.sentence,
          );
    return {
      model: row.model,
      href: claimPath(trace.claim, row.model),
      current: row.model === trace.model,
      isDefault: row.model === defaultModel,
      state: row.state,
      stateWords: stateWithBand(model, row.state),
      probability: row.probability,
      reasons,
    };
  });
}

/** What removing one link does: its sentence, and whether the verdict hangs on it. */
export interface WithoutView {
  readonly sentence: string;
  readonly hangs: boolean;
}

const FACTORS = ['relevance', 'observation', 'interpretation', 'authenticity', 'extraction'] as const;

/** For each link in file order, what removing it does (empty for a claim that is not scored). */
export function withoutViews(trace: Trace, explanation: Explanation): WithoutView[] {
  if (explanation.withoutLink === null) return [];
  return explanation.withoutLink.map((row, i) => {
    const link = trace.working.links[i]!;
    if (!link.kept) return { sentence: withoutWords.dependent(link.keptLink ?? ''), hangs: false };
    if (new Decimal(link.weight).isZero()) {
      const zero = FACTORS.find((name) => new Decimal(link[name].factor).isZero()) ?? null;
      return { sentence: withoutWords.zero(zeroWhy(zero)), hangs: false };
    }
    return {
      sentence: withoutWords.moved(row.state, row.probability, row.change),
      hangs: row.state !== explanation.result.state,
    };
  });
}

/** How close the state is: both distances and the state-changing edits, as sentences. */
export interface CloseView {
  readonly up: string;
  readonly down: string;
  readonly edits: readonly { readonly what: string; readonly result: string }[];
}

/** How close the claim is to the next states; null for a claim that is not scored. */
export function closeView(explanation: Explanation): CloseView | null {
  const { distance, edits } = explanation;
  if (distance === null || edits === null) return null;
  return {
    up:
      distance.up === null
        ? closeWords.noUp
        : closeWords.up(distance.up.weight, distance.up.state.replaceAll('-', ' '), distance.up.probability),
    down:
      distance.down === null
        ? closeWords.noDown
        : closeWords.down(distance.down.weight, distance.down.state.replaceAll('-', ' '), distance.down.probability),
    edits: edits.map((edit) => ({ what: editWords(edit), result: editResultWords(edit) })),
  };
}

/** A declared setting this page's model sets otherwise than the default. */
export interface DiffersNote {
  /** The setting in words, capitalised. */
  readonly label: string;
  /** "0.35 here; 0.4 under the default". */
  readonly text: string;
}

/** Declared settings this page's model sets otherwise than the default, among `paths` (in that order). */
export function differsNotes(page: Model, defaultModel: Model | null, paths: readonly string[]): DiffersNote[] {
  if (defaultModel === null || page === defaultModel) return [];
  return [...new Set(paths)].flatMap((path) => {
    const here = settingValue(page, path);
    const there = settingValue(defaultModel, path);
    const label = settingWords(path, page);
    return here === there
      ? []
      : [{ label: `${label.charAt(0).toUpperCase()}${label.slice(1)}`, text: differsFromDefault(here, there) }];
  });
}

/** The declared settings a claim's working uses in each step, by path. */
export function usedPaths(trace: Trace): {
  evidence: string[];
  prior: string[];
  probability: string[];
  state: string[];
} {
  const links = trace.working.links;
  const evidence = links.flatMap((l) => [
    `relevance.${l.relevance.level}`,
    `observation.${l.observation.level}`,
    `authenticity.${l.authenticity.level}`,
    `extraction.${l.extraction.level}`,
  ]);
  if (links.some((l) => !new Decimal(l.interpretation.steps).isZero()))
    evidence.push('interpretation.stepCost', 'interpretation.floor');
  evidence.push('independence', 'rounding.weight');
  return {
    evidence,
    prior: [`priors.${trace.working.type}`],
    probability: ['rounding.mode', 'rounding.probability'],
    state: ['states'],
  };
}

/** The state step's note: the state the default's thresholds give the same probability, when it differs. */
export function otherThresholdNote(trace: Trace, defaultModel: Model | null): string | null {
  const p = trace.result.probability;
  if (defaultModel === null || p === null || trace.model === `${defaultModel.name}@${defaultModel.version}`)
    return null;
  let state: string | null = null;
  for (const s of defaultModel.states) if (new Decimal(s.from).lessThanOrEqualTo(p)) state = s.state;
  return state === null || state === trace.result.state
    ? null
    : otherThresholdWords(p, stateWithBand(defaultModel, state));
}
