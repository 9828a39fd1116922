/**
 * e^t at the ledger's 40 significant digits, the same value decimal.js's `exp` gives, in a few
 * microseconds instead of a few hundred: a binary fixed-point series with a proven error bound,
 * rounded to 40 digits only when that rounding is decided, and decimal.js otherwise.
 */
import { Decimal } from './decimal.ts';
import { fallbacks } from './fastPath.ts';
import {
  constantOf,
  FRACTION_BITS,
  roundSignificant,
  significantDigits,
  tenTo,
  toFixedPoint,
  type Scientific,
} from './fixedPoint.ts';

const SHIFT = BigInt(FRACTION_BITS);
const ONE = 1n << SHIFT;
/** Extra bits of ln 2, so that k × ln 2 costs under a unit for every |k| ≤ 2^16. */
const LN2_GUARD = 24n;
const LN2_WIDE = constantOf(
  '0.6931471805599453094172321214581765680755001343602552541206800094933936219696947156058633269964186875',
  FRACTION_BITS + Number(LN2_GUARD),
);

/**
 * e^(x × 2^(−bits)) for a fixed-point x with |x| ≤ 2^bits, by its Taylor series (each term
 * truncated: under two units a term, about 50 terms), rounded to FRACTION_BITS: for the tables,
 * worked 32 bits finer than they keep, so that each entry is within one unit of the truth.
 */
function expSeries(x: bigint, bits: bigint): bigint {
  const one = 1n << bits;
  let sum = one;
  let term = one;
  for (let n = 1n; ; n++) {
    term = (term * x) / one / n;
    if (term === 0n) break;
    sum += term;
  }
  const drop = bits - SHIFT;
  return (sum + (1n << (drop - 1n))) >> drop;
}

/** e^(j × 2^(−shift)) for j from −reach to reach, each within one unit of the truth. */
function table(shift: number, reach: number): bigint[] {
  const bits = SHIFT + 32n;
  return Array.from({ length: 2 * reach + 1 }, (_, i) => expSeries(BigInt(i - reach) << (bits - BigInt(shift)), bits));
}

/**
 * The reduced argument r (|r| ≤ ln 2 / 2 and a hair) is split as r = a/32 + b/1024 + c/32768 + s
 * with |s| ≤ 2^−15, so that e^r = A[a] × B[b] × C[c] × e^s from three small tables and a series
 * of about ten terms (instead of halving r twelve times and squaring twelve times back).
 */
const A_REACH = 12;
const B_REACH = 17;
const C_REACH = 17;
const A = table(5, A_REACH);
const B = table(10, B_REACH);
const C = table(15, C_REACH);
const C_SHIFT = SHIFT - 15n;

/**
 * The error of the result in units of its last bit, worked out term by term (each unit is
 * 2^−FRACTION_BITS of the mantissa, which lies in [0.70, 1.42]):
 * - r: t to fixed point (below 1), k × ln 2 (below 1 + |k| × 2^−24 < 1.01), the shift (below 1):
 *   below 3.01 units of r, which e^r turns into below 1.42 × 3.01 < 4.3 units;
 * - the series for |s| ≤ 2^−15 (at most 11 terms, each truncated twice, the tail below one unit):
 *   below 23 units;
 * - the three table entries (each within one unit) and the three products (each multiplying two
 *   values below 1.46 with errors ε1, ε2 into ε1 × v2 + ε2 × v1 + ε1 × ε2 + 1): A × B below 4.5,
 *   × C below 7.1, × e^s below 1.46 × 23 + 1.01 × 7.1 + 1 < 42.
 * In all below 47; the bound used is 2^7. tests/unit/engine/errorBounds.test.ts measures the error
 * against 120-digit values, and nearTies.test.ts aims at 40-digit half-way points.
 */
const ERROR = 1n << 7n;
/** 0n to 63n, the series' divisors. */
export const SMALL: readonly bigint[] = Array.from({ length: 64 }, (_, n) => BigInt(n));
/** |t| above this (|k| > 2^16) goes to decimal.js. */
const LIMIT = 45_000;

/** e^r for a fixed-point r (|r| ≤ 0.36): the mantissa in units of 2^−FRACTION_BITS. */
function expReduced(r: bigint): bigint {
  // The split by doubles: any split works (s is computed exactly from it); these keep |s| small.
  const rd = Number(r >> (SHIFT - 52n)) / 2 ** 52;
  const a = Math.round(rd * 32);
  const b = Math.round((rd - a / 32) * 1024);
  const c = Math.round((rd - a / 32 - b / 1024) * 32768);
  const s = r - (BigInt(a * 1024 + b * 32 + c) << C_SHIFT);
  let sum = ONE;
  let term = ONE;
  // The divisors 1n, 2n, … from a table (a bigint counter would make a new bigint each term).
  for (let n = 1; ; n++) {
    term = ((term * s) >> SHIFT) / (SMALL[n] ?? BigInt(n));
    if (term === 0n) break;
    sum += term;
  }
  const ab = (A[a + A_REACH]! * B[b + B_REACH]!) >> SHIFT;
  return (((ab * C[c + C_REACH]!) >> SHIFT) * sum) >> SHIFT;
}

/**
 * e^t for a fixed-point t: `{ mantissa, exponent }` with e^t = mantissa × 2^(exponent) within
 * ERROR units of the mantissa's last bit. Exported for `ln40`.
 */
export function expFixed(t: bigint, approx: number): { mantissa: bigint; exponent: number } {
  const k = Math.round(approx / Math.LN2);
  const mantissa = expReduced(t - ((BigInt(k) * LN2_WIDE) >> LN2_GUARD));
  return { mantissa, exponent: k - FRACTION_BITS };
}

/** The error bound of `expFixed`, in units of the mantissa's last bit. */
export const EXP_ERROR = ERROR;

/** `t.exp()` at 40 significant digits as an exact decimal, or null where decimal.js must decide. */
export function exp40Digits(t: Decimal): Scientific | null {
  const approx = t.toNumber();
  if (t.isZero() || !(Math.abs(approx) <= LIMIT)) return null;
  const { mantissa, exponent } = expFixed(toFixedPoint(t), approx);
  return significantDigits(mantissa, exponent, ERROR, Decimal.precision);
}

/**
 * `exp40Digits` for t = coefficient × 10^−places given as a whole number, with `approx` the double
 * nearest t (as `t.toNumber()` gives it): the same fixed-point t as `toFixedPoint`, since both
 * truncate the same quotient, so the same result, without a Decimal made or written.
 */
export function exp40DigitsOfScaled(coefficient: bigint, places: number, approx: number): Scientific | null {
  if (coefficient === 0n || !(Math.abs(approx) <= LIMIT)) return null;
  const { mantissa, exponent } = expFixed((coefficient << SHIFT) / tenTo(places), approx);
  return significantDigits(mantissa, exponent, ERROR, Decimal.precision);
}

/** `t.exp()` at 40 significant digits, identical to decimal.js's result. */
export function exp40(t: Decimal): Decimal {
  const approx = t.toNumber();
  if (t.isZero() || !(Math.abs(approx) <= LIMIT)) return expSlow(t);
  const { mantissa, exponent } = expFixed(toFixedPoint(t), approx);
  return roundSignificant(mantissa, exponent, ERROR, Decimal.precision) ?? expSlow(t);
}

/** decimal.js's `exp`, counted as a fallback of the fast path. */
export function expSlow(t: Decimal): Decimal {
  fallbacks.exp += 1;
  return t.exp();
}
