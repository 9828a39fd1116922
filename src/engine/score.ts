/** Scores one claim under one model, steps 1 to 10 of docs/design.md §4, and returns its trace. */
import type { Json } from './canonical.ts';
import { hashOf } from './canonical.ts';
import { coverageOf, readReviews, type ReviewsRead } from './coverage.ts';
import { Decimal, fixed, plain } from './decimal.ts';
import { scaledOf, tenTo } from './fixedPoint.ts';
import { gradientOfVotes, noVotes } from './gradient.ts';
import { groupingOf, keptById, keptOfSmallUnits, keptOfUnits, linksRead, type Group } from './independence.ts';
import { inputHashOf } from './inputHash.ts';
import { linkRoot, weighAll, type LinkRoot, type LinkWeight } from './linkWeight.ts';
import { logisticRounded, logisticRoundedOfUnits, type LogisticRounded } from './logistic.ts';
import { perRules, recentlyUsed } from './perRules.ts';
import { priorLogOdds } from './prior.ts';
import { rulesOf, type Rules } from './rules.ts';
import { stability, stabilityOfUnits, type StabilityWorking } from './stability.ts';
import { stateIndex, stateIndexOfUnits } from './state.ts';
import { unitsText, withinPrecision } from './units.ts';
import { TRACE_FORMAT, type LinkWorking, type Trace } from './trace.ts';
import {
  INSUFFICIENT_EVIDENCE,
  NOT_APPLICABLE,
  type Claim,
  type EvidenceLink,
  type Model,
  type TraceLink,
  type TraceResult,
} from './types.ts';

const ZERO = new Decimal(0);

/** Why a claim with no counted weight carries no number. */
export const INSUFFICIENT_REASON =
  'No counted evidence link has a weight above 0, so nothing has borne on the claim yet.';

/** The refusal for a type the model neither scores nor names in `notScored`. */
export function notScoredReason(model: Model, type: string): string {
  // An own key only: `constructor` or `toString` is a type like any other, not Object's property.
  return Object.hasOwn(model.notScored, type)
    ? model.notScored[type]!
    : `this model does not score claims of type ${type}`;
}

/** Scores claims under one model, parsing the model and its priors' log-odds once. */
export interface Scorer {
  readonly rules: Rules;
  readonly configHash: string;
  score(slug: string, claim: Claim): Trace;
}

/** A type's prior, worked out once per model: its log-odds and both as the working writes them. */
interface Prior {
  readonly logOdds: Decimal;
  readonly probability: string;
  readonly logOddsText: string;
  /** The log-odds written exactly (a negative zero as -0), to key a claim's shared posteriors. */
  readonly exact: string;
  /** The log-odds in whole units of 10^−weight places (it is rounded to them), for steps 6 to 8. */
  readonly units: bigint | null;
  /** The working's `prior`, one object for every trace of the type. */
  readonly working: { readonly probability: string; readonly logOdds: string };
}

/** Makes a scorer for a model; `codeHash` is the hash of the engine's source, computed by the caller. */
export function createScorer(model: Model, codeHash: string): Scorer {
  const rules = rulesOf(model);
  const configHash = hashOf(model as unknown as Json);
  const priors = new Map<string, Prior>();
  const priorOf = (type: string): Prior => {
    let prior = priors.get(type);
    if (prior === undefined) {
      const probability = rules.priors.get(type)!;
      const logOdds = priorLogOdds(rules, probability);
      const { coefficient, places } = scaledOf(logOdds);
      const w = rules.places.weight;
      const probabilityText = plain(probability);
      const logOddsText = fixed(logOdds, w);
      prior = {
        logOdds,
        probability: probabilityText,
        logOddsText,
        exact: logOdds.toFixed(),
        units: places <= w ? coefficient * tenTo(w - places) : null,
        working: { probability: probabilityText, logOdds: logOddsText },
      };
      priors.set(type, prior);
    }
    return prior;
  };
  const root = linkRoot(rules);
  return {
    rules,
    configHash,
    score: (slug, claim) => scoreWith(rules, root, configHash, codeHash, priorOf, slug, claim),
  };
}

