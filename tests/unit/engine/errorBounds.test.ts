/**
 * The fast paths' error bounds, measured instead of argued: the raw (unrounded) value of each fast
 * path is compared with the same function computed independently at 120 significant digits by a
 * separate decimal.js clone, over a wide spread of arguments up to the limits the engine lets reach
 * the fast paths, and its error must stay within the bound its code claims (and relies on to
 * decide a rounding): EXP_ERROR units for `expFixed`, LN_ERROR units for `lnFixed`, and
 * `logisticEstimateError` for the double estimate of the logistic.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  dec,
  EXP_ERROR,
  expFixed,
  LN_ERROR,
  lnFixed,
  logisticEstimate,
  logisticEstimateError,
  type Decimal,
} from '../../../src/engine/index.ts';
import { FRACTION_BITS, toFixedPoint } from '../../../src/engine/fixedPoint.ts';
import { exactDouble, logistic40, logisticExact, twoTo, wide, Wide } from '../../support/wide.ts';

/** A decimal with `digits` significant digits and its leading digit at 10^exponent. */
const decimalArb = (minExponent: number, maxExponent: number, maxDigits = 40): fc.Arbitrary<Decimal> =>
  fc
    .tuple(
      fc.boolean(),
      fc.integer({ min: 1, max: maxDigits }),
      fc.bigInt({ min: 1n, max: 10n ** 40n - 1n }),
      fc.integer({ min: minExponent, max: maxExponent }),
    )
    .map(([negative, digits, coefficient, exponent]) => {
      const text = coefficient.toString().padStart(40, '1').slice(0, digits);
      return dec(`${negative ? '-' : ''}${text[0]}.${text.slice(1) || '0'}e${exponent}`);
    });

/** Log-odds as the engine builds them: a sum of weights with 0 to 8 places, in (−100, 100). */
const logOddsArb = fc
  .tuple(fc.integer({ min: -100_000_000, max: 100_000_000 }), fc.integer({ min: 0, max: 8 }))
  .map(([n, places]) =>
    dec(n)
      .div(dec(10).pow(places))
      .times(places === 0 ? '0.000001' : '1'),
  );

/** |fast − e^t| in units of the fast value's last bit. */
function expError(t: Decimal): Wide {
  const { mantissa, exponent } = expFixed(toFixedPoint(t), t.toNumber());
  return wide(t).exp().div(twoTo(exponent)).minus(wide(mantissa)).abs();
}

/** |fast − ln y| in units of 2^−FRACTION_BITS, or null where the fast path does not apply. */
function lnError(y: Decimal): Wide | null {
  const value = lnFixed(y);
  if (value === null) return null;
  return wide(y).ln().times(twoTo(FRACTION_BITS)).minus(wide(value)).abs();
}

const EXP_BOUND = wide(EXP_ERROR);
const LN_BOUND = wide(LN_ERROR);

describe('expFixed is within EXP_ERROR units of e^t', () => {
  /** The largest |t| that reaches the fast path (exp40's LIMIT) and the reduction's k boundaries. */
  it.each([
    '45000',
    '-45000',
    '44999.999999',
    '-44999.999999',
    '700',
    '-700',
    '0.3465735902799453', // ln 2 / 2, where k changes
    '-0.3465735902799453',
    '1.0397207708399179', // 3 ln 2 / 2
    '22713.0468', // about 2^15 × ln 2, |k| near 2^15
    '-45000.000000',
    '1e-30',
    '-1e-30',
    '0.000001',
    '-0.000001',
    '1.234567890123456789012345678901234567891',
    '-9999.999999999999999999999999999999999999',
  ])('at t = %s', (t) => {
    expect(expError(dec(t)).lte(EXP_BOUND)).toBe(true);
  });

  it('holds for log-odds the engine builds', () => {
    fc.assert(
      fc.property(logOddsArb, (t) => t.isZero() || expError(t).lte(EXP_BOUND)),
      { numRuns: 300 },
    );
  });

  it('holds for 1 to 40 significant digits from 1e−40 to 45000 in magnitude', () => {
    fc.assert(
      fc.property(
        decimalArb(-40, 4).filter((t) => t.abs().lte(45_000)),
        (t) => expError(t).lte(EXP_BOUND),
      ),
      { numRuns: 400 },
    );
  });
});

