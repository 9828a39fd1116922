/**
 * The fast transcendental paths are actually taken. Every exactness test would still pass if exp40,
 * ln40 or probabilityOf always handed their argument to decimal.js (the fallback gives the same
 * digits, only slower), so this file counts the fallbacks over a realistic batch and compares them
 * with the calls the batch makes. A fresh module graph per test file keeps ln(1 + r)'s memo empty.
 */
import { describe, expect, it } from 'vitest';
import {
  createScorer,
  dec,
  exp40,
  fallbacks,
  ln40,
  probabilityOf,
  resetFallbacks,
  rulesOf,
} from '../../../src/engine/index.ts';
import { syntheticClaim, syntheticSlug } from '../../../scripts/dev/bench/synthetic.ts';
import { strictModel, withRounding } from '../../support/model.ts';
import { TEST_CODE_HASH } from '../../support/score.ts';
import { repositoryContent } from '../verify/layout.ts';

describe('the fallback counter', () => {
  it('counts each argument the fast paths cannot decide', () => {
    resetFallbacks();
    // e^0 and ln 1 are exact and left to decimal.js; logistic(0) = 0.5 is a tie at 0 places, so
    // probabilityOf falls back to the 40-digit logistic, whose e^(−0) is left to decimal.js too.
    expect(exp40(dec('0')).toFixed()).toBe('1');
    expect(ln40(dec('1')).toFixed()).toBe('0');
    expect({ ...fallbacks }).toEqual({ exp: 1, ln: 1, probability: 0 });
    expect(probabilityOf(rulesOf(withRounding(strictModel(), { probability: '0' })), dec('0')).toFixed()).toBe('0');
    expect({ ...fallbacks }).toEqual({ exp: 2, ln: 1, probability: 1 });
    // A value the fast paths decide counts nothing.
    exp40(dec('1.8'));
    ln40(dec('801'));
    probabilityOf(rulesOf(strictModel()), dec('1.8'));
    expect({ ...fallbacks }).toEqual({ exp: 2, ln: 1, probability: 1 });
    resetFallbacks();
    expect({ ...fallbacks }).toEqual({ exp: 0, ln: 0, probability: 0 });
  });
});

describe('a realistic batch', () => {
  it('takes the fast path for nearly every exp, ln and rounded probability', () => {
    const { models, claims } = repositoryContent();
    const batch = [
      ...claims.map(({ slug, claim }) => ({ slug, claim })),
      ...Array.from({ length: 600 }, (_, i) => ({ slug: syntheticSlug(i), claim: syntheticClaim(i) })),
    ];
    resetFallbacks();
    let scored = 0;
    let rescores = 0;
    for (const { model } of models) {
      const scorer = createScorer(model, TEST_CODE_HASH);
      for (const { slug, claim } of batch) {
        const stability = scorer.score(slug, claim).working.stability;
        if (stability === null) continue;
        scored += 1;
        rescores += stability.rescores.length;
      }
    }
    // Each scored trace takes one 40-digit logistic (step 7), and one more per probability the double
    // estimate left undecided; each re-score (step 8) is one probabilityOf; ln(1 + r) is worked out
    // once per distinct reputation string.
    const reputations = new Set(batch.flatMap(({ claim }) => claim.votes.map((v) => v.reputation))).size;
    const calls = { exp: scored + fallbacks.probability, ln: reputations, probability: rescores };
    expect(scored).toBeGreaterThan(2000);
    expect(reputations).toBeGreaterThan(1000);
    // About 1 in 128 values of e^t lies within 1/256 of a unit of a 40-digit half-way point and is
    // left to decimal.js by design (ln only within 16 of its errors, far rarer); reputation 0
    // (ln 1 = 0) always is. A path that always fell back would show 100%.
    expect(fallbacks.exp / calls.exp).toBeLessThan(0.05);
    expect(fallbacks.ln / calls.ln).toBeLessThan(0.05);
    expect(fallbacks.probability / calls.probability).toBeLessThan(0.01);
  });
});
