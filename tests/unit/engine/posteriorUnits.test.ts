/**
 * Steps 6 to 8 in whole numbers: the posterior log-odds as `prior + kept` in units of the weight's
 * last place, its logistic (`logisticRoundedOfUnits`, e^(−x) from `exp40DigitsOfScaled`) and its
 * rescores (`stabilityOfUnits`), checked figure by figure against the same figures worked from
 * Decimals (`logisticRounded`, `exp40Digits`, `stability`), which the other tests check against
 * decimal.js: random values, both modes, places 0 to 20, ties, zero, and values past 40 digits.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Decimal, rulesOf, type Model, type RoundingMode } from '../../../src/engine/index.ts';
import { exp40Digits, exp40DigitsOfScaled } from '../../../src/engine/exp40.ts';
import { logisticRounded, logisticRoundedOfUnits } from '../../../src/engine/logistic.ts';
import { stability, stabilityOfUnits } from '../../../src/engine/stability.ts';
import { strictModel } from '../../support/model.ts';

const MODES: readonly RoundingMode[] = ['half-even', 'half-up'];
const decimalOf = (units: bigint, places: number): Decimal => new Decimal(`${units}e-${places}`);

/** The figures a trace takes from `logisticRounded`, plus the probability's value and units. */
function figures(found: ReturnType<typeof logisticRounded>) {
  return {
    exactText: found.exactText,
    probabilityText: found.probabilityText,
    probability: found.probability.toFixed(),
    units: found.units,
  };
}

describe('e^t from whole units', () => {
  it('gives exp40Digits’s digits for random t = units × 10^−places', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: -(10n ** 12n), max: 10n ** 12n }),
        fc.integer({ min: 0, max: 12 }),
        (units, places) => {
          const t = decimalOf(units, places);
          const text = t.toFixed();
          expect(exp40DigitsOfScaled(units, places, Number(text))).toEqual(exp40Digits(t));
        },
      ),
      { numRuns: 2000 },
    );
  });
});

describe('logisticRoundedOfUnits against logisticRounded', () => {
  it('gives the same figures for random log-odds, places 0 to 20 and both modes', () => {
    fc.assert(
      fc.property(
        // Log-odds between −60 and 60 (past that decimal.js's own exp, which the test compares with, is slow).
        fc.bigInt({ min: -60_000_000n, max: 60_000_000n }),
        fc.integer({ min: 6, max: 12 }),
        fc.integer({ min: 0, max: 20 }),
        fc.constantFrom(...MODES),
        (units, unitPlaces, places, mode) => {
          const x = decimalOf(units, unitPlaces);
          expect(figures(logisticRoundedOfUnits(units, unitPlaces, places, mode))).toEqual(
            figures(logisticRounded(x, places, mode)),
          );
        },
      ),
      { numRuns: 3000 },
    );
  });

  it('gives the same figures at 0 (a tie at no places), tiny and huge log-odds, and past the fast path', () => {
    const cases: [bigint, number][] = [
      [0n, 0],
      [0n, 6],
      [1n, 30],
      [-1n, 30],
      [45_000_000n, 6],
      [-45_000_000n, 6],
      [700n, 0],
      [-700n, 0],
      [44_999_900_000n, 6],
      [45_001n, 0],
      [-50_000n, 0],
    ];
    for (const [units, unitPlaces] of cases)
      for (const mode of MODES)
        for (const places of [0, 1, 4, 20])
          expect(figures(logisticRoundedOfUnits(units, unitPlaces, places, mode))).toEqual(
            figures(logisticRounded(decimalOf(units, unitPlaces), places, mode)),
          );
  });
});

describe('stabilityOfUnits against stability', () => {
  const rulesWith = (scales: string[], places: number, mode: RoundingMode, high = '0.1', medium = '0.25') => {
    const model: Model = strictModel();
    return rulesOf({
      ...model,
      stability: { ...model.stability, scales, high, medium },
      rounding: { ...model.rounding, mode, probability: String(places) },
    });
  };

  it('gives the same working for random priors, kept sums, scales, places and modes', () => {
    fc.assert(
      fc.property(
        // Priors within ±9 and kept sums within ±30 (and so log-odds within decimal.js's reach).
        fc.bigInt({ min: -9_000_000n, max: 9_000_000n }),
        fc.bigInt({ min: -30_000_000n, max: 30_000_000n }),
        fc.integer({ min: 6, max: 8 }),
        fc.array(
          fc.integer({ min: 0, max: 400 }).map((n) => String(n / 100)),
          { minLength: 1, maxLength: 4 },
        ),
        fc.integer({ min: 0, max: 10 }),
        fc.constantFrom(...MODES),
        fc.integer({ min: 0, max: 3 }),
        (prior, kept, weightPlaces, scales, places, mode, sources) => {
          const rules = rulesWith(scales, places, mode);
          expect(stabilityOfUnits(rules, prior, kept, weightPlaces, sources)).toEqual(
            stability(rules, decimalOf(prior, weightPlaces), decimalOf(kept, weightPlaces), sources),
          );
        },
      ),
      { numRuns: 1500 },
    );
  });

  it('gives the same working on a tie the double cannot decide, at zero, and past 40 digits', () => {
    const cases: [string[], bigint, bigint, number][] = [
      // Log-odds 0 at no places: a tie the 40-digit logistic and the mode decide.
      [['0', '1'], 0n, 1_800_000n, 6],
      [['0.7', '1.3'], 0n, 0n, 6],
      [['0.7', '1.3'], -847_298n, 0n, 6],
      // A product past 40 significant digits (9 + 34), and a sum past them: decimal.js rounds them.
      [['0.123456789', '1.5'], 1n, 1_234_567_890_123_456_789_012_345_678_901_234n, 32],
      [['0.7', '1.3'], 10n ** 39n + 1n, 3n * 10n ** 38n + 7n, 38],
    ];
    for (const [scales, prior, kept, weightPlaces] of cases)
      for (const mode of MODES)
        for (const places of [0, 2, 4])
          expect(stabilityOfUnits(rulesWith(scales, places, mode), prior, kept, weightPlaces, 2)).toEqual(
            stability(
              rulesWith(scales, places, mode),
              decimalOf(prior, weightPlaces),
              decimalOf(kept, weightPlaces),
              2,
            ),
          );
  });
});
