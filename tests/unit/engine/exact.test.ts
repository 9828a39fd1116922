/**
 * The fast transcendental paths give exactly what the plain 40-digit decimal.js computation gives:
 * `exp40` and `ln40` the same 40 digits, `probabilityOf` the same rounded probability, and every
 * value too close to a rounding boundary to be decided cheaply goes to the 40-digit path.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  Decimal,
  dec,
  exp40,
  fixed,
  ln40,
  logistic,
  logisticEstimateError,
  probabilityOf,
  round,
  roundEstimate,
  rulesOf,
  type RoundingMode,
} from '../../../src/engine/index.ts';
import { roundSignificant } from '../../../src/engine/fixedPoint.ts';
import { strictModel, withRounding } from '../../support/model.ts';

/** The plain 40-digit logistic, as the engine computed it before the fast paths. */
const logistic40 = (x: Decimal): Decimal => new Decimal(1).div(new Decimal(1).plus(x.neg().exp()));

/** A decimal with up to `places` places in (−10^digits, 10^digits). */
const decimalArb = (digits: number, places: number): fc.Arbitrary<Decimal> =>
  fc
    .tuple(fc.integer({ min: 0, max: places }), fc.double({ min: -1, max: 1, noNaN: true }))
    .map(([p, f]) => dec(Math.round(f * 10 ** (digits + p))).div(dec(10).pow(p)));

describe('exp40 is decimal.js exp at 40 digits', () => {
  it.each([
    '0',
    '1',
    '-1',
    '0.5',
    '-0.847298',
    '1.8',
    '20',
    '-20',
    '0.000001',
    '-0.000001',
    '700',
    '-700',
    '44999.5',
    '45001',
    '-45001',
    '1e-30',
  ])('e^%s', (t) => {
    expect(exp40(dec(t)).toFixed()).toBe(dec(t).exp().toFixed());
  });

  it('agrees on random log-odds with 0 to 8 places', () => {
    fc.assert(
      fc.property(decimalArb(2, 8), (t) => exp40(t).toFixed() === t.exp().toFixed()),
      { numRuns: 3000 },
    );
  });

  it('agrees on random exponents over a wide range', () => {
    fc.assert(
      fc.property(decimalArb(4, 12), (t) => exp40(t).toFixed() === t.exp().toFixed()),
      { numRuns: 500 },
    );
  });
});

describe('ln40 is decimal.js ln at 40 digits', () => {
  it.each([
    '1',
    '2',
    '801',
    '201',
    '51',
    '1.5',
    '1.001',
    '1.0001',
    '1.00000001',
    '0.5',
    '0.001',
    '1e300',
    '1e-300',
    '123456789012345678901234567890',
  ])('ln %s', (y) => {
    expect(ln40(dec(y)).toFixed()).toBe(dec(y).ln().toFixed());
  });

  it('agrees on 1 + every reputation from 0 to 3000', () => {
    for (let r = 0; r <= 3000; r++)
      expect(ln40(dec(r + 1)).toFixed()).toBe(
        dec(r + 1)
          .ln()
          .toFixed(),
      );
  });

  it('agrees on random fractional arguments', () => {
    fc.assert(
      fc.property(decimalArb(6, 6), (t) => {
        const y = t.abs().plus(1);
        return ln40(y).toFixed() === y.ln().toFixed();
      }),
      { numRuns: 2000 },
    );
  });
});

describe('roundSignificant decides a 40-digit rounding only away from the half-way point', () => {
  it.each([
    ['179 / 256 = 0.699… to one digit', 179n, -8, 0n, 1, '0.7'],
    ['−179 / 256 to one digit, the sign put back', -179n, -8, 0n, 1, '-0.7'],
    ['3 × 2^10 = 3072 to two digits', 3n, 10, 0n, 2, '3100'],
    ['1 / 3 (in 2^−60 units) to 12 digits', (1n << 60n) / 3n, -60, 1n, 12, '0.333333333333'],
  ])('rounds %s', (_name, m, e2, error, digits, expected) => {
    expect(roundSignificant(m, e2, error, digits)?.toFixed()).toBe(expected);
  });

  it.each([
    ['exactly half-way (1.5 to one digit)', 3n, -1, 0n, 1],
    ['within 1/256 of a unit of half-way', (1n << 20n) * 15n + 1n, -21, 0n, 1],
    ['with an error bound too wide to decide', 1n << 40n, -40, 1n << 20n, 40],
  ])('refuses a value %s', (_name, m, e2, error, digits) => {
    expect(roundSignificant(m, e2, error, digits)).toBeNull();
  });
});

