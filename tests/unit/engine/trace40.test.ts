/**
 * Whole traces from the fast engine against the plain 40-digit computation: every field that comes
 * from exp or ln (the logistic in the working, the rounded probability, each stability re-score,
 * each vote's ln(1 + r) and weight) is recomputed here with decimal.js alone and must match to the
 * character, and what the engine caches (per model, per claim, per reputation) must not leak
 * between models or claims.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  createScorer,
  Decimal,
  dec,
  fixed,
  plain,
  round,
  type Claim,
  type Model,
  type Trace,
} from '../../../src/engine/index.ts';
import { caseArbitrary, claimArbitrary, modelArbitrary } from '../../support/random.ts';
import { TEST_CODE_HASH } from '../../support/score.ts';

const logistic40 = (x: Decimal): Decimal => new Decimal(1).div(new Decimal(1).plus(x.neg().exp()));

/** Every disagreement between a trace's transcendental figures and the plain 40-digit ones. */
function transcendentalDifferences(model: Model, trace: Trace): string[] {
  const found: string[] = [];
  const check = (field: string, actual: string | null | undefined, expected: string): void => {
    if (actual !== expected) found.push(`${field}: engine ${actual}, 40-digit ${expected}`);
  };
  const mode = model.rounding.mode;
  const w = Number(model.rounding.weight);
  const p = Number(model.rounding.probability);
  const { working } = trace;
  if (working.sum !== null && working.probability !== null) {
    const exact = logistic40(dec(working.sum.posteriorLogOdds));
    check('working.probability.logistic', working.probability.logistic, plain(exact));
    check('result.probability', trace.result.probability, fixed(round(exact, p, mode), p));
    working.stability?.rescores.forEach((r, i) =>
      check(`rescore ${i}`, r.probability, fixed(round(logistic40(dec(r.logOdds)), p, mode), p)),
    );
  }
  working.gradient.votes.forEach((v, i) => {
    const ln = Decimal.max(0, v.reputation).plus(1).ln();
    check(`vote ${i} ln`, v.lnOnePlusReputation, plain(ln));
    check(`vote ${i} weight`, v.weight, fixed(round(Decimal.max(model.gradient.floor, ln), w, mode), w));
  });
  return found;
}

describe('the fast engine against the plain 40-digit computation', () => {
  it('gives the same transcendental figures on random models and claims', () => {
    fc.assert(
      fc.property(caseArbitrary, ({ model, claim }) => {
        expect(transcendentalDifferences(model, createScorer(model, TEST_CODE_HASH).score('case', claim))).toEqual([]);
      }),
      { numRuns: 800 },
    );
  });

  it('scores a claim shared by many models exactly as a fresh copy of it under each model alone', () => {
    // Coverage and gradient workings are shared between models whose rules for them are equal, link
    // weights are kept per model, and ln(1 + r) per reputation: none may carry over wrongly.
    fc.assert(
      fc.property(
        modelArbitrary.chain((first) => fc.tuple(fc.constant(first), claimArbitrary(first))),
        fc.array(modelArbitrary, { minLength: 1, maxLength: 4 }),
        ([first, claim], others) => {
          const models = [
            first,
            ...others.map((m) => ({
              ...m,
              relevance: first.relevance,
              observation: first.observation,
              authenticity: first.authenticity,
              extraction: first.extraction,
              priors: { ...m.priors, ...first.priors },
            })),
          ];
          for (const model of models) {
            const shared = createScorer(model, TEST_CODE_HASH).score('case', claim);
            const alone = createScorer(model, TEST_CODE_HASH).score('case', structuredClone<Claim>(claim));
            expect(JSON.stringify(shared)).toBe(JSON.stringify(alone));
          }
        },
      ),
      { numRuns: 300 },
    );
  });
});