/** The working's `rounding`, one object for every trace of a model. */
const roundingOf = perRules((rules) => ({
  mode: rules.mode,
  weight: rules.places.weight,
  probability: rules.places.probability,
  coverage: rules.places.coverage,
}));

/** The state thresholds as the working lists them, written once per model. */
const thresholds = perRules((rules) => rules.states.map(({ from, state }) => ({ from: plain(from), state })));

/** Scores one claim under one model. */
export function score(model: Model, slug: string, claim: Claim, codeHash: string): Trace {
  return createScorer(model, codeHash).score(slug, claim);
}

/** Steps 2 to 4 for one claim: every link's working, the groups, the kept sums and the counted sources. */
interface Linked {
  readonly links: readonly LinkWorking[];
  readonly traceLinks: readonly TraceLink[];
  readonly groups: readonly Group[];
  /** The sums as the working writes them (`fixed` at the weight's places). */
  readonly supportingText: string;
  readonly opposingText: string;
  /** supporting − opposing: exactly `keptText` (sums of weights have no more places than they do). */
  readonly keptText: string;
  /** The same in whole units of 10^−weight places, where the sums were worked so (null: read `keptText`). */
  readonly keptUnits: bigint | null;
  readonly sufficient: boolean;
  readonly sources: number;
}

/**
 * What step 2 reads of a model: the five tables, the interpretation factor, the weight's places and
 * its rounding mode, as text. Models with the same text weigh a claim's links alike whatever their
 * independence strategy (ledger-counted and ledger@1.1.0); the text is the rules' own, so a
 * difference anywhere keeps them apart.
 */
const weightRules = (rules: Rules): unknown[] => {
  const m = rules.model;
  return [m.relevance, m.observation, m.interpretation, m.authenticity, m.extraction, rules.places.weight, rules.mode];
};
/** Step 2's key: the links are weighed once per claim for every model with the same weight rules. */
const weightsKey = perRules((rules) => JSON.stringify(weightRules(rules)));
/**
 * Steps 2 to 4's key: the weight rules and the independence strategy. Models with the same key
 * (three released ones) give a claim's links the same working, worked out once per claim for all.
 */
const linkedKey = perRules((rules) => JSON.stringify([...weightRules(rules), rules.independence]));

/**
 * A claim's `make` shared by every model with the same `keyOf`, keyed by the claim's evidence list
 * (for the claims scored most recently).
 */
function sharedPerClaim<T>(
  keyOf: (rules: Rules) => string,
  make: (rules: Rules, root: LinkRoot, evidence: readonly EvidenceLink[]) => T,
): (rules: Rules, root: LinkRoot, evidence: readonly EvidenceLink[]) => T {
  const byEvidence = recentlyUsed<readonly EvidenceLink[], Map<string, T>>(() => new Map());
  return (rules, root, evidence) => {
    const shared = byEvidence(evidence);
    const key = keyOf(rules);
    let found = shared.get(key);
    if (found === undefined) {
      found = make(rules, root, evidence);
      shared.set(key, found);
    }
    return found;
  };
}

const linkedOf = sharedPerClaim(linkedKey, link);
const weightsOf = sharedPerClaim(weightsKey, weighAll);

