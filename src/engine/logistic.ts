/**
 * The logistic function, the one place where log-odds become a probability at 40 digits: e^(−x),
 * 1 + e^(−x) and the quotient, each rounded to 40 significant digits half to even as decimal.js
 * rounds them. The sum and the quotient are worked exactly in whole numbers (a tie is a tie), which
 * gives decimal.js's digits without its general machinery.
 */
import { Decimal } from './decimal.ts';
import { exp40Digits, expSlow } from './exp40.ts';
import { tenTo } from './fixedPoint.ts';

const ONE = new Decimal(1);

/** A whole number rounded to `digits` significant digits, half to even: `[coefficient, shift]`. */
function roundWhole(value: bigint, digits: number): [bigint, number] {
  const cut = value.toString().length - digits;
  if (cut <= 0) return [value, 0];
  const unit = tenTo(cut);
  let kept = value / unit;
  const rest = value - kept * unit;
  const half = unit / 2n;
  if (rest > half || (rest === half && kept % 2n === 1n)) kept += 1n;
  return [kept, cut];
}

/** 1 / (1 + e^(−x)) at the working precision, identical to decimal.js's `1 / (1 + exp(−x))`. */
export function logistic(x: Decimal): Decimal {
  const minus = x.neg();
  const e = exp40Digits(minus);
  if (e === null) return ONE.div(ONE.plus(expSlow(minus)));
  const digits = Decimal.precision;
  // 1 + e = k × 10^b exactly, then rounded to 40 digits.
  const [k, b] =
    e.exponent >= 0 ? [e.coefficient * tenTo(e.exponent) + 1n, 0] : [e.coefficient + tenTo(-e.exponent), e.exponent];
  const [sum, shift] = roundWhole(k, digits);
  // 1 / (sum × 10^(b + shift)): the quotient 10^m / sum with exactly 40 digits, rounded half to even.
  let m = digits - 1 + sum.toString().length;
  let quotient = tenTo(m) / sum;
  if (quotient >= tenTo(digits)) {
    m -= 1;
    quotient = tenTo(m) / sum;
  }
  const twice = 2n * (tenTo(m) - quotient * sum);
  if (twice > sum || (twice === sum && quotient % 2n === 1n)) quotient += 1n;
  return new Decimal(`${quotient}e${-m - b - shift}`);
}
