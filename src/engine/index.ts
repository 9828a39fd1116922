/** The scoring engine: pure functions from a parsed model and claim to a trace. */
export { canonicalJson, codeHashOf, hashOf, sha256Hex, type Json, type SourceFile } from './canonical.ts';
export { coverage, type CoverageWorking } from './coverage.ts';
export { Decimal, dec, fixed, logistic, plain, round } from './decimal.ts';
export { gradient, gradientStatus, voteWeight, type GradientWorking } from './gradient.ts';
export { independence, type Group } from './independence.ts';
export { interpretationFactor, linkWeight } from './linkWeight.ts';
export { priorLogOdds } from './prior.ts';
export { probabilityOf } from './probability.ts';
export { modelId, rulesOf, type Rules } from './rules.ts';
export { createScorer, INSUFFICIENT_REASON, notScoredReason, score, type Scorer } from './score.ts';
export { stability } from './stability.ts';
export { stateIndex } from './state.ts';
export { TRACE_FORMAT, type LinkWorking, type Trace, type Working } from './trace.ts';
export * from './types.ts';
