/**
 * Exact decimals as whole numbers: `coefficient × 10^−places` with a bigint coefficient, rounded and
 * written as decimal.js rounds and writes the same value. The fast paths of steps 2, 3 and 10 work
 * in these where every figure keeps to 40 significant digits (where decimal.js is exact too).
 */
import { Decimal } from './decimal.ts';
import { tenTo } from './fixedPoint.ts';
import type { RoundingMode } from './types.ts';

/** Significant digits of a whole number, trailing zeros not counted (what decimal.js's precision counts). */
export function significant(value: bigint): number {
  const text = (value < 0n ? -value : value).toString();
  let end = text.length;
  while (end > 1 && text.charCodeAt(end - 1) === 48) end -= 1;
  return end;
}

const PRECISION_LIMIT = tenTo(Decimal.precision);

/**
 * Whether a whole number has at most `Decimal.precision` significant digits (so that decimal.js
 * holds it exactly): always below 10^precision, and only past that are its digits counted.
 */
export function withinPrecision(value: bigint): boolean {
  if (value < PRECISION_LIMIT && value > -PRECISION_LIMIT) return true;
  return significant(value) <= Decimal.precision;
}

/** `coefficient × 10^−places` written as `plain` writes the decimal: no trailing zeros, no −0. */
export function plainText(coefficient: bigint, places: number): string {
  if (coefficient === 0n) return '0';
  const negative = coefficient < 0n;
  let digits = (negative ? -coefficient : coefficient).toString();
  let kept = places;
  let end = digits.length;
  while (kept > 0 && digits.charCodeAt(end - 1) === 48) {
    end -= 1;
    kept -= 1;
  }
  digits = digits.slice(0, end);
  if (kept > 0) {
    digits = digits.padStart(kept + 1, '0');
    digits = `${digits.slice(0, digits.length - kept)}.${digits.slice(digits.length - kept)}`;
  } else if (kept < 0) digits += '0'.repeat(-kept);
  return negative ? `-${digits}` : digits;
}

/**
 * `coefficient × 10^−places` rounded to `w` places with the mode, in units of 10^−w: the magnitude
 * is rounded and the sign put back, as both modes are symmetric about zero.
 */
export function roundUnits(coefficient: bigint, places: number, w: number, mode: RoundingMode): bigint {
  const cut = places - w;
  if (cut <= 0) return coefficient * tenTo(-cut);
  const negative = coefficient < 0n;
  const magnitude = negative ? -coefficient : coefficient;
  const unit = tenTo(cut);
  let kept = magnitude / unit;
  const twice = 2n * (magnitude - kept * unit);
  if (twice > unit || (twice === unit && (mode === 'half-up' || kept % 2n === 1n))) kept += 1n;
  return negative ? -kept : kept;
}

/** Units of 10^−w written with exactly w places, as `fixed` writes the decimal (a zero unsigned). */
export function unitsText(units: bigint, w: number): string {
  const negative = units < 0n;
  const digits = (negative ? -units : units).toString().padStart(w + 1, '0');
  const text = w === 0 ? digits : `${digits.slice(0, digits.length - w)}.${digits.slice(digits.length - w)}`;
  return negative ? `-${text}` : text;
}