function link(rules: Rules, root: LinkRoot, evidence: readonly EvidenceLink[]): Linked {
  const { ids, sources: linkSources, directions } = linksRead(evidence);
  // Step 2: each link's weight.
  const count = ids.length;
  const weighed = weightsOf(rules, root, evidence);
  const units: bigint[] = [];
  // The units as doubles where each is below 2^43 in size and there are fewer than 2^10 of them:
  // every comparison and every partial sum is then exact in doubles (no bigint made per link).
  const smalls: number[] = [];
  let small = count < 1024;
  for (let i = 0; i < count; i++) {
    const one = weighed[i]!;
    units.push(one.units);
    if (small) {
      if (one.small === null) small = false;
      else smalls.push(one.small);
    }
  }
  // Step 3: independence, from the claim's grouping (the same under every model).
  const grouping = groupingOf(evidence);
  const { groups, keptAt } = small
    ? keptOfSmallUnits(evidence, grouping, smalls, rules.independence)
    : keptOfUnits(evidence, grouping, units, rules.independence);
  // Ids repeated (never in a validated claim): the id's last value, as a map by id holds it.
  const keptLink = grouping.uniqueIds ? null : keptById(grouping, keptAt);
  const links: LinkWorking[] = [];
  const traceLinks: TraceLink[] = [];
  // Sums in whole units of the weight's places: exact, as decimal.js's are while they keep to 40
  // significant digits (checked below; past that, decimal.js adds them as it always has).
  let supporting = 0n;
  let opposing = 0n;
  let magnitude = 0n;
  let supportingSmall = 0;
  let opposingSmall = 0;
  let sufficient = false;
  const countedSources = new Set<string>();
  for (let i = 0; i < count; i++) {
    const id = ids[i]!;
    const direction = directions[i]!;
    const { working, opposedText } = weighed[i]!;
    const depends = keptLink === null ? (keptAt[i] ?? null) : (keptLink.get(id) ?? null);
    const counts = depends === null;
    // The working's fields written out in its order (a spread in mid-literal takes V8's slow path).
    links.push({
      id,
      source: linkSources[i]!,
      direction,
      relevance: working.relevance,
      observation: working.observation,
      interpretation: working.interpretation,
      authenticity: working.authenticity,
      extraction: working.extraction,
      product: working.product,
      weight: working.weight,
      signedWeight: direction === 'supports' ? working.weight : opposedText,
      kept: counts,
      keptLink: depends,
    });
    traceLinks.push({ id, weight: working.weight, kept: counts, keptLink: depends });
    if (!counts) continue;
    let above: boolean;
    if (small) {
      const weight = smalls[i]!;
      if (direction === 'supports') supportingSmall += weight;
      else if (direction === 'opposes') opposingSmall += weight;
      above = weight > 0;
    } else {
      const weight = units[i]!;
      magnitude += weight < 0n ? -weight : weight;
      if (direction === 'supports') supporting += weight;
      else if (direction === 'opposes') opposing += weight;
      above = weight > 0n;
    }
    // Step 4 and step 8 both ask for weight above 0: a kept link that moves no number (context-only,
    // refuted, interpreted away) neither makes a claim scorable nor counts as a source for `high`.
    if (above) {
      sufficient = true;
      countedSources.add(linkSources[i]!);
    }
  }
  if (small) {
    // Below 2^53 in size: exact, and at most 16 digits.
    supporting = BigInt(supportingSmall);
    opposing = BigInt(opposingSmall);
  }
  const w = rules.places.weight;
  // Every partial sum (and the difference) is at most the sum of the magnitudes: within 40 digits,
  // decimal.js's sums are exact too.
  const whole = magnitude.toString().length <= Decimal.precision;
  const sums = whole
    ? {
        supportingText: unitsText(supporting, w),
        opposingText: unitsText(opposing, w),
        keptText: unitsText(supporting - opposing, w),
      }
    : sumsByDecimals(rules, evidence, weighed, keptAt, keptLink);
  return {
    links,
    traceLinks,
    groups,
    supportingText: sums.supportingText,
    opposingText: sums.opposingText,
    keptText: sums.keptText,
    keptUnits: whole ? supporting - opposing : null,
    sufficient,
    sources: countedSources.size,
  };
}

/** The kept sums through decimal.js, in file order, for sums past 40 significant digits. */
function sumsByDecimals(
  rules: Rules,
  evidence: readonly EvidenceLink[],
  weighed: readonly LinkWeight[],
  keptAt: readonly (string | null)[],
  keptLink: ReadonlyMap<string, string | null> | null,
): { supportingText: string; opposingText: string; keptText: string } {
  let supporting = ZERO;
  let opposing = ZERO;
  for (let i = 0; i < evidence.length; i++) {
    const link = evidence[i]!;
    const depends = keptLink === null ? (keptAt[i] ?? null) : (keptLink.get(link.id) ?? null);
    if (depends !== null) continue;
    if (link.direction === 'supports') supporting = supporting.plus(weighed[i]!.weight);
    else if (link.direction === 'opposes') opposing = opposing.plus(weighed[i]!.weight);
  }
  const w = rules.places.weight;
  return {
    supportingText: fixed(supporting, w),
    opposingText: fixed(opposing, w),
    keptText: fixed(supporting.minus(opposing), w),
  };
}

