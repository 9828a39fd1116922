/**
 * The logistic function, the one place where log-odds become a probability at 40 digits: e^(−x),
 * 1 + e^(−x) and the quotient, each rounded to 40 significant digits half to even as decimal.js
 * rounds them. The sum and the quotient are worked exactly in whole numbers (a tie is a tie), which
 * gives decimal.js's digits without its general machinery.
 */
import { Decimal, fixed, plain, round } from './decimal.ts';
import { exp40Digits, exp40DigitsOfScaled, expSlow } from './exp40.ts';
import { tenTo, type Scientific } from './fixedPoint.ts';
import type { RoundingMode } from './types.ts';
import { plainText } from './units.ts';

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
  const digits = logisticDigits(x);
  return digits === null ? logisticSlow(x) : new Decimal(`${digits.coefficient}e${digits.exponent}`);
}

function logisticSlow(x: Decimal): Decimal {
  const minus = x.neg();
  return ONE.div(ONE.plus(expSlow(minus)));
}

/** `logistic(x)` as an exact `coefficient × 10^exponent` (coefficient > 0), or null where decimal.js decides. */
function logisticDigits(x: Decimal): Scientific | null {
  return logisticOfExp(exp40Digits(x.neg()));
}

/** 1 / (1 + e) from e = e^(−x) at 40 digits (null: decimal.js decides), as `logisticDigits` gives it. */
function logisticOfExp(e: Scientific | null): Scientific | null {
  if (e === null) return null;
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
  return { coefficient: quotient, exponent: -m - b - shift };
}

/** Step 7's figures from the posterior log-odds: the 40-digit logistic and its rounding. */
export interface LogisticRounded {
  /** `plain(logistic(x))`. */
  readonly exactText: string;
  /** `round(logistic(x), places, mode)` (made only when asked for). */
  readonly probability: Decimal;
  /** That probability in whole units of 10^−places, where it was worked so (null: read `probability`). */
  readonly units: bigint | null;
  /** `fixed(probability, places)`. */
  readonly probabilityText: string;
}

/**
 * `logistic(x)` written plainly and rounded to `places` with `mode`, worked from its 40 digits in
 * whole numbers instead of through a Decimal's parsing and writing: the same digits, since both
 * writings and the rounding of an exact `q × 10^e` are exact integer operations.
 */
export function logisticRounded(x: Decimal, places: number, mode: RoundingMode): LogisticRounded {
  const digits = logisticDigits(x);
  return digits === null ? roundedSlow(x, places, mode) : roundedFromDigits(digits, places, mode);
}

/**
 * `logisticRounded(x)` for x = units × 10^−unitPlaces given as a whole number: e^(−x) from the same
 * digits and the same double as `x.neg()` gives (`Number` of the exact writing is the nearest
 * double, as `toNumber` is), so the same figures; a Decimal is made only where decimal.js decides.
 */
export function logisticRoundedOfUnits(
  units: bigint,
  unitPlaces: number,
  places: number,
  mode: RoundingMode,
): LogisticRounded {
  const minus = -units;
  const digits =
    units === 0n ? null : logisticOfExp(exp40DigitsOfScaled(minus, unitPlaces, Number(plainText(minus, unitPlaces))));
  return digits === null
    ? roundedSlow(new Decimal(`${units}e-${unitPlaces}`), places, mode)
    : roundedFromDigits(digits, places, mode);
}

/** Step 7's figures through decimal.js, where the fast logistic does not decide. */
function roundedSlow(x: Decimal, places: number, mode: RoundingMode): LogisticRounded {
  const exact = logisticSlow(x);
  const probability = round(exact, places, mode);
  return { exactText: plain(exact), probability, probabilityText: fixed(probability, places), units: null };
}

/** Step 7's figures from the logistic's exact 40 digits. */
function roundedFromDigits(digits: Scientific, places: number, mode: RoundingMode): LogisticRounded {
  let { coefficient, exponent } = digits;
  // The plain writing has no trailing zeros.
  while (coefficient % 10n === 0n) {
    coefficient /= 10n;
    exponent += 1;
  }
  const text = coefficient.toString();
  let exactText: string;
  if (exponent >= 0) exactText = text + '0'.repeat(exponent);
  else if (text.length > -exponent) exactText = `${text.slice(0, exponent)}.${text.slice(exponent)}`;
  else exactText = `0.${'0'.repeat(-exponent - text.length)}${text}`;
  // coefficient × 10^(exponent + places), rounded to a whole number with the model's mode.
  let kept: bigint;
  const cut = -exponent - places;
  if (cut <= 0) kept = coefficient * tenTo(-cut);
  else {
    const unit = tenTo(cut);
    kept = coefficient / unit;
    const twice = 2n * (coefficient - kept * unit);
    if (twice > unit || (twice === unit && (mode === 'half-up' || kept % 2n === 1n))) kept += 1n;
  }
  const keptText = kept.toString().padStart(places + 1, '0');
  const probabilityText =
    places === 0
      ? keptText
      : `${keptText.slice(0, keptText.length - places)}.${keptText.slice(keptText.length - places)}`;
  return new RoundedFromDigits(exactText, probabilityText, kept, places);
}

/**
 * Step 7's figures worked from digits, the probability's Decimal made only when asked for (a class,
 * not a literal with a getter, which V8 keeps as a dictionary).
 */
class RoundedFromDigits implements LogisticRounded {
  constructor(
    readonly exactText: string,
    readonly probabilityText: string,
    readonly units: bigint,
    private readonly places: number,
  ) {}

  get probability(): Decimal {
    return new Decimal(`${this.units}e-${this.places}`);
  }
}
