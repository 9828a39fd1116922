/**
 * What a model page shows, derived from the model file and its traces by the engine's own
 * functions. The page components only lay these values out; nothing here is typed by hand.
 */
import { minus } from '../render/figures.ts';
import {
  dec,
  fixed,
  interpretationFactor,
  plain,
  priorLogOdds,
  round,
  rulesOf,
  voteWeight,
  type IndependenceStrategy,
  type Model,
  type Trace,
} from '../../engine/index.ts';
import type { LevelTableName } from './levelTables.ts';

/** "6 models are released here" (or "1 model is"). */
export function releasedSentence(count: number): string {
  return count === 1 ? '1 model is released here' : `${count} models are released here`;
}

/** A hyphenated level or check name in words: `primary-source-reviewed` → `primary source reviewed`. */
export const words = (name: string): string => name.replaceAll('-', ' ');

/** One level of a factor table and the factor it is worth; `/contribute/` adds what it means and an example. */
export interface FactorRow {
  readonly level: string;
  readonly factor: string;
  readonly meaning?: string;
  readonly illustration?: string;
  readonly example?: { readonly href: string; readonly linkId: string; readonly statement: string } | null;
}

/** A level table of a model as factor rows, in the model's order. */
export function factorRows(model: Model, table: LevelTableName): FactorRow[] {
  return Object.entries(model[table]).map(([level, factor]) => ({ level, factor }));
}

/** True for a decimal string equal to zero ("0", "0.0"). */
export const isZero = (value: string): boolean => dec(value).isZero();

/** A whole number with thousands separated by commas: `10000` → `10,000`. */
export const groupDigits = (whole: string): string => whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');

/** The reputations seed 003's weight table shows, with what it calls each voter. */
export const REPUTATIONS: readonly { readonly reputation: string; readonly label: string }[] = [
  { reputation: '0', label: 'New user (the minimum)' },
  { reputation: '10', label: 'Early contributor' },
  { reputation: '100', label: 'Established' },
  { reputation: '500', label: 'Trusted' },
  { reputation: '1000', label: 'Highly trusted' },
  { reputation: '10000', label: 'Ten thousand' },
];

/** One row of the gradient's weight table. */
export interface WeightRow {
  readonly reputation: string;
  readonly label: string;
  /** ln(1 + r), written with the model's weight places. */
  readonly ln: string;
  /** The vote's weight, `round_w(max(floor, ln(1 + max(0, r))))`, as the engine computes it. */
  readonly weight: string;
  /** The weight to one place, as seed 003 shows it ("2.4×"). */
  readonly short: string;
  /** True when the floor, not the logarithm, sets the weight. */
  readonly floored: boolean;
  /** The weight as a whole multiple of a new voter's (the first row's), or null when that is nought. */
  readonly timesNew: string | null;
  /** The weight as a whole percentage of the table's largest, for a bar beside it. */
  readonly share: number;
}

/** The weight each of seed 003's reputations gets under a model, computed with the engine's `voteWeight`. */
export function weightTable(model: Model): WeightRow[] {
  const rules = rulesOf(model);
  const w = rules.places.weight;
  const rows = REPUTATIONS.map(({ reputation, label }) => ({
    reputation,
    label,
    ...voteWeight(rules, dec(reputation)),
  }));
  const largest = rows.reduce((max, r) => (r.weight.greaterThan(max) ? r.weight : max), dec(0));
  return rows.map(({ reputation, label, ln, weight }) => ({
    reputation,
    label,
    ln: fixed(round(ln, w, rules.mode), w),
    weight: fixed(weight, w),
    short: fixed(round(weight, 1, rules.mode), 1),
    floored: rules.gradient.floor.greaterThan(ln),
    timesNew: rows[0]!.weight.isZero() ? null : fixed(weight.div(rows[0]!.weight).toDecimalPlaces(0), 0),
    share: largest.isZero() ? 0 : weight.div(largest).times(100).toDecimalPlaces(0).toNumber(),
  }));
}