/** Steps 6 to 8 from the prior and the kept sum: what a scored trace's result is made of. */
interface Posterior {
  readonly keptText: string;
  readonly posteriorText: string;
  readonly probability: NonNullable<Trace['working']['probability']>;
  readonly state: NonNullable<Trace['working']['state']>;
  readonly stateName: string;
  readonly stability: NonNullable<Trace['working']['stability']>;
  /** The result's `stability`, one object for every trace that shares this posterior. */
  readonly resultStability: NonNullable<TraceResult['stability']>;
}

/**
 * What steps 6 to 8 read of a model beyond the prior and the kept sum: the places, the rounding
 * mode, the states and the stability rules. Models with the same key (ledger@1.1.0 and
 * ledger-forecast for every type but a prediction, and ledger-counted wherever every counted link
 * is its group's strongest) give a claim the same posterior, so it is worked out once per claim.
 */
const posteriorKey = perRules((rules) =>
  JSON.stringify([
    rules.places.weight,
    rules.places.probability,
    rules.mode,
    rules.model.states,
    rules.model.stability,
  ]),
);
/** A claim's posteriors by `posteriorKey`, then by prior, kept sum and sources (for the claims scored most recently). */
const posteriorsByClaim = recentlyUsed<Claim, Map<string, Map<string, Posterior>>>(() => new Map());

function keptOf6to8(
  rules: Rules,
  prior: Prior,
  keptText: string,
  keptUnits: bigint | null,
  sources: number,
  claim: Claim,
): Posterior {
  const byRules = posteriorsByClaim(claim);
  const rulesKey = posteriorKey(rules);
  let shared = byRules.get(rulesKey);
  if (shared === undefined) {
    shared = new Map();
    byRules.set(rulesKey, shared);
  }
  // Sums of weights with w places have at most w places, so the fixed text is the exact sum
  // (a zero's sign is lost, and adding the prior loses it too).
  const key = `${prior.exact}\u0000${keptText}\u0000${sources}`;
  let found = shared.get(key);
  if (found === undefined) {
    found =
      prior.units !== null && keptUnits !== null
        ? posteriorOfUnits(rules, prior.units, keptUnits, keptText, sources)
        : posterior(rules, prior.logOdds, new Decimal(keptText), keptText, sources);
    shared.set(key, found);
  }
  return found;
}

function posterior(
  rules: Rules,
  priorLogOdds: Decimal,
  keptSum: Decimal,
  keptText: string,
  sources: number,
): Posterior {
  const { weight: w, probability: p } = rules.places;
  // Step 6: posterior log-odds.
  const x = priorLogOdds.plus(keptSum);
  // Steps 7 and 8: probability and state, stability.
  return posteriorOf(
    rules,
    keptText,
    fixed(x, w),
    logisticRounded(x, p, rules.mode),
    stability(rules, priorLogOdds, keptSum, sources).working,
  );
}

/** A posterior from what steps 6 to 8 worked out (through decimal.js or in whole units), with step 7's state. */
function posteriorOf(
  rules: Rules,
  keptText: string,
  posteriorText: string,
  rounded: LogisticRounded,
  stable: StabilityWorking,
): Posterior {
  const index =
    rounded.units === null ? stateIndex(rules, rounded.probability) : stateIndexOfUnits(rules, rounded.units);
  return {
    keptText,
    posteriorText,
    probability: { logistic: rounded.exactText, rounded: rounded.probabilityText },
    state: { index, thresholds: thresholds(rules) },
    stateName: rules.states[index]!.state,
    stability: stable,
    resultStability: { spread: stable.spread, level: stable.level },
  };
}

/**
 * `posterior` from the prior and the kept sum in whole units of 10^−weight places: the posterior
 * log-odds is their exact sum while it keeps to 40 significant digits (as decimal.js's is; past
 * that, `posterior` works through decimal.js as before), written, put through the logistic and
 * rescored for step 8 without a Decimal made, except where decimal.js must decide.
 */