describe('lnFixed is within LN_ERROR units of ln y', () => {
  it.each([
    '1.0009765625', // ln y just under 2^−10: left to decimal.js
    '1.001', // just over
    '0.999',
    '2',
    '801',
    '5001',
    '1.5',
    '1e300',
    '1e-300',
    '1e304', // ln y about 700, the top of the fast path's range
    '9999999999999999999999999999999999999999',
    '1234567890.123456789012345678901234567891',
  ])('at y = %s', (y) => {
    const error = lnError(dec(y));
    if (error !== null) expect(error.lte(LN_BOUND)).toBe(true);
  });

  it('takes the fast path on the arguments above that it should', () => {
    expect(['1.001', '2', '801', '1e300', '1e-300'].every((y) => lnFixed(dec(y)) !== null)).toBe(true);
    expect(['1', '1.0009765625', '1e305'].map((y) => lnFixed(dec(y)))).toEqual([null, null, null]);
  });

  it('holds for 1 + whole reputations from 0 to 5000 and random ones up to 1e40', () => {
    for (let r = 0; r <= 5000; r += 37) {
      const error = lnError(dec(r + 1));
      if (error !== null) expect(error.lte(LN_BOUND), `1 + ${r}`).toBe(true);
    }
    fc.assert(
      fc.property(
        decimalArb(-3, 39).map((r) => r.abs().plus(1)),
        (y) => lnError(y)?.lte(LN_BOUND) ?? true,
      ),
      { numRuns: 300 },
    );
  });

  it('holds for arguments below 1 too', () => {
    fc.assert(
      fc.property(
        decimalArb(-300, -1).map((y) => y.abs()),
        (y) => lnError(y)?.lte(LN_BOUND) ?? true,
      ),
      { numRuns: 150 },
    );
  });
});

describe('the double estimate of the logistic is within logisticEstimateError of the 40-digit value', () => {
  /** |estimate − 40-digit logistic| against the claimed bound, both as exact decimals. */
  const within = (x: Decimal): boolean => {
    const xd = x.toNumber();
    const estimate = logisticEstimate(xd);
    const actual = exactDouble(estimate)
      .minus(logistic40(wide(x)))
      .abs();
    return actual.lte(exactDouble(logisticEstimateError(xd, estimate)));
  };

  it.each(['0', '700', '-700', '699.999999', '-699.999999', '36.7368', '-36.7368', '1e-30', '-0.000001', '92.1034'])(
    'at x = %s',
    (x) => {
      expect(within(dec(x))).toBe(true);
    },
  );

  it('holds for log-odds the engine builds and for 1 to 40 digits up to 700 in magnitude', () => {
    fc.assert(fc.property(logOddsArb, within), { numRuns: 400 });
    fc.assert(
      fc.property(
        decimalArb(-40, 2).filter((x) => x.abs().lte(700)),
        within,
      ),
      { numRuns: 400 },
    );
  });

  it('leaves the 40-digit value within 1e−38 of the exact logistic, as the bound assumes', () => {
    fc.assert(
      fc.property(
        decimalArb(-40, 2).filter((x) => x.abs().lte(700)),
        (x) => {
          return logistic40(wide(x))
            .minus(logisticExact(wide(x)))
            .abs()
            .lte('1e-38');
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe('the bounds as the code works them out, at FRACTION_BITS bits', () => {
  /** The largest of a batch of errors, as a number of units. */
  const largest = (errors: readonly (Wide | null)[]): number =>
    Math.max(...errors.map((error) => (error === null ? 0 : error.toNumber())));
  const exps = [
    ...['45000', '-45000', '700', '-700', '0.3465735902799453', '-0.3465735902799453', '1e-30'].map(dec),
    ...fc.sample(logOddsArb, { numRuns: 300, seed: 17 }),
    ...fc.sample(
      decimalArb(-40, 4).filter((t) => t.abs().lte(45_000) && !t.isZero()),
      { numRuns: 300, seed: 18 },
    ),
  ].filter((t) => !t.isZero());

  it('keeps expFixed within the 47 units exp40.ts adds up (the bound used is 2^7)', () => {
    expect(largest(exps.map(expError))).toBeLessThan(47);
    expect(EXP_ERROR).toBe(128n);
  });

  it('keeps lnFixed within the 197 units ln40.ts adds up (the bound used is 2^8)', () => {
    const ys = [
      ...Array.from({ length: 200 }, (_, r) => dec(r * 29 + 2)),
      ...fc.sample(
        decimalArb(-3, 39).map((r) => r.abs().plus(1)),
        { numRuns: 200, seed: 19 },
      ),
      ...fc.sample(
        decimalArb(-300, -1).map((y) => y.abs()),
        { numRuns: 100, seed: 20 },
      ),
    ];
    expect(largest(ys.map(lnError))).toBeLessThan(197);
    expect(LN_ERROR).toBe(256n);
  });

  it('decides a 40-digit rounding with those bounds: error × 10^40 × 512 below the smallest value', () => {
    // exp's mantissa is at least e^(−0.35) × 2^FRACTION_BITS; ln's value at least 2^−10 × 2^FRACTION_BITS.
    const decides = (error: bigint, smallest: Wide): boolean =>
      wide(error)
        .times(wide(10n ** 40n))
        .times(512)
        .lt(smallest.times(twoTo(FRACTION_BITS)));
    expect(decides(EXP_ERROR, new Wide('-0.35').exp())).toBe(true);
    expect(decides(LN_ERROR, twoTo(-10))).toBe(true);
    expect(FRACTION_BITS).toBeLessThanOrEqual(192);
  });
});
