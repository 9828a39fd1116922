/**
 * What a claim page shows, read from one trace and the declared numbers of the model that made it.
 * Everything here is a pure function: the claim page's components lay these values out and never
 * compute. Every figure carries the dotted path it was read from in `trace.json`, so that a page's
 * `data-field` attributes can be checked against the published trace.
 */
import { micromark } from 'micromark';
import { Decimal } from '../../engine/decimal.ts';
import type { Direction, Model, Trace } from '../../engine/index.ts';
import { claimPath, tracePath } from '../paths.ts';

/** A value read from a trace, with the dotted path (array indices as numbers) it was read from. */
export interface Field {
  readonly path: string;
  readonly text: string;
}

/**
 * Reads the value at a dotted path of a trace. A null value gives null (nothing to show); a path
 * that does not exist, or that names an object, is a bug on the page and stops the build.
 */
export function fieldAt(trace: Trace, path: string): Field | null {
  let value: unknown = trace;
  for (const key of path.split('.')) {
    if (value === null || typeof value !== 'object' || !Object.hasOwn(value, key)) {
      throw new Error(`trace of ${trace.claim} under ${trace.model} has no field ${path}`);
    }
    value = (value as Record<string, unknown>)[key];
  }
  if (value === null) return null;
  if (typeof value === 'string') return { path, text: value };
  if (typeof value === 'number' || typeof value === 'boolean') return { path, text: String(value) };
  throw new Error(`field ${path} of a trace is not a single value`);
}

/** Like `fieldAt`, for a field the trace always has. */
export function fieldOf(trace: Trace, path: string): Field {
  const field = fieldAt(trace, path);
  if (field === null) throw new Error(`field ${path} of the trace of ${trace.claim} is null`);
  return field;
}

/** The trace as published in `trace.json`: two-space JSON and a final newline. */
export function traceJson(trace: Trace): string {
  return `${JSON.stringify(trace, null, 2)}\n`;
}