function posteriorOfUnits(rules: Rules, prior: bigint, kept: bigint, keptText: string, sources: number): Posterior {
  const { weight: w, probability: p } = rules.places;
  const x = prior + kept;
  if (!withinPrecision(x))
    return posterior(rules, new Decimal(`${prior}e-${w}`), new Decimal(keptText), keptText, sources);
  // Step 6: posterior log-odds, with w places as `fixed` writes it; steps 7 and 8.
  return posteriorOf(
    rules,
    keptText,
    unitsText(x, w),
    logisticRoundedOfUnits(x, w, p, rules.mode),
    stabilityOfUnits(rules, prior, kept, w, sources).working,
  );
}

/**
 * What scoring reads of a claim itself, read once per claim into an object the engine makes (as
 * `linksRead` reads its links, and for the same reason: callers' claim objects differ in shape).
 */
const claimRead = recentlyUsed<
  Claim,
  {
    evidence: readonly EvidenceLink[];
    votes: Claim['votes'];
    voteCount: number;
    type: string;
    reviews: ReviewsRead;
  }
>((claim) => ({
  evidence: claim.evidence,
  votes: claim.votes,
  voteCount: claim.votes.length,
  type: claim.type,
  reviews: readReviews(claim),
}));

function scoreWith(
  rules: Rules,
  root: LinkRoot,
  configHash: string,
  codeHash: string,
  priorOf: (type: string) => Prior,
  slug: string,
  claim: Claim,
): Trace {
  const read = claimRead(claim);
  const type = read.type;
  const { links, traceLinks, groups, supportingText, opposingText, keptText, keptUnits, sufficient, sources } =
    linkedOf(rules, root, read.evidence);

  const coverageWorking = coverageOf(rules, claim, read.reviews);
  const gradientWorking = read.voteCount === 0 ? noVotes(rules) : gradientOfVotes(rules, read.votes);
  // Written out in each result below, in this order (a spread in mid-literal is V8's slow path).
  const coverageResult = {
    done: coverageWorking.done,
    declared: coverageWorking.declared,
    value: coverageWorking.value,
  };
  const gradientResult = { value: gradientWorking.value, status: gradientWorking.status };

  // Step 1: a type the model does not score.
  const applicable = rules.priors.has(type);
  const notScored = applicable ? null : notScoredReason(rules.model, type);
  // Step 4 (`sufficient` above): nothing counted bears on the claim.
  // Step 5: the prior.
  const prior = applicable ? priorOf(type) : null;

  let result: TraceResult;
  let sum: NonNullable<Trace['working']['sum']> | null = null;
  let probabilityWorking: Trace['working']['probability'] = null;
  let stateWorking: Trace['working']['state'] = null;
  let stabilityWorking: Trace['working']['stability'] = null;
  if (prior === null) {
    result = {
      state: NOT_APPLICABLE,
      probability: null,
      posteriorLogOdds: null,
      reason: notScored,
      stability: null,
      coverage: coverageResult,
      gradient: gradientResult,
    };
  } else if (!sufficient) {
    result = {
      state: INSUFFICIENT_EVIDENCE,
      probability: null,
      posteriorLogOdds: null,
      reason: INSUFFICIENT_REASON,
      stability: null,
      coverage: coverageResult,
      gradient: gradientResult,
    };
  } else {
    const kept = keptOf6to8(rules, prior, keptText, keptUnits, sources, claim);
    sum = {
      supporting: supportingText,
      opposing: opposingText,
      kept: kept.keptText,
      posteriorLogOdds: kept.posteriorText,
    };
    probabilityWorking = kept.probability;
    stateWorking = kept.state;
    stabilityWorking = kept.stability;
    result = {
      state: kept.stateName,
      probability: kept.probability.rounded,
      posteriorLogOdds: kept.posteriorText,
      reason: null,
      stability: kept.resultStability,
      coverage: coverageResult,
      gradient: gradientResult,
    };
  }

  return {
    traceFormat: TRACE_FORMAT,
    claim: slug,
    model: rules.id,
    configHash,
    inputHash: inputHashOf(claim),
    codeHash,
    links: traceLinks,
    result,
    input: claim,
    working: {
      type,
      applicable,
      notScoredReason: notScored,
      links,
      independence: rules.independence,
      groups,
      prior: prior === null ? null : prior.working,
      sum,
      probability: probabilityWorking,
      state: stateWorking,
      stability: stabilityWorking,
      coverage: coverageWorking,
      gradient: gradientWorking,
      rounding: roundingOf(rules),
    },
  };
}