/** What the weight table shows about diminishing returns, as numbers for a sentence. */
export function weightReturns(model: Model): {
  top: WeightRow;
  next: WeightRow;
  added: string;
  timesNewUser: string | null;
} {
  const rows = weightTable(model);
  const top = rows[rows.length - 1]!;
  const next = rows[rows.length - 2]!;
  const first = rows[0]!;
  const added = fixed(round(dec(top.weight).minus(dec(next.weight)), 1, model.rounding.mode), 1);
  const timesNewUser = dec(first.weight).isZero()
    ? null
    : fixed(dec(top.weight).div(dec(first.weight)).toDecimalPlaces(0), 0);
  return { top, next, added, timesNewUser };
}

/** The interpretation factor for a number of steps, from the model's own step cost and floor. */
export interface InterpretationLine {
  readonly steps: string;
  readonly stepCost: string;
  readonly floor: string;
  /** 1 − stepCost × steps, exactly. */
  readonly raw: string;
  /** The raw value written like `shown` ("0.70"). */
  readonly rawShown: string;
  /** max(floor, raw), exactly ("0.7"). */
  readonly factor: string;
  /** The factor written with at least two places, as seed 000 writes it ("0.70"). */
  readonly shown: string;
  /** True when the floor sets the factor. */
  readonly floored: boolean;
}

const shownPlaces = (...values: string[]): number => Math.max(2, ...values.map((v) => dec(v).decimalPlaces()));

/** The interpretation factor after `steps` steps, computed with the engine's `interpretationFactor`. */
export function interpretationLine(model: Model, steps: number): InterpretationLine {
  const rules = rulesOf(model);
  const { raw, factor } = interpretationFactor(rules, dec(steps));
  const { stepCost, floor } = model.interpretation;
  return {
    steps: String(steps),
    stepCost,
    floor,
    raw: plain(raw),
    rawShown: minus(fixed(raw, shownPlaces(stepCost, floor))),
    factor: plain(factor),
    shown: fixed(factor, shownPlaces(stepCost, floor)),
    floored: factor.greaterThan(raw),
  };
}

/** The fewest steps at which the floor sets the factor, or null when the step cost is 0. */
export function floorReachedAt(model: Model): number | null {
  const rules = rulesOf(model);
  if (!rules.stepCost.greaterThan(0)) return null;
  return dec(1).minus(rules.stepFloor).div(rules.stepCost).ceil().toNumber();
}

/** The interpretation factor for 0 steps up to the step at which the floor is reached (at most 8). */
export function interpretationRows(model: Model): InterpretationLine[] {
  const last = Math.min(floorReachedAt(model) ?? 4, 8);
  return Array.from({ length: last + 1 }, (_, steps) => interpretationLine(model, steps));
}

/** One state's band: from its own lower bound up to the next state's. */
export interface StateBand {
  readonly state: string;
  readonly from: string;
  /** The next state's lower bound (exclusive), or null for the last state. */
  readonly below: string | null;
}

/** The model's states as bands of the rounded probability. */
export function stateBands(model: Model): StateBand[] {
  return model.states.map(({ from, state }, i) => ({ state, from, below: model.states[i + 1]?.from ?? null }));
}

/** The model's rounding in words, with why the mode was chosen (seed 000's explanation for half-even). */
export function roundingWords(model: Model): { summary: string; why: string } {
  const { mode, weight, probability, coverage } = model.rounding;
  const summary = `Rounding is ${mode}, at ${weight} places for weights, ${probability} for the probability and ${coverage} for review coverage.`;
  const why =
    mode === 'half-even'
      ? 'Half-even rather than half-up because it does not drift upwards over many roundings: a value exactly halfway goes to the even neighbour, so ties go up as often as down.'
      : 'Half-up: a value exactly halfway is rounded away from zero, as most people round by hand. Over many roundings this drifts slightly upwards, which half-even would not.';
  return { summary, why };
}

