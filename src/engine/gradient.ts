/** Step 10: the community gradient, a reputation-weighted mean of votes (seed 003). */
import { Decimal, dec, fixed, plain, round } from './decimal.ts';
import { lnOnePlus } from './lnOnePlus.ts';
import { perRules } from './perRules.ts';
import type { Rules } from './rules.ts';
import type { GradientStatus, RoundingMode, Vote } from './types.ts';

/** The working of step 10. */
export interface GradientWorking {
  readonly votes: readonly {
    readonly voter: string;
    readonly reputation: string;
    readonly value: string;
    readonly lnOnePlusReputation: string;
    readonly weight: string;
    readonly weighted: string;
  }[];
  readonly totalWeight: string;
  readonly totalWeighted: string;
  readonly value: string;
  readonly status: GradientStatus;
}

/** A vote's weight: `round_w(max(floor, ln(1 + max(0, reputation))))`. */
export function voteWeight(rules: Rules, reputation: Decimal): { ln: Decimal; weight: Decimal } {
  const { ln } = lnOnePlus(reputation);
  return { ln, weight: round(Decimal.max(rules.gradient.floor, ln), rules.places.weight, rules.mode) };
}

/** A vote weight as the working shows it, worked out once per model and reputation. */
interface VoteWeightRow {
  readonly lnText: string;
  readonly weight: Decimal;
  readonly weightText: string;
  /** Whether the other rounding mode rounds the weight to the same value (it is not a tie). */
  readonly eitherMode: boolean;
}

const OTHER_MODE: Readonly<Record<RoundingMode, RoundingMode>> = { 'half-even': 'half-up', 'half-up': 'half-even' };

/** `round(value, places, mode)`, and whether the other mode gives the same value. */
function roundEitherMode(value: Decimal, places: number, mode: RoundingMode): [Decimal, boolean] {
  const rounded = round(value, places, mode);
  return [rounded, round(value, places, OTHER_MODE[mode]).eq(rounded)];
}

const voteWeights = perRules(() => new Map<string, VoteWeightRow>());
const values = new Map<string, Decimal>();

function voteWeightRow(rows: Map<string, VoteWeightRow>, rules: Rules, reputation: string): VoteWeightRow {
  let row = rows.get(reputation);
  if (row === undefined) {
    const { ln, lnText } = lnOnePlus(reputation);
    const [weight, eitherMode] = roundEitherMode(
      Decimal.max(rules.gradient.floor, ln),
      rules.places.weight,
      rules.mode,
    );
    row = { lnText, weight, weightText: fixed(weight, rules.places.weight), eitherMode };
    rows.set(reputation, row);
  }
  return row;
}

/** A vote's value parsed once per distinct string (votes repeat a handful of values). */
function valueOf(text: string): Decimal {
  let value = values.get(text);
  if (value === undefined) {
    if (values.size > 10_000) values.clear();
    value = dec(text);
    values.set(text, value);
  }
  return value;
}

/** The status a gradient value has under the model's consensus thresholds. */
export function gradientStatus(rules: Rules, value: Decimal): GradientStatus {
  if (value.greaterThanOrEqualTo(rules.gradient.trueFrom)) return 'consensus-true';
  if (value.lessThanOrEqualTo(rules.gradient.falseTo)) return 'consensus-false';
  return 'contested';
}

/**
 * A key that models with the same gradient rules share: they give a claim's votes the same
 * working, so it is worked out once per claim for all of them.
 */
const sharedKey = perRules((rules) => {
  const g = rules.gradient;
  const figures = [rules.places.weight, rules.places.probability, g.floor, g.neutral, g.trueFrom, g.falseTo].map(
    String,
  );
  return { mode: JSON.stringify([rules.mode, ...figures]), eitherMode: JSON.stringify(['either', ...figures]) };
});
const byVotes = new WeakMap<readonly Vote[], Map<string, GradientWorking>>();

/** `G = round_p(Σ value × weight / Σ weight)`; no votes gives the neutral value. */
export function gradient(rules: Rules, votes: readonly Vote[]): GradientWorking {
  let shared = byVotes.get(votes);
  if (shared === undefined) {
    shared = new Map();
    byVotes.set(votes, shared);
  }
  // A working whose every rounding both modes agree on (no tie: nearly always) holds for models
  // that differ from the one it was worked out for only in the rounding mode.
  const key = sharedKey(rules);
  let working = shared.get(key.mode) ?? shared.get(key.eitherMode);
  if (working === undefined) {
    const [weighed, eitherMode] = weigh(rules, votes);
    working = weighed;
    shared.set(key.mode, working);
    if (eitherMode) shared.set(key.eitherMode, working);
  }
  return working;
}

/** The working, and whether the other rounding mode would give every one of its figures too. */
function weigh(rules: Rules, votes: readonly Vote[]): [GradientWorking, boolean] {
  const { weight: w, probability: p } = rules.places;
  let totalWeight = new Decimal(0);
  let totalWeighted = new Decimal(0);
  const weights = voteWeights(rules);
  let everyRow = true;
  const rows = votes.map((vote) => {
    const { lnText, weight, weightText, eitherMode } = voteWeightRow(weights, rules, vote.reputation);
    everyRow &&= eitherMode;
    const weighted = valueOf(vote.value).times(weight);
    totalWeight = totalWeight.plus(weight);
    totalWeighted = totalWeighted.plus(weighted);
    return {
      voter: vote.voter,
      reputation: vote.reputation,
      value: vote.value,
      lnOnePlusReputation: lnText,
      weight: weightText,
      weighted: plain(weighted),
    };
  });
  const none = rows.length === 0;
  const [value, eitherMode] = roundEitherMode(
    none ? rules.gradient.neutral : totalWeighted.div(totalWeight),
    p,
    rules.mode,
  );
  const working: GradientWorking = {
    votes: rows,
    totalWeight: fixed(totalWeight, w),
    totalWeighted: plain(totalWeighted),
    value: fixed(value, p),
    status: none ? 'no-votes' : gradientStatus(rules, value),
  };
  return [working, everyRow && eitherMode];
}
