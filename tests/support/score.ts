/** Scoring in tests: a fixed code hash, so that traces depend only on the model and the claim. */
import { createScorer, type Claim, type Model, type Trace } from '../../src/engine/index.ts';

/** The code hash tests pass to the engine. */
export const TEST_CODE_HASH = `sha256:${'0'.repeat(64)}`;

/** Scores one claim under one model with the test code hash. */
export function scoreOf(model: Model, claim: Claim, slug = 'test-claim'): Trace {
  return createScorer(model, TEST_CODE_HASH).score(slug, claim);
}
