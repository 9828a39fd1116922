/**
 * An independent high-precision computation for the exactness tests: a separate decimal.js clone at
 * 120 significant digits (80 more than the engine keeps), the exact value of a double, and the
 * ledger's 40-digit logistic rebuilt from 120-digit steps, each rounded to 40 digits.
 */
import DecimalJs from 'decimal.js';
import type { Decimal } from '../../src/engine/index.ts';

/** decimal.js at 120 significant digits, ties to even. */
export const Wide = DecimalJs.clone({
  precision: 120,
  rounding: DecimalJs.ROUND_HALF_EVEN,
  toExpNeg: -9e15,
  toExpPos: 9e15,
});
/** A value of the 120-digit clone. */
export type Wide = InstanceType<typeof Wide>;

/** An engine decimal, a bigint or a decimal string as a 120-digit value (exactly). */
export function wide(value: Decimal | bigint | string): Wide {
  return new Wide(typeof value === 'object' ? value.toFixed() : String(value));
}

const TWO = new Wide(2);

/** 2^n at 120 digits. */
export function twoTo(n: number): Wide {
  return TWO.pow(n);
}

/** The exact value of a double (decimal.js would read a number through its shortest string). */
export function exactDouble(value: number): Wide {
  if (value === 0) return new Wide(0);
  const view = new DataView(new ArrayBuffer(8));
  view.setFloat64(0, value);
  const bits = view.getBigUint64(0);
  const biased = Number((bits >> 52n) & 0x7ffn);
  const fraction = bits & ((1n << 52n) - 1n);
  const mantissa = biased === 0 ? fraction : fraction | (1n << 52n);
  const magnitude = wide(mantissa).times(TWO.pow((biased === 0 ? 1 : biased) - 1075));
  return bits >> 63n === 1n ? magnitude.neg() : magnitude;
}

/** A 120-digit value rounded to the engine's 40 significant digits, ties to even. */
export function to40(value: Wide): Wide {
  return value.toSignificantDigits(40, DecimalJs.ROUND_HALF_EVEN);
}

/** The ledger's 40-digit logistic: e^(−x), 1 + that and 1 / that, each rounded to 40 digits. */
export function logistic40(x: Wide): Wide {
  const e = to40(x.neg().exp());
  // Where 1 or e is below half a unit of the other's 40th digit the sum rounds to the larger (the
  // exact sum would need more than 120 digits to write).
  const sum = e.lt('1e-45') ? new Wide(1) : e.gt('1e45') ? e : to40(e.plus(1));
  return to40(new Wide(1).div(sum));
}

/** The exact logistic 1 / (1 + e^(−x)), to 120 digits. */
export function logisticExact(x: Wide): Wide {
  return new Wide(1).div(x.neg().exp().plus(1));
}

/** Rounds to `places` decimal places with a model's rounding mode, as a fixed string. */
export function roundedText(value: Wide, places: number, mode: 'half-even' | 'half-up'): string {
  return value.toFixed(places, mode === 'half-even' ? DecimalJs.ROUND_HALF_EVEN : DecimalJs.ROUND_HALF_UP);
}

/**
 * How far a value lies from the nearest half-way point between two neighbours at `places` decimal
 * places, in absolute terms.
 */
export function distanceToHalfway(value: Wide, places: number): Wide {
  const unit = new Wide(10).pow(-places);
  const scaled = value.div(unit);
  return scaled.minus(scaled.floor()).minus('0.5').abs().times(unit);
}

/**
 * How far a value lies from the nearest half-way point at 40 significant digits, in units of its
 * 40th digit (0 is a tie, 0.5 is a representable 40-digit value).
 */
export function unitsToHalfway40(value: Wide): Wide {
  const scaled = value.abs().div(new Wide(10).pow(value.abs().e - 39));
  return scaled.minus(scaled.floor()).minus('0.5').abs();
}
