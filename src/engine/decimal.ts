/**
 * The one home of the number system. Every figure is a decimal.js value from this clone, at 40
 * significant digits (what ln and exp are computed to); quantities are never JS numbers, and
 * rounding to a model's places happens only through `round` below.
 */
import DecimalJs from 'decimal.js';
import type { RoundingMode } from './types.ts';

/** decimal.js configured for the ledger: 40 significant digits, ties to even in intermediate steps. */
export const Decimal = DecimalJs.clone({
  precision: 40,
  rounding: DecimalJs.ROUND_HALF_EVEN,
  toExpNeg: -9e15,
  toExpPos: 9e15,
});

/** A decimal value of the ledger's number system. */
export type Decimal = InstanceType<typeof Decimal>;

const MODES: Readonly<Record<RoundingMode, DecimalJs.Rounding>> = {
  'half-even': DecimalJs.ROUND_HALF_EVEN,
  // Ties away from zero, as Python's decimal.ROUND_HALF_UP does.
  'half-up': DecimalJs.ROUND_HALF_UP,
};

/** Parses an exact decimal string. */
export function dec(value: string | number | Decimal): Decimal {
  return new Decimal(value);
}

/** Rounds to `places` decimal places with the model's rounding mode. */
export function round(value: Decimal, places: number, mode: RoundingMode): Decimal {
  return value.toDecimalPlaces(places, MODES[mode]);
}

/** Writes a decimal with exactly `places` places; a negative zero is written as zero. */
export function fixed(value: Decimal, places: number): string {
  const text = value.toFixed(places);
  return text.charCodeAt(0) === 45 && /^-0\.?0*$/.test(text) ? text.slice(1) : text;
}

/** Writes a decimal exactly, in plain notation and with no trailing zeros. */
export function plain(value: Decimal): string {
  const text = value.toFixed();
  return text === '-0' ? '0' : text;
}
