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
  toFixedPoint,
  type Scientific,
} from './fixedPoint.ts';

const SHIFT = BigInt(FRACTION_BITS);
const ONE = 1n << SHIFT;
const LN2 = constantOf(
  '0.6931471805599453094172321214581765680755001343602552541206800094933936219696947156058633269964186875',
);
/** Halvings before the series (undone by as many squarings): |r| ≤ 0.35 / 4096. */
const HALVINGS = 12;
/**
 * The error of the result in units of its last bit. Before the squarings it is at most 1 + |k| /
 * 2^12 (the reduction) + 1 (the halving) + 2 per series term (about 12 terms) + 1 (the tail): below
 * 64 for |k| ≤ 2^16. Each squaring of a value v ≤ e^0.36 turns an error ε into at most
 * 2vε + ε² + 1 < 2.9ε + 1, so after 12 squarings it is below 64 × 2.9^12 + 2 < 2^25. The bound
 * used is 2^28. tests/unit/engine/errorBounds.test.ts measures the error against 120-digit values
 * (at most about 5e4 units seen) and nearTies.test.ts aims at 40-digit half-way points.
 */
const ERROR = 1n << 28n;
/** |t| above this (|k| > 2^16) goes to decimal.js. */
const LIMIT = 45_000;

/** e^r for a fixed-point r (|r| ≤ 0.36): the mantissa in units of 2^−FRACTION_BITS. */
function expReduced(r: bigint): bigint {
  const small = r >> BigInt(HALVINGS);
  let sum = ONE;
  let term = ONE;
  for (let n = 1n; ; n++) {
    term = ((term * small) >> SHIFT) / n;
    if (term === 0n) break;
    sum += term;
  }
  for (let i = 0; i < HALVINGS; i++) sum = (sum * sum) >> SHIFT;
  return sum;
}

/**
 * e^t for a fixed-point t: `{ mantissa, exponent }` with e^t = mantissa × 2^(exponent) within
 * ERROR units of the mantissa's last bit. Exported for `ln40`.
 */
export function expFixed(t: bigint, approx: number): { mantissa: bigint; exponent: number } {
  const k = Math.round(approx / Math.LN2);
  const mantissa = expReduced(t - BigInt(k) * LN2);
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
