/**
 * Steps 5 to 8 of docs/design.md §4 from a type's prior and a claim's kept sum: the posterior
 * log-odds, the probability, the state and stability, worked once per claim for every model that
 * gives it the same posterior.
 */
import { Decimal, fixed, plain } from './decimal.ts';
import { logisticRounded, logisticRoundedOfUnits, type LogisticRounded } from './logistic.ts';
import { perRules, recentlyUsed } from './perRules.ts';
import type { Rules } from './rules.ts';
import { stability, stabilityOfUnits, type StabilityWorking } from './stability.ts';
import { stateIndex, stateIndexOfUnits } from './state.ts';
import type { Trace } from './trace.ts';
import type { Claim, TraceResult } from './types.ts';
import { unitsText, withinPrecision } from './units.ts';

/** A type's prior, worked out once per model: its log-odds and both as the working writes them. */
export interface Prior {
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

/** The state thresholds as the working lists them, written once per model. */
const thresholds = perRules((rules) => rules.states.map(({ from, state }) => ({ from: plain(from), state })));

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

/** Steps 6 to 8 for a claim with a kept sum, shared by every model that gives it the same posterior. */
export function keptOf6to8(
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