/** A statement cut at a word boundary to at most `max` characters, with an ellipsis when cut. */
export function shorten(text: string, max = 70): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= max) return flat;
  const cut = flat.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > max / 2 ? cut.slice(0, space) : cut).replace(/[\s,;:.–—-]+$/, '')}…`;
}

/** The page's `<title>`: the statement shortened, and the model. */
export function pageTitle(trace: Trace): string {
  return `${shorten(trace.input.statement, 60)} — under ${trace.model}`;
}

/** The page's description: the state and probability under the model, or the refusal. */
export function pageDescription(trace: Trace): string {
  const { state, probability, reason } = trace.result;
  return probability === null
    ? `${state} under ${trace.model}: ${reason ?? ''}`.trim()
    : `${state}, probability ${probability} under ${trace.model}. The whole working, step by step.`;
}

/** Whether a result carries a probability (refusals carry none). */
export function isScored(trace: Trace): boolean {
  return trace.result.probability !== null;
}

const FORBIDDEN_MARKDOWN = ['htmlFlow', 'htmlText', 'labelStartImage', 'headingAtx', 'setextUnderline'];

/**
 * Renders a claim's note, plain Markdown, to HTML. Raw HTML in the note is escaped (never passed
 * through), dangerous link protocols are dropped, images are not loaded (nothing is fetched from
 * another origin) and headings are not made (the page's own headings keep their order).
 */
export function renderNote(markdown: string): string {
  return micromark(markdown, {
    allowDangerousHtml: false,
    allowDangerousProtocol: false,
    extensions: [{ disable: { null: FORBIDDEN_MARKDOWN } }],
  });
}

/** The five factors of a link's weight, in the order they are multiplied. */
export const FACTOR_NAMES = ['relevance', 'observation', 'interpretation', 'authenticity', 'extraction'] as const;

/** One factor of one link: the level it was given and the factor that level is worth. */
export interface FactorView {
  readonly name: (typeof FACTOR_NAMES)[number];
  /** The level, in words (for interpretation: the number of steps). */
  readonly level: Field;
  readonly levelSuffix: string;
  readonly factor: Field;
  /** For interpretation: how the factor came from the steps, e.g. `1 − 0.15 × 2 = 0.7`. */
  readonly detail: string | null;
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

function sourceView(trace: Trace, id: string): SourceView {
  const index = trace.input.sources.findIndex((s) => s.id === id);
  if (index < 0) return { id, name: null, url: null };
  return { id, name: fieldAt(trace, `input.sources.${index}.name`), url: fieldAt(trace, `input.sources.${index}.url`) };
}

function linkIndex(trace: Trace, id: string): number {
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

/** Every evidence link as a table row, in file order. */
export function linkRows(trace: Trace, model: Model): LinkRow[] {
  return trace.working.links.map((link, index) => {
    const base = `working.links.${index}`;
    const evidence = trace.input.evidence.findIndex((e) => e.id === link.id);
    const factors: FactorView[] = FACTOR_NAMES.map((name) => {
      if (name !== 'interpretation') {
        return {
          name,
          level: fieldOf(trace, `${base}.${name}.level`),
          levelSuffix: '',
          factor: fieldOf(trace, `${base}.${name}.factor`),
          detail: null,
        };
      }
      const { steps, raw, factor } = link.interpretation;
      const floored = !new Decimal(raw).equals(factor);
      // Zero steps is the plain case (factor 1); say how the factor came about only when it is not.
      const detail =
        new Decimal(steps).isZero() && !floored
          ? null
          : `1 − ${model.interpretation.stepCost} × ${steps} = ${raw}${floored ? `, raised to the floor ${model.interpretation.floor}` : ''}`;
      return {
        name,
        level: fieldOf(trace, `${base}.interpretation.steps`),
        levelSuffix: new Decimal(steps).equals(1) ? ' step' : ' steps',
        factor: fieldOf(trace, `${base}.interpretation.factor`),
        detail,
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

/** One member of an independence group. */
export interface GroupMember {
  readonly id: string;
  readonly anchor: string;
  readonly weight: Field;
  readonly kept: boolean;
  readonly keptLink: string | null;
  readonly keptAnchor: string | null;
}

/** One independence group: a source and a direction. */
export interface GroupView {
  readonly source: SourceView;
  readonly direction: Direction;
  readonly members: readonly GroupMember[];
}

/** The independence groups of a claim, and whether every link counts under the model. */
export interface GroupsView {
  readonly strategy: string;
  readonly everyLinkCounts: boolean;
  readonly groups: readonly GroupView[];
  readonly dependentCount: number;
}

/** Groups the links by (source, direction) as the engine did, listing kept and dependent links. */
export function groupsView(trace: Trace): GroupsView {
  const groups = trace.working.groups.map((group) => ({
    source: sourceView(trace, group.source),
    direction: group.direction,
    members: group.links.map((id) => {
      const index = linkIndex(trace, id);
      const link = trace.links[index]!;
      return {
        id,
        anchor: linkAnchor(id),
        weight: fieldOf(trace, `links.${index}.weight`),
        kept: link.kept,
        keptLink: link.keptLink,
        keptAnchor: link.keptLink === null ? null : linkAnchor(link.keptLink),
      };
    }),
  }));
  return {
    strategy: trace.working.independence,
    everyLinkCounts: trace.working.independence === 'count-every-link',
    groups,
    dependentCount: trace.links.filter((l) => !l.kept).length,
  };
}

/** A kept link as one term of the sum. */
export interface SumTerm {
  readonly id: string;
  readonly anchor: string;
  readonly weight: Field;
}

/** The kept links that the sum adds (supporting) and subtracts (opposing). */
export function sumTerms(trace: Trace): {
  readonly supporting: readonly SumTerm[];
  readonly opposing: readonly SumTerm[];
} {
  const terms = (direction: Direction): SumTerm[] =>
    trace.working.links.flatMap((link, index) =>
      link.kept && link.direction === direction
        ? [{ id: link.id, anchor: linkAnchor(link.id), weight: fieldOf(trace, `links.${index}.weight`) }]
        : [],
    );
  return { supporting: terms('supports'), opposing: terms('opposes') };
}

/** How the model rounds, in words, e.g. `half-even (a tie goes to the even neighbour)`. */
export function roundingWords(mode: string): string {
  if (mode === 'half-even') return 'half-even (a tie goes to the even neighbour)';
  if (mode === 'half-up') return 'half-up (a tie goes away from zero)';
  return mode;
}

/** One row of the state thresholds table. */
export interface ThresholdRow {
  readonly from: Field | string;
  readonly state: Field | string;
  /** The range in words, e.g. `0.7 ≤ p < 0.9`. */
  readonly range: string;
  readonly current: boolean;
  /** Where the band starts and ends on a 0–100 scale, for the drawn scale. */
  readonly start: string;
  readonly width: string;
}

function percent(value: string): string {
  return new Decimal(value).times(100).toDecimalPlaces(2).toFixed();
}

/**
 * The model's state thresholds with the claim's place among them. A refused claim has no place:
 * the thresholds are then the model's own (not from the trace) and no row is current.
 */
export function thresholdRows(trace: Trace, model: Model): ThresholdRow[] {
  const working = trace.working.state;
  const thresholds = working?.thresholds ?? model.states;
  return thresholds.map(({ from, state }, index) => {
    const next = thresholds[index + 1]?.from;
    const end = next ?? '1';
    return {
      from: working ? fieldOf(trace, `working.state.thresholds.${index}.from`) : from,
      state: working ? fieldOf(trace, `working.state.thresholds.${index}.state`) : state,
      range: next === undefined ? `${from} ≤ p ≤ 1` : `${from} ≤ p < ${next}`,
      current: working?.index === index,
      start: percent(from),
      width: new Decimal(percent(end)).minus(percent(from)).toFixed(),
    };
  });
}

/** Where the claim's probability sits on a 0–100 scale, or null for a refusal. */
export function probabilityPercent(trace: Trace): string | null {
  return trace.result.probability === null ? null : percent(trace.result.probability);
}

/** One re-score of the stability step. */
export interface RescoreView {
  readonly scale: Field;
  /** prior + scale × kept weights, written out, e.g. `0.000000 + 0.7 × 2.700000`. */
  readonly expression: string;
  readonly logOdds: Field;
  readonly probability: Field;
  readonly highest: boolean;
  readonly lowest: boolean;
}

/** The stability step: both re-scores, the spread, the level and why it is capped. */
export interface StabilityView {
  readonly rescores: readonly RescoreView[];
  readonly spread: Field;
  /** The largest and smallest re-scored probabilities, whose difference is the spread. */
  readonly largest: Field;
  readonly smallest: Field;
  readonly level: Field;
  /** The level the spread alone gives, before the cap for too few sources, as the working records it. */
  readonly measuredLevel: 'high' | 'medium' | 'low';
  readonly capped: boolean;
  readonly sources: Field;
  readonly minGroupsForHigh: Field;
  readonly high: string;
  readonly medium: string;
  /** Why the level is what it is, in one sentence. */
  readonly why: string;
}

/** The stability step of a scored claim, or null when the claim carries no probability. */
export function stabilityView(trace: Trace, model: Model): StabilityView | null {
  const working = trace.working.stability;
  if (working === null) return null;
  const probabilities = working.rescores.map((r) => new Decimal(r.probability));
  const max = Decimal.max(...probabilities);
  const min = Decimal.min(...probabilities);
  const { high, medium } = model.stability;
  // The engine records the level before the cap; the page reads it rather than re-deriving it.
  const { measuredLevel } = working;
  const band =
    measuredLevel === 'high'
      ? `The spread ${working.spread} is within ${high}, which is high stability`
      : measuredLevel === 'medium'
        ? `The spread ${working.spread} is above ${high} and within ${medium}, which is medium stability`
        : `The spread ${working.spread} is wider than ${medium}, which is low stability`;
  const why = working.capped
    ? `${band}; but the kept links with a weight above 0 come from ${working.sources} distinct ${working.sources === 1 ? 'source' : 'sources'}, fewer than the ${working.minGroupsForHigh} this model requires for high, so it is capped at ${working.level}.`
    : `${band}.`;
  const prior = trace.working.prior?.logOdds ?? '0';
  const kept = trace.working.sum?.kept ?? '0';
  const keptTerm = kept.startsWith('-') ? `(${kept})` : kept;
  const highest = probabilities.findIndex((p) => p.equals(max));
  const lowest = probabilities.findIndex((p) => p.equals(min));
  return {
    rescores: working.rescores.map((r, i) => ({
      scale: fieldOf(trace, `working.stability.rescores.${i}.scale`),
      expression: `${prior} + ${r.scale} × ${keptTerm}`,
      logOdds: fieldOf(trace, `working.stability.rescores.${i}.logOdds`),
      probability: fieldOf(trace, `working.stability.rescores.${i}.probability`),
      highest: probabilities[i]!.equals(max),
      lowest: probabilities[i]!.equals(min),
    })),
    spread: fieldOf(trace, 'result.stability.spread'),
    largest: fieldOf(trace, `working.stability.rescores.${highest}.probability`),
    smallest: fieldOf(trace, `working.stability.rescores.${lowest}.probability`),
    level: fieldOf(trace, 'result.stability.level'),
    measuredLevel,
    capped: working.capped,
    sources: fieldOf(trace, 'working.stability.sources'),
    minGroupsForHigh: fieldOf(trace, 'working.stability.minGroupsForHigh'),
    high,
    medium,
    why,
  };
}

/** Why a review counts or not, in words. */
export const REVIEW_STATUS_WORDS: Readonly<Record<string, string>> = {
  counted: 'counted',
  'by-author': 'by the author: shown, not counted',
  'not-declared': 'not a check this model declares: shown, not counted',
};

/** The coverage step: each declared check done or not, and every review with its status. */
export interface CoverageView {
  readonly done: Field;
  readonly declared: Field;
  readonly value: Field;
  readonly checks: readonly { readonly check: Field; readonly done: boolean }[];
  readonly reviews: readonly {
    readonly check: Field;
    readonly by: Field;
    readonly on: Field;
    readonly status: string;
    readonly counted: boolean;
    readonly words: string;
  }[];
}

/** Review coverage as the trace records it. */
export function coverageView(trace: Trace): CoverageView {
  const { checks, reviews } = trace.working.coverage;
  return {
    done: fieldOf(trace, 'result.coverage.done'),
    declared: fieldOf(trace, 'result.coverage.declared'),
    value: fieldOf(trace, 'result.coverage.value'),
    checks: checks.map((c, i) => ({ check: fieldOf(trace, `working.coverage.checks.${i}.check`), done: c.done })),
    reviews: reviews.map((r, i) => ({
      check: fieldOf(trace, `working.coverage.reviews.${i}.check`),
      by: fieldOf(trace, `working.coverage.reviews.${i}.by`),
      on: fieldOf(trace, `working.coverage.reviews.${i}.on`),
      status: r.status,
      counted: r.status === 'counted',
      words: REVIEW_STATUS_WORDS[r.status] ?? r.status,
    })),
  };
}

/** Cuts a long exact decimal to `places` places for display, marking the cut with an ellipsis (cut, never rounded). */
export function cutDecimal(value: string, places: number): string {
  const point = value.indexOf('.');
  if (point < 0 || value.length - point - 1 <= places) return value;
  return `${value.slice(0, point + 1 + places)}…`;
}

/** One vote of the gradient's table. */
export interface VoteRow {
  readonly voter: Field;
  readonly reputation: Field;
  /** ln(1 + max(0, r)), cut to a readable length (the full value is in the trace). */
  readonly ln: string;
  readonly lnFull: string;
  readonly floored: boolean;
  readonly weight: Field;
  readonly value: Field;
  readonly weighted: Field;
}

/** The community gradient step. */
export interface GradientView {
  readonly votes: readonly VoteRow[];
  readonly totalWeight: Field;
  readonly totalWeighted: Field;
  readonly value: Field;
  readonly status: Field;
  readonly noVotes: boolean;
  readonly floor: string;
  readonly neutral: string;
  readonly trueFrom: string;
  readonly falseTo: string;
}

/** The gradient derivation: each vote's weight and the weighted mean. */
export function gradientView(trace: Trace, model: Model): GradientView {
  const { votes } = trace.working.gradient;
  const places = trace.working.rounding.weight;
  return {
    votes: votes.map((v, i) => ({
      voter: fieldOf(trace, `working.gradient.votes.${i}.voter`),
      reputation: fieldOf(trace, `working.gradient.votes.${i}.reputation`),
      ln: cutDecimal(v.lnOnePlusReputation, places),
      lnFull: v.lnOnePlusReputation,
      floored: new Decimal(v.lnOnePlusReputation).lessThan(model.gradient.floor),
      weight: fieldOf(trace, `working.gradient.votes.${i}.weight`),
      value: fieldOf(trace, `working.gradient.votes.${i}.value`),
      weighted: fieldOf(trace, `working.gradient.votes.${i}.weighted`),
    })),
    totalWeight: fieldOf(trace, 'working.gradient.totalWeight'),
    totalWeighted: fieldOf(trace, 'working.gradient.totalWeighted'),
    value: fieldOf(trace, 'result.gradient.value'),
    status: fieldOf(trace, 'result.gradient.status'),
    noVotes: votes.length === 0,
    floor: model.gradient.floor,
    neutral: model.gradient.neutral,
    trueFrom: model.gradient.trueFrom,
    falseTo: model.gradient.falseTo,
  };
}

/** Which way a state leans: toward true, toward false, or neither. */
export type Lean = 'true' | 'false' | 'neither';

/**
 * The lean of a state under the model's declared thresholds (`{ from, state }`, lowest first): a
 * state whose every probability is above one half leans true, one whose every probability is below
 * leans false, and the state holding one half, a refusal or a state the thresholds do not name
 * leans neither way.
 */
export function stateLean(
  state: string,
  thresholds: readonly { readonly from: string; readonly state: string }[] | null | undefined,
): Lean {
  const at = thresholds?.findIndex((t) => t.state === state) ?? -1;
  if (thresholds === null || thresholds === undefined || at < 0) return 'neither';
  const half = new Decimal('0.5');
  if (new Decimal(thresholds[at]!.from).greaterThan(half)) return 'true';
  const next = thresholds[at + 1];
  if (next !== undefined && new Decimal(next.from).lessThanOrEqualTo(half)) return 'false';
  return 'neither';
}

/** How the community gradient compares with the evidence score. */
export interface Comparison {
  /** `disagree` when the community's consensus points one way and the evidence's state the other. */
  readonly kind: 'disagree' | 'agree' | 'no-votes' | 'no-score' | 'no-consensus' | 'evidence-undecided';
  readonly sentence: string;
}

/**
 * Compares the gradient with the evidence. They disagree when the gradient is consensus-true but
 * the state leans false (unlikely, very-unlikely), or consensus-false while the state leans true
 * (likely, very-likely). The gradient never changes the score; this only says so when they differ.
 */
export function gradientVsEvidence(trace: Trace): Comparison {
  const { state, probability } = trace.result;
  const { status, value } = trace.result.gradient;
  // A refusal first: its sentence carries no number a reader could take for the claim's probability.
  if (probability === null) {
    return {
      kind: 'no-score',
      sentence: `The evidence gives no probability here (${state}), so there is nothing to set the gradient against; it is shown on its own, in its own step.`,
    };
  }
  if (status === 'no-votes') {
    return {
      kind: 'no-votes',
      sentence: `Nobody has voted, so the gradient sits at its neutral value ${value} and says nothing either way.`,
    };
  }
  const community = status === 'consensus-true' ? 'true' : status === 'consensus-false' ? 'false' : 'neither';
  const evidence = stateLean(state, trace.working.state?.thresholds);
  if (community === 'neither') {
    return {
      kind: 'no-consensus',
      sentence: `The community is contested (${value}) and the evidence says ${state} (${probability}); neither overrides the other.`,
    };
  }
  if (evidence === 'neither') {
    return {
      kind: 'evidence-undecided',
      sentence: `The community leans ${community} (${value}, ${status}), while the evidence is undecided: ${state} (${probability}).`,
    };
  }
  if (community !== evidence) {
    return {
      kind: 'disagree',
      sentence: `The community and the evidence disagree: the gradient is ${status} (${value}) but the evidence says ${state} (${probability}). The score follows the evidence; the votes are shown beside it, never mixed in.`,
    };
  }
  return {
    kind: 'agree',
    sentence: `The community agrees with the evidence: the gradient is ${status} (${value}) and the evidence says ${state} (${probability}).`,
  };
}

/** One row of the "under every model" table. */
export interface ModelRow {
  readonly model: string;
  readonly state: string;
  readonly probability: string | null;
  readonly stability: string | null;
  readonly coverage: string;
  readonly gradient: string;
  readonly href: string;
  readonly current: boolean;
  readonly isDefault: boolean;
}

/** The claim under every released model, one row each, from those models' own traces. */
export function modelRows(
  traces: readonly Omit<Trace, 'working'>[],
  current: string,
  defaultModel: string,
): ModelRow[] {
  return traces.map((t) => ({
    model: t.model,
    state: t.result.state,
    probability: t.result.probability,
    stability: t.result.stability?.level ?? null,
    coverage: `${t.result.coverage.done} of ${t.result.coverage.declared}`,
    gradient: t.result.gradient.value,
    href: claimPath(t.claim, t.model),
    current: t.model === current,
    isDefault: t.model === defaultModel,
  }));
}

/** Where this page, its trace and its default-model twin live. */
export interface ClaimPaths {
  readonly page: string;
  readonly trace: string;
  readonly defaultPage: string;
}

/** The paths of a claim page: `onDefaultRoute` is true for `/claims/<slug>/` itself. */
export function claimPaths(trace: Trace, onDefaultRoute: boolean): ClaimPaths {
  const model = onDefaultRoute ? undefined : trace.model;
  return {
    page: claimPath(trace.claim, model),
    trace: tracePath(trace.claim, model),
    defaultPage: claimPath(trace.claim),
  };
}
