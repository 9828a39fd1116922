/** Step 10: the community gradient, a reputation-weighted mean of votes (seed 003). */
import { Decimal, dec, fixed, plain, round } from './decimal.ts';
import { scaledOf, tenTo, type Scientific } from './fixedPoint.ts';
import { lnOnePlus } from './lnOnePlus.ts';
import { perRules, recentlyUsed } from './perRules.ts';
import { plainText, roundUnits, unitsText, withinPrecision } from './units.ts';
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
  /** The weight in whole units of 10^−weight places (the weight's text without its point). */
  readonly units: bigint;
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
  let row: VoteWeightRow | null | undefined = rows.get(reputation);
  if (row === undefined) {
    const { lnText, digits } = lnOnePlus(reputation);
    row = digits === null ? null : rowOfDigits(rules, lnText, digits);
    row ??= rowOfDecimals(rules, reputation);
    rows.set(reputation, row);
  }
  return row;
}

/** The floor as `coefficient × 10^−places`, for `rowOfDigits`. */
const floorScaled = perRules((rules) => scaledOf(rules.gradient.floor));

/**
 * A vote weight from ln(1 + r)'s 40 digits in whole numbers: max(floor, ln) compared exactly at a
 * common scale, rounded in both modes and written as `fixed` writes it; its Decimal made on first use.
 */
function rowOfDigits(rules: Rules, lnText: string, digits: Scientific): VoteWeightRow | null {
  if (digits.exponent > 0) return null;
  const w = rules.places.weight;
  const floor = floorScaled(rules);
  const lnPlaces = -digits.exponent;
  const scale = Math.max(lnPlaces, floor.places);
  const ln = digits.coefficient * tenTo(scale - lnPlaces);
  const bottom = floor.coefficient * tenTo(scale - floor.places);
  const larger = ln > bottom ? ln : bottom;
  const units = roundUnits(larger, scale, w, rules.mode);
  return new RowOfDigits(
    lnText,
    unitsText(units, w),
    units,
    w,
    roundUnits(larger, scale, w, OTHER_MODE[rules.mode]) === units,
  );
}

/** A vote weight row from whole numbers, its Decimal made on first use (a class: see lnOnePlus.ts). */
class RowOfDigits implements VoteWeightRow {
  private decimal: Decimal | null = null;

  constructor(
    readonly lnText: string,
    readonly weightText: string,
    readonly units: bigint,
    private readonly places: number,
    readonly eitherMode: boolean,
  ) {}

  get weight(): Decimal {
    this.decimal ??= new Decimal(`${this.units}e-${this.places}`);
    return this.decimal;
  }
}

