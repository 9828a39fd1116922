/**
 * Binary fixed point for the fast transcendental paths: a value is a bigint `m` standing for
 * `m × 2^(exponent)`, with an error bound counted in units of the last bit. `exp40` and `ln40` use
 * it, and every result they return is decided against the 40-digit rounding or refused; the
 * whole-number paths (units.ts and its users) borrow only `tenTo` and `scaledOf`.
 */
import { Decimal } from './decimal.ts';

/**
 * Bits after the binary point: 2^−168 ≈ 2.7e−51. A 40-digit rounding is decided only when the
 * error is below 1/512 of a unit in the 40th digit, i.e. error × 10^40 × 512 < the value's
 * mantissa: for exp (mantissa ≥ 0.70 × 2^168, error 2^7 units) and ln (|ln y| ≥ 2^−10, error 2^8
 * units) that leaves a margin of 2^8 and more. Three 64-bit digits per figure, where 200 bits took four.
 */
export const FRACTION_BITS = 168;
const SHIFT = BigInt(FRACTION_BITS);

/** An exact decimal string as an integer coefficient over a power of ten. */
export interface Scaled {
  readonly coefficient: bigint;
  readonly places: number;
}

/** Reads a decimal exactly as `coefficient / 10^places`. */
export function scaledOf(value: Decimal): Scaled {
  const text = value.toFixed();
  const point = text.indexOf('.');
  if (point < 0) return { coefficient: BigInt(text), places: 0 };
  return { coefficient: BigInt(text.slice(0, point) + text.slice(point + 1)), places: text.length - point - 1 };
}

const powers: bigint[] = [1n];
/** 10^n as a bigint, memoised. */
export function tenTo(n: number): bigint {
  for (let i = powers.length; i <= n; i++) powers.push(powers[i - 1]! * 10n);
  return powers[n]!;
}

/** `value × 2^FRACTION_BITS`, truncated towards zero (an error below one unit). */
export function toFixedPoint(value: Decimal): bigint {
  const { coefficient, places } = scaledOf(value);
  return (coefficient << SHIFT) / tenTo(places);
}

/** A 100-digit constant as a bigint over 2^bits (by default FRACTION_BITS), truncated: an error below one unit. */
export function constantOf(digits: string, bits = FRACTION_BITS): bigint {
  const { coefficient, places } = scaledOf(new Decimal(digits));
  return (coefficient << BigInt(bits)) / tenTo(places);
}

/**
 * `m × 2^e2` rounded to `digits` significant digits, half to even, when that rounding is decided:
 * the value is known to within `error × 2^e2` of the truth, the error is below 1/512 of a unit in
 * the last digit, and the value is more than 1/256 of a unit from the half-way point (or, with
 * `exact`, more than 16 errors from it: see `significantDigits`).
 * Returns null when undecided (the caller then computes at 40 digits with decimal.js). `m` may be
 * negative; rounding to nearest is symmetric, so the magnitude is rounded and the sign put back.
 */
export function roundSignificant(m: bigint, e2: number, error: bigint, digits: number, exact = false): Decimal | null {
  const found = significantDigits(m, e2, error, digits, exact);
  return found === null ? null : new Decimal(`${found.coefficient}e${found.exponent}`);
}

/** An exact decimal `coefficient × 10^exponent`. */
export interface Scientific {
  readonly coefficient: bigint;
  readonly exponent: number;
}

/**
 * `roundSignificant`'s result as an exact decimal, before it is made a Decimal (null: undecided).
 * Without `exact`, a value within 1/256 of a unit of the half-way point is left to the caller's
 * decimal.js computation, which checks only a few digits past the rounding one (exp's fallback is
 * decimal.js's own `exp` at 40 digits, so only where it surely rounds as the truth does may the
 * fast path decide). With `exact`, for a caller whose fallback is the correctly rounded value but
 * within about 1e−40 of a unit of a tie (ln's: decimal.js at 80 digits rounded to 40), a value
 * nearer than that is decided too, as long as it is more than 16 errors from the half-way point:
 * the truth is then on the same side, and the fallback would round it the same way.
 */
export function significantDigits(
  m: bigint,
  e2: number,
  error: bigint,
  digits: number,
  exact = false,
): Scientific | null {
  if (m === 0n) return null;
  const negative = m < 0n;
  const magnitude = negative ? -m : m;
  // The error must be below 1/512 of a unit in the last digit: error × 10^digits × 512 < m.
  if (error * tenTo(digits) * 512n >= magnitude) return null;
  let q = Math.floor(Math.log10(Number(magnitude)) + e2 * Math.LOG10E * Math.LN2);
  for (let attempt = 0; attempt < 3; attempt++) {
    const s = digits - 1 - q;
    const scaled = s >= 0 ? magnitude * tenTo(s) : magnitude;
    let whole: bigint;
    let twice: bigint;
    let den: bigint;
    // What `scaled` was multiplied by beyond m (10^s and 2^e2 where positive): the error in units
    // of 1/den is `error × grown`.
    let grown: bigint;
    if (s >= 0 && e2 < 0) {
      // The common case: a binary fraction scaled up; dividing by 2^−e2 is a shift.
      const shift = BigInt(-e2);
      whole = scaled >> shift;
      den = 1n << shift;
      twice = 2n * (scaled - (whole << shift)) - den;
      grown = tenTo(s);
    } else {
      let num = scaled;
      den = s >= 0 ? 1n : tenTo(-s);
      grown = s >= 0 ? tenTo(s) : 1n;
      if (e2 >= 0) {
        num <<= BigInt(e2);
        grown <<= BigInt(e2);
      } else den <<= BigInt(-e2);
      whole = num / den;
      twice = 2n * (num - whole * den) - den;
    }
    if (whole >= tenTo(digits)) {
      q += 1;
      continue;
    }
    if (whole < tenTo(digits - 1)) {
      q -= 1;
      continue;
    }
    // Within 1/256 of a unit of the half-way point: too close to call. The error is below 1/512,
    // so a decided value is at least 1/512 of a unit from the boundary, where decimal.js (which
    // checks its own rounding digits) rounds the same way.
    // With `exact`: |twice| / 2 is the distance from the half-way point in units of 1/den, so more
    // than 16 errors is |twice| > 32 × error × grown.
    const distance = twice < 0n ? -twice : twice;
    if (distance * 128n <= den && (!exact || distance <= 32n * error * grown)) return null;
    const rounded = twice > 0n ? whole + 1n : whole;
    return { coefficient: negative ? -rounded : rounded, exponent: -s };
  }
  return null;
}
