/**
 * Step 7's figures worked from the logistic's 40 digits in whole numbers (`logisticRounded`) against
 * decimal.js alone: 1 / (1 + e^(−x)) at 40 digits, written with toFixed and rounded with
 * toDecimalPlaces, for random log-odds, both rounding modes and every number of places a model
 * may ask for, and for log-odds whose 40-digit logistic is a short decimal (ties at few places).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Decimal, fixed, plain, round, type RoundingMode } from '../../../src/engine/index.ts';
import { logisticRounded } from '../../../src/engine/logistic.ts';

const logistic40 = (x: Decimal): Decimal => new Decimal(1).div(new Decimal(1).plus(x.neg().exp()));

function expected(x: Decimal, places: number, mode: RoundingMode) {
  const exact = logistic40(x);
  const probability = round(exact, places, mode);
  return { exactText: plain(exact), probability: probability.toFixed(), probabilityText: fixed(probability, places) };
}

function actual(x: Decimal, places: number, mode: RoundingMode) {
  const found = logisticRounded(x, places, mode);
  const probability = found.probability.toFixed();
  // The whole units, where given, are that probability's.
  if (found.units !== null)
    expect(`${found.units}e-${places}`).toBe(`${found.probability.times(`1e${places}`).toFixed()}e-${places}`);
  return { exactText: found.exactText, probability, probabilityText: found.probabilityText };
}

const MODES: readonly RoundingMode[] = ['half-even', 'half-up'];

describe('logisticRounded against decimal.js', () => {
  it('gives the same digits for random log-odds between −60 and 60, places 0 to 20 and both modes', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -60_000_000, max: 60_000_000 }),
        fc.integer({ min: 6, max: 12 }),
        fc.integer({ min: 0, max: 20 }),
        fc.constantFrom(...MODES),
        (units, scale, places, mode) => {
          const x = new Decimal(units).div(new Decimal(10).pow(scale));
          expect(actual(x, places, mode)).toEqual(expected(x, places, mode));
        },
      ),
      { numRuns: 3000 },
    );
  });

  it('gives the same digits where the 40-digit logistic is a short decimal, whose roundings are ties', () => {
    // x = ln(n): the logistic is n / (n + 1), e.g. 0.75, 0.875, 0.9375 (ties at 1, 2 and 3 places).
    const short = ['3', '7', '15', '31', '4', '0.25', '1', '9', '19', '99', '999999'].flatMap((n) => [
      new Decimal(n).ln(),
      new Decimal(n).ln().neg(),
    ]);
    let ties = 0;
    for (const x of short)
      for (const mode of MODES)
        for (let places = 0; places <= 20; places++) {
          const want = expected(x, places, mode);
          expect(actual(x, places, mode)).toEqual(want);
          const other = round(logistic40(x), places, mode === 'half-even' ? 'half-up' : 'half-even');
          if (other.toFixed() !== want.probability) ties += 1;
        }
    // The cases must include real ties, or they test nothing about the rounding of one.
    expect(ties).toBeGreaterThan(5);
  });

  it('gives the same digits at the edges: 0, tiny and huge log-odds, and past the fast path’s limit', () => {
    const edges = [
      '0',
      '1e-30',
      '-1e-30',
      '1e-12',
      '45',
      '-45',
      '92.1',
      '-92.1',
      '700',
      '-700',
      '44999.9',
      '-44999.9',
      '45001',
      '-45001',
      '50000',
      '-50000',
    ];
    for (const text of edges)
      for (const mode of MODES)
        for (const places of [0, 1, 4, 20]) {
          const x = new Decimal(text);
          expect(actual(x, places, mode)).toEqual(expected(x, places, mode));
        }
  });
});