/** A vote weight through decimal.js: `round_w(max(floor, ln))` in the model's mode and in the other. */
function rowOfDecimals(rules: Rules, reputation: string): VoteWeightRow {
  const { ln, lnText } = lnOnePlus(reputation);
  const [weight, eitherMode] = roundEitherMode(Decimal.max(rules.gradient.floor, ln), rules.places.weight, rules.mode);
  const weightText = fixed(weight, rules.places.weight);
  return { lnText, weight, weightText, units: BigInt(weightText.replace('.', '')), eitherMode };
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
/** A claim's gradient working by `sharedKey`, for the vote lists scored most recently. */
const byVotes = recentlyUsed<readonly Vote[], Map<string, GradientWorking>>(() => new Map());

/** `G = round_p(Σ value × weight / Σ weight)`; no votes gives the neutral value. */
export function gradient(rules: Rules, votes: readonly Vote[]): GradientWorking {
  return votes.length === 0 ? noVotes(rules) : gradientOfVotes(rules, votes);
}

/** `gradient` for a list of at least one vote (the scorer counts them with the rest of the claim). */
export function gradientOfVotes(rules: Rules, votes: readonly Vote[]): GradientWorking {
  const shared = byVotes(votes);
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

/** The working of a claim without votes (a quarter of claims): the same for every such claim under a model. */
export const noVotes = perRules((rules) => weighDecimals(rules, [])[0]);

/**
 * The working, and whether the other rounding mode would give every one of its figures too. An
 * empty list (total weight 0) is refused by `weighWhole`; its length is not read here, as the
 * caller's array is read only where the votes are read once (`votesRead`), so that optimised code
 * made for one caller's arrays is not thrown away on meeting another's.
 */
function weigh(rules: Rules, votes: readonly Vote[]): [GradientWorking, boolean] {
  return weighWhole(rules, votes) ?? weighDecimals(rules, votes);
}

/** `weigh` through decimal.js, figure by figure: the definition, and the path for what `weighWhole` refuses. */
export function weighDecimals(rules: Rules, votes: readonly Vote[]): [GradientWorking, boolean] {
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

/** A plain decimal string (an optional minus, digits, an optional point and digits), nothing else. */
const PLAIN = /^(-?)([0-9]+)(?:\.([0-9]+))?$/;
/** A vote value as a whole number over a power of ten, or null when it is not written plainly. */
interface Scaled {
  readonly coefficient: bigint;
  readonly places: number;
}
const scaledValues = new Map<string, Scaled | null>();

function scaledValueOf(text: string): Scaled | null {
  let found = scaledValues.get(text);
  if (found === undefined) {
    if (scaledValues.size > 10_000) scaledValues.clear();
    const match = PLAIN.exec(text);
    found =
      match === null
        ? null
        : { coefficient: BigInt(`${match[1]}${match[2]}${match[3] ?? ''}`), places: match[3]?.length ?? 0 };
    scaledValues.set(text, found);
  }
  return found;
}

/**
 * The consensus thresholds in whole units of the gradient's last place: a value of u units is at
 * least trueFrom when u ≥ ceil(trueFrom × 10^p), and at most falseTo when u ≤ floor(falseTo × 10^p).
 */
const statusUnits = perRules((rules) => {
  const scale = new Decimal(10).pow(rules.places.probability);
  return {
    trueFrom: BigInt(rules.gradient.trueFrom.times(scale).ceil().toFixed()),
    falseTo: BigInt(rules.gradient.falseTo.times(scale).floor().toFixed()),
  };
});

/**
 * A claim's votes as scoring reads them, read once per vote list into arrays the engine makes (see
 * `linksRead` in independence.ts: callers' vote objects differ in shape).
 */
const votesRead = recentlyUsed<
  readonly Vote[],
  { voters: readonly string[]; reputations: readonly string[]; values: readonly string[] }
>((votes) => {
  const voters: string[] = [];
  const reputations: string[] = [];
  const values: string[] = [];
  for (let i = 0; i < votes.length; i++) {
    const { voter, reputation, value } = votes[i]!;
    voters.push(voter);
    reputations.push(reputation);
    values.push(value);
  }
  return { voters, reputations, values };
});

/**
 * `weighDecimals` in whole numbers: each weighted vote, both sums and the quotient are exact
 * integer operations on the votes' digits, and the quotient is rounded to 40 significant digits
 * half to even (as decimal.js divides) and then to the model's places. Null, so that decimal.js
 * decides, wherever decimal.js would have rounded along the way (a product or a sum past 40
 * significant digits), a value is not written plainly, or the total weight is not above 0.
 */
function weighWhole(rules: Rules, votes: readonly Vote[]): [GradientWorking, boolean] | null {
  const { weight: w, probability: p } = rules.places;
  const weights = voteWeights(rules);
  const digits = Decimal.precision;
  const { voters, reputations, values } = votesRead(votes);
  // Every weighted vote at a common scale of 10^−(w + the most places a value has).
  const scaled: (Scaled | null)[] = [];
  for (let i = 0; i < values.length; i++) scaled.push(scaledValueOf(values[i]!));
  let valuePlaces = 0;
  for (const value of scaled) {
    if (value === null) return null;
    if (value.places > valuePlaces) valuePlaces = value.places;
  }
  const scale = w + valuePlaces;
  let everyRow = true;
  let totalWeight = 0n;
  let totalWeighted = 0n;
  const rows: GradientWorking['votes'][number][] = [];
  for (let i = 0; i < values.length; i++) {
    const value = scaled[i]!;
    const reputation = reputations[i]!;
    const { lnText, weightText, units, eitherMode } = voteWeightRow(weights, rules, reputation);
    everyRow &&= eitherMode;
    const weighted = value.coefficient * units;
    totalWeight += units;
    totalWeighted += weighted * tenTo(valuePlaces - value.places);
    if (!withinPrecision(weighted) || !withinPrecision(totalWeight) || !withinPrecision(totalWeighted)) return null;
    rows.push({
      voter: voters[i]!,
      reputation,
      value: values[i]!,
      lnOnePlusReputation: lnText,
      weight: weightText,
      weighted: plainText(weighted, w + value.places),
    });
  }
  if (totalWeight <= 0n || totalWeighted < 0n) return null;
  // totalWeighted × 10^−scale / (totalWeight × 10^−w) = 10^−valuePlaces × n / d: its 40 digits as
  // q × 10^−(valuePlaces + m), rounded half to even from the exact remainder.
  const n = totalWeighted;
  const d = totalWeight;
  let m = digits - 1 - (n.toString().length - d.toString().length);
  let q = (m >= 0 ? n * tenTo(m) : n / tenTo(-m)) / d;
  while (q >= tenTo(digits) || (q < tenTo(digits - 1) && q > 0n)) {
    m += q >= tenTo(digits) ? -1 : 1;
    q = (m >= 0 ? n * tenTo(m) : n / tenTo(-m)) / d;
  }
  if (m < 0) return null;
  const twice = 2n * (n * tenTo(m) - q * d);
  if (twice > d || (twice === d && q % 2n === 1n)) q += 1n;
  const cut = valuePlaces + m - p;
  const value = roundUnits(q, cut, 0, rules.mode);
  const other = roundUnits(q, cut, 0, OTHER_MODE[rules.mode]);
  const thresholds = statusUnits(rules);
  const working: GradientWorking = {
    votes: rows,
    totalWeight: unitsText(totalWeight, w),
    totalWeighted: plainText(totalWeighted, scale),
    value: unitsText(value, p),
    status:
      value >= thresholds.trueFrom ? 'consensus-true' : value <= thresholds.falseTo ? 'consensus-false' : 'contested',
  };
  return [working, everyRow && value === other];
}