describe('roundEstimate decides a rounding from a double only when no half-way point is within its error', () => {
  it.each([
    ['a value exactly half-way', 0.5, 1e-17, 0],
    ['a value half-way at four places', 0.12345, 1e-17, 4],
    ['seed 003 gradient, half-way at three places', 0.7185, 1e-17, 3],
    ['a value within its error of half-way', 0.12345 + 1e-16, 1e-15, 4],
    ['infinity', Number.POSITIVE_INFINITY, 0, 4],
    ['NaN', Number.NaN, 0, 4],
    ['too many places for a double to decide', 0.123, 1e-17, 16],
  ])('refuses %s', (_name, estimate, error, places) => {
    expect(roundEstimate(estimate, error, places)).toBeNull();
  });

  it.each([
    [0.81234, 1e-15, 4, '0.8123'],
    [0.81236, 1e-15, 4, '0.8124'],
    [0.99999, 1e-15, 4, '1.0000'],
    [0.00004, 1e-15, 4, '0.0000'],
    [0.71851, 1e-15, 3, '0.719'],
  ])('rounds %d (±%d) to %i places as %s', (estimate, error, places, expected) => {
    expect(fixed(roundEstimate(estimate, error, places)!, places)).toBe(expected);
  });
});

describe('probabilityOf is round_p of the 40-digit logistic, in either mode', () => {
  const rulesFor = (probability: number, mode: RoundingMode) =>
    rulesOf(withRounding(strictModel(), { mode, probability: String(probability) }));

  it.each<[string, number, RoundingMode, string]>([
    ['0', 0, 'half-even', '0'],
    ['0', 0, 'half-up', '1'],
    ['0', 1, 'half-even', '0.5'],
    ['0', 4, 'half-up', '0.5000'],
  ])(
    'an exact tie (log-odds %s at %i places, %s) is decided by the 40-digit path and the mode',
    (x, places, mode, expected) => {
      expect(fixed(probabilityOf(rulesFor(places, mode), dec(x)), places)).toBe(expected);
    },
  );

  it('agrees with the 40-digit path on random log-odds, places and modes', () => {
    fc.assert(
      fc.property(
        decimalArb(2, 6),
        fc.integer({ min: 0, max: 12 }),
        fc.constantFrom<RoundingMode>('half-even', 'half-up'),
        (x, places, mode) => {
          const fast = probabilityOf(rulesFor(places, mode), x);
          const slow = round(logistic40(x), places, mode);
          return fast.eq(slow) && fixed(fast, places) === fixed(slow, places);
        },
      ),
      { numRuns: 3000 },
    );
  });

  it('agrees near every rounding boundary of four places', () => {
    // Log-odds whose logistic lies within about 1e−7 of a half-way point k/10^4 + 1/(2 × 10^4).
    const rules = rulesFor(4, 'half-even');
    for (let k = 1; k < 10_000; k += 7) {
      const target = (k + 0.5) / 10_000;
      const x = dec(Math.log(target / (1 - target)).toFixed(6));
      expect(fixed(probabilityOf(rules, x), 4)).toBe(fixed(round(logistic40(x), 4, 'half-even'), 4));
    }
  });

  it('bounds the double estimate by more than its actual error', () => {
    fc.assert(
      fc.property(decimalArb(2, 6), (x) => {
        const xd = x.toNumber();
        const estimate = 1 / (1 + Math.exp(-xd));
        const actual = Math.abs(new Decimal(estimate).minus(logistic40(x)).toNumber());
        return actual <= logisticEstimateError(xd, estimate);
      }),
      { numRuns: 2000 },
    );
  });
});

describe('logistic is the 40-digit 1 / (1 + e^(−x))', () => {
  it.each([
    '0',
    '1',
    '-1',
    '0.000001',
    '-0.000001',
    '92.1034',
    '-92.1034',
    '200',
    '-200',
    '700',
    '-700',
    '44999',
    '-44999',
    '50000',
    '-50000',
  ])('at %s', (x) => {
    expect(logistic(dec(x)).toFixed()).toBe(logistic40(dec(x)).toFixed());
  });

  it('agrees with the plain decimal.js computation over a wide range', () => {
    fc.assert(
      fc.property(decimalArb(3, 10), (x) => logistic(x).toFixed() === logistic40(x).toFixed()),
      { numRuns: 2000 },
    );
  });

  it('agrees with the plain decimal.js computation', () => {
    fc.assert(
      fc.property(decimalArb(2, 6), (x) => logistic(x).toFixed() === logistic40(x).toFixed()),
      { numRuns: 2000 },
    );
  });
});
