/**
 * Scores one claim under one model, steps 1 to 10 of docs/design.md §4, and returns its trace: the
 * links and sums (linked.ts), the posterior (posterior.ts), coverage and the gradient, put together.
 */
import type { Json } from './canonical.ts';
import { hashOf } from './canonical.ts';
import { coverageOf, readReviews, type ReviewsRead } from './coverage.ts';
import { fixed, plain } from './decimal.ts';
import { scaledOf, tenTo } from './fixedPoint.ts';
import { gradientOfVotes, noVotes } from './gradient.ts';
import { inputHashOf } from './inputHash.ts';
import { linkedOf } from './linked.ts';
import { linkRoot, type LinkRoot } from './linkWeight.ts';
import { perRules, recentlyUsed } from './perRules.ts';
import { keptOf6to8, type Prior } from './posterior.ts';
import { priorLogOdds } from './prior.ts';
import { rulesOf, type Rules } from './rules.ts';
import { TRACE_FORMAT, type Trace } from './trace.ts';
import {
  INSUFFICIENT_EVIDENCE,
  NOT_APPLICABLE,
  type Claim,
  type EvidenceLink,
  type Model,
  type TraceResult,
} from './types.ts';

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

/** Scores one claim under one model. */
export function score(model: Model, slug: string, claim: Claim, codeHash: string): Trace {
  return createScorer(model, codeHash).score(slug, claim);
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
