/**
 * ln(y) at the ledger's 40 significant digits, correctly rounded but within a hair of a tie, in a few
 * microseconds: start from the binary logarithm's estimate y0, correct it exactly with
 * ln(y) = y0 + ln(y × e^(−y0)), where y × e^(−y0) is within about 1e−15 of 1 so that its series
 * needs three or four terms, and round to 40 digits only when that rounding is decided.
 */
import { Decimal } from './decimal.ts';
import { EXP_ERROR, expFixed, SMALL } from './exp40.ts';
import { fallbacks } from './fastPath.ts';
import { FRACTION_BITS, roundSignificant, scaledOf, significantDigits, tenTo, type Scientific } from './fixedPoint.ts';

const SHIFT = BigInt(FRACTION_BITS);
const ONE = 1n << SHIFT;
/** Where y0 = ln(y) must lie for the fast path: away from 0 (y near 1 loses relative precision). */
const SMALLEST = 2 ** -10;
const LARGEST = 700;

/**
 * The error bound of `lnFixed`, in units of 2^−FRACTION_BITS: w's error (below 1.43 × EXP_ERROR + 2,
 * as w's mantissa is at least 0.70) and the series' (two units a term, at most six terms for
 * |z| ≤ 2^−30) come to below 197 (measured in errorBounds.test.ts).
 */
export const LN_ERROR = 2n * EXP_ERROR;

/**
 * decimal.js at twice the ledger's digits, for what the fast path leaves: decimal.js's own `ln` at 40
 * digits is not always correctly rounded within about 1e−20 of a unit of a tie at the 40th digit (a
 * y of 80 digits near e^0.9796121635953655 gave …0001 where ln rounds to …0000), and at 80 digits,
 * rounded to 40, it is wrong only within about 1e−40 of a unit of one.
 */
const Wider = Decimal.clone({ precision: 2 * Decimal.precision });

/**
 * ln(y) at 40 significant digits, correctly rounded (ties to even) but within a hair of a tie. The
 * fast path decides every value more than 16 of its errors from a half-way point (the fallback
 * rounds such a value the same way): of 400,000 reputation-like y, 2 reached decimal.js, not 3,164.
 */
export function ln40(y: Decimal): Decimal {
  const value = lnFixed(y);
  const decided = value === null ? null : roundSignificant(value, -FRACTION_BITS, LN_ERROR, Decimal.precision, true);
  if (decided !== null) return decided;
  fallbacks.ln += 1;
  return new Decimal(new Wider(y.toFixed()).ln().toFixed()).toSignificantDigits(Decimal.precision);
}

/**
 * ln(y) in units of 2^−FRACTION_BITS, within LN_ERROR units of the truth, or null where the fast
 * path does not apply (ln(y) too near 0 or too large, or a Math.log too far off).
 */
export function lnFixed(y: Decimal): bigint | null {
  const { coefficient, places } = scaledOf(y);
  return lnFixedOf(coefficient, places, y.toNumber());
}

/**
 * `lnFixed` for y = coefficient × 10^−places (positive) given as digits, with `approx` its double
 * (within a few units of its last bit: the exact correction below takes up the difference).
 */
export function lnFixedOf(coefficient: bigint, places: number, approx: number): bigint | null {
  const y0 = Math.log(approx);
  if (!(Math.abs(y0) >= SMALLEST && Math.abs(y0) <= LARGEST)) return null;
  // |y0| ≥ 2^−10 has its last bit at or above 2^−62, so y0 × 2^62 is a whole number.
  const t0 = BigInt(y0 * 2 ** 62) << (SHIFT - 62n);
  const { mantissa, exponent } = expFixed(-t0, -y0);
  // w = y × e^(−y0) in fixed point; its error is y × 2^(exponent + FRACTION_BITS) × EXP_ERROR + 2
  // units, and y × 2^(exponent + FRACTION_BITS) ≈ 1 / (mantissa / 2^FRACTION_BITS) < 1.43.
  const shift = exponent + FRACTION_BITS;
  const product = coefficient * mantissa;
  const shifted = shift >= 0 ? product << BigInt(shift) : product >> BigInt(-shift);
  const w = places === 0 ? shifted : shifted / tenTo(places);
  const z = w - ONE;
  // A faithful Math.log leaves |z| near 1e−16; anything far larger means no such luck here.
  if ((z < 0n ? -z : z) > ONE >> 30n) return null;
  // ln(1 + z) = z − z²/2 + z³/3 − …, each term truncated (one unit each).
  let sum = z;
  let power = z;
  for (let n = 2; ; n++) {
    power = (power * z) >> SHIFT;
    if (power === 0n) break;
    const divisor = SMALL[n] ?? BigInt(n);
    sum += n % 2 === 0 ? -(power / divisor) : power / divisor;
  }
  // Total error: 1.43 × EXP_ERROR + 2 (w), scaled by 1 / (1 + z) ≈ 1, plus two units per term.
  return t0 + sum;
}

/** ln(y) at 40 significant digits as an exact decimal, for y given as digits, or null where decimal.js must decide. */
export function ln40DigitsOf(coefficient: bigint, places: number, approx: number): Scientific | null {
  const value = lnFixedOf(coefficient, places, approx);
  return value === null ? null : significantDigits(value, -FRACTION_BITS, LN_ERROR, Decimal.precision, true);
}
