/** Scores one claim under one model, steps 1 to 10 of DESIGN §4, and returns its trace. */
import type { Json } from './canonical.ts';
import { hashOf } from './canonical.ts';
import { coverage } from './coverage.ts';
import { Decimal, fixed, plain } from './decimal.ts';
import { gradient } from './gradient.ts';
import { groupingOf, keptById, keptOf } from './independence.ts';
import { inputHashOf } from './inputHash.ts';
import { linkRoot, weighFrom, type LinkRoot, type LinkWeight } from './linkWeight.ts';
import { logisticRounded } from './logistic.ts';
import { perRules } from './perRules.ts';
import { priorLogOdds } from './prior.ts';
import { rulesOf, type Rules } from './rules.ts';
import { stability } from './stability.ts';
import { stateIndex } from './state.ts';
import { TRACE_FORMAT, type LinkWorking, type Trace } from './trace.ts';
import {
  INSUFFICIENT_EVIDENCE,
  NOT_APPLICABLE,
  type Claim,
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
      prior = { logOdds, probability: plain(probability), logOddsText: fixed(logOdds, rules.places.weight) };
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

/** The state thresholds as the working lists them, written once per model. */
const thresholds = perRules((rules) => rules.states.map(({ from, state }) => ({ from: plain(from), state })));

/** Scores one claim under one model. */
export function score(model: Model, slug: string, claim: Claim, codeHash: string): Trace {
  return createScorer(model, codeHash).score(slug, claim);
}

function scoreWith(
  rules: Rules,
  root: LinkRoot,
  configHash: string,
  codeHash: string,
  priorOf: (type: string) => Prior,
  slug: string,
  claim: Claim,
): Trace {
  const { weight: w, probability: p } = rules.places;

  // Step 2: each link's weight.
  const evidence = claim.evidence;
  const count = evidence.length;
  const weighed: LinkWeight[] = [];
  const weights: Decimal[] = [];
  for (let i = 0; i < count; i++) {
    const one = weighFrom(rules, root, evidence[i]!);
    weighed.push(one);
    weights.push(one.weight);
  }
  // Step 3: independence, from the claim's grouping (the same under every model).
  const grouping = groupingOf(evidence);
  const { groups, keptAt } = keptOf(evidence, grouping, weights, rules.independence);
  // Ids repeated (never in a validated claim): the id's last value, as a map by id holds it.
  const keptLink = grouping.uniqueIds ? null : keptById(grouping, keptAt);
  const links: LinkWorking[] = [];
  const traceLinks: TraceLink[] = [];
  let supporting = ZERO;
  let opposing = ZERO;
  let sufficient = false;
  const countedSources = new Set<string>();
  for (let i = 0; i < count; i++) {
    const link = evidence[i]!;
    const { weight, working, opposedText } = weighed[i]!;
    const depends = keptLink === null ? (keptAt[i] ?? null) : (keptLink.get(link.id) ?? null);
    const counts = depends === null;
    // The working's fields written out in its order (a spread in mid-literal takes V8's slow path).
    links.push({
      id: link.id,
      source: link.source,
      direction: link.direction,
      relevance: working.relevance,
      observation: working.observation,
      interpretation: working.interpretation,
      authenticity: working.authenticity,
      extraction: working.extraction,
      product: working.product,
      weight: working.weight,
      signedWeight: link.direction === 'supports' ? working.weight : opposedText,
      kept: counts,
      keptLink: depends,
    });
    traceLinks.push({ id: link.id, weight: working.weight, kept: counts, keptLink: depends });
    if (!counts) continue;
    // Sums in file order, as the 40-digit arithmetic adds them.
    if (link.direction === 'supports') supporting = supporting.plus(weight);
    else if (link.direction === 'opposes') opposing = opposing.plus(weight);
    // Step 4 and step 8 both ask for weight above 0: a kept link that moves no number (context-only,
    // refuted, interpreted away) neither makes a claim scorable nor counts as a source for `high`.
    // (`isPositive` alone holds for +0 too; together they are `greaterThan(0)` without a new Decimal.)
    if (!weight.isZero() && weight.isPositive()) {
      sufficient = true;
      countedSources.add(link.source);
    }
  }

  const coverageWorking = coverage(rules, claim);
  const gradientWorking = gradient(rules, claim.votes);
  const common = {
    coverage: { done: coverageWorking.done, declared: coverageWorking.declared, value: coverageWorking.value },
    gradient: { value: gradientWorking.value, status: gradientWorking.status },
  };

  // Step 1: a type the model does not score.
  const applicable = rules.priors.has(claim.type);
  const notScored = applicable ? null : notScoredReason(rules.model, claim.type);
  // Step 4 (`sufficient` above): nothing counted bears on the claim.
  // Step 5: the prior.
  const prior = applicable ? priorOf(claim.type) : null;
  const priorLogOddsOf = prior?.logOdds;

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
      ...common,
    };
  } else if (!sufficient) {
    result = {
      state: INSUFFICIENT_EVIDENCE,
      probability: null,
      posteriorLogOdds: null,
      reason: INSUFFICIENT_REASON,
      stability: null,
      ...common,
    };
  } else {
    // Step 6: posterior log-odds.
    const keptSum = supporting.minus(opposing);
    const x = priorLogOddsOf!.plus(keptSum);
    const posteriorText = fixed(x, w);
    sum = {
      supporting: fixed(supporting, w),
      opposing: fixed(opposing, w),
      kept: fixed(keptSum, w),
      posteriorLogOdds: posteriorText,
    };
    // Step 7: probability and state.
    const { exactText, probability, probabilityText } = logisticRounded(x, p, rules.mode);
    const index = stateIndex(rules, probability);
    probabilityWorking = { logistic: exactText, rounded: probabilityText };
    stateWorking = { index, thresholds: thresholds(rules) };
    // Step 8: stability.
    const stable = stability(rules, priorLogOddsOf!, keptSum, countedSources.size);
    stabilityWorking = stable.working;
    result = {
      state: rules.states[index]!.state,
      probability: probabilityText,
      posteriorLogOdds: posteriorText,
      reason: null,
      stability: { spread: stable.working.spread, level: stable.working.level },
      ...common,
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
      type: claim.type,
      applicable,
      notScoredReason: notScored,
      links,
      independence: rules.independence,
      groups,
      prior: prior === null ? null : { probability: prior.probability, logOdds: prior.logOddsText },
      sum,
      probability: probabilityWorking,
      state: stateWorking,
      stability: stabilityWorking,
      coverage: coverageWorking,
      gradient: gradientWorking,
      rounding: { mode: rules.mode, weight: w, probability: p, coverage: rules.places.coverage },
    },
  };
}