/** The independence strategy in words. */
export function independenceWords(strategy: IndependenceStrategy): { name: string; detail: string } {
  return strategy === 'strongest-per-group-and-direction'
    ? {
        name: 'strongest only per group and direction',
        detail:
          'In each group of links that came from one source and point the same way, only the strongest weight is kept. The rest appear in the working at nought, marked dependent, strongest only, with the link that was kept named beside them. Nothing is deleted; it is counted once.',
      }
    : {
        name: 'count every link',
        detail:
          'Every link counts, however many came from the same source. Ten outlets repeating one wire report count as ten pieces of evidence. This model does it on purpose, so that it can be set beside one that counts a repeated story once.',
      };
}

/** A claim type the model scores, with its prior as a probability and as log-odds (computed by the engine). */
export interface PriorRow {
  readonly type: string;
  readonly probability: string;
  readonly logOdds: string;
}

/** The model's priors with their log-odds, `round_w(ln(p / (1 − p)))`, written for a reader (`minus`). */
export function priorRows(model: Model): PriorRow[] {
  const rules = rulesOf(model);
  return Object.entries(model.priors).map(([type, probability]) => ({
    type,
    probability,
    logOdds: minus(fixed(priorLogOdds(rules, dec(probability)), rules.places.weight)),
  }));
}

/** Stability's settings in seed 000's words, with the model's numbers. */
export function stabilityWords(model: Model): string {
  const { scales, high, medium, minGroupsForHigh } = model.stability;
  const list = scales.length === 1 ? scales[0]! : `${scales.slice(0, -1).join(', ')} and ${scales[scales.length - 1]!}`;
  const groups = dec(minGroupsForHigh);
  const cap = groups.lessThanOrEqualTo(1)
    ? 'a single independent group is enough for high'
    : `fewer than ${plain(groups)} independent groups caps it below high however narrow the spread`;
  return (
    `The same evidence is scored again with the kept weights scaled by ${list} of themselves. ` +
    `The spread between those answers is how much the number is an artefact of the settings rather than of the evidence. ` +
    `A spread within ${high} is high stability, within ${medium} medium, wider than that low — and ${cap}.`
  );
}

/**
 * The claim whose trace makes the best worked example under a model, chosen deterministically: a
 * scored claim with the most counted links, then the most links, then the first slug. Null when
 * the model scores no claim.
 */
export function pickWorkedExample<T extends Omit<Trace, 'working'>>(traces: readonly T[]): T | null {
  // One pass, each trace's counted links worked out once (a sort counted them at every comparison,
  // parsing every link's weight: seconds at 20,000 claims).
  const counted = (t: T) => t.links.filter((l) => l.kept && dec(l.weight).greaterThan(0)).length;
  let best: { trace: T; counted: number } | null = null;
  for (const trace of traces) {
    if (trace.result.probability === null) continue;
    const candidate = { trace, counted: counted(trace) };
    if (best === null || before(candidate, best)) best = candidate;
  }
  return best?.trace ?? null;
}

/** Whether a candidate for the worked example comes before another: more counted links, then more links, then the first slug. */
function before<T extends Omit<Trace, 'working'>>(
  x: { trace: T; counted: number },
  y: { trace: T; counted: number },
): boolean {
  return (
    (y.counted - x.counted ||
      y.trace.links.length - x.trace.links.length ||
      (x.trace.claim < y.trace.claim ? -1 : x.trace.claim > y.trace.claim ? 1 : 0)) < 0
  );
}

/** The settings of the community gradient, with what each means. */
export function gradientRows(model: Model): { name: string; value: string; meaning: string }[] {
  const { floor, neutral, trueFrom, falseTo } = model.gradient;
  return [
    { name: 'floor', value: floor, meaning: 'The least weight any vote gets, even at zero reputation.' },
    { name: 'neutral', value: neutral, meaning: 'The gradient of a claim nobody has voted on.' },
    {
      name: 'trueFrom',
      value: trueFrom,
      meaning: `At or above ${trueFrom} the community holds the claim true (consensus true).`,
    },
    {
      name: 'falseTo',
      value: falseTo,
      meaning: `At or below ${falseTo} the community holds the claim false (consensus false); between the two it is contested.`,
    },
  ];
}
