/**
 * How a decimal may be written in a ledger file, with no schema library: the claim page's what-if
 * panel checks a reader's numbers with these same rules in the browser, without loading zod.
 */

/** A decimal number as written in a file: digits, an optional point and exponent; never a float. */
export const DECIMAL_PATTERN = /^[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?$/;

/** The most significant digits a decimal in a file may have (the engine works to 40). */
export const MAX_SIGNIFICANT_DIGITS = 40;
/** The largest power of ten a decimal in a file may reach, up or down: `1e1000` and `1e-1000`. */
export const MAX_EXPONENT = 1000;

/**
 * What is wrong with a decimal as written, or null when it is a decimal of at most 40 significant
 * digits whose exponent (of its leading digit, as in 1.5e3) is within ±1000. It reads only the
 * string, so that `1e9000000000000000` is refused before any decimal is built from it (a Decimal
 * of it, written out in full, would take more memory than the machine has).
 */
export function decimalProblem(value: string): string | null {
  const match = DECIMAL_PATTERN.exec(value);
  if (!match) return 'must be a decimal number such as 0.35';
  const mantissa = value.replace(/^[+-]/, '').replace(/[eE].*$/, '');
  const [whole = '', fraction = ''] = mantissa.split('.');
  const digits = `${whole}${fraction}`;
  const first = digits.search(/[1-9]/);
  // Zero is zero whatever its exponent says.
  if (first === -1) return null;
  const last = digits.length - 1 - [...digits].reverse().findIndex((d) => d !== '0');
  const significant = last - first + 1;
  if (significant > MAX_SIGNIFICANT_DIGITS) {
    return `has ${significant} significant digits; a decimal may have at most ${MAX_SIGNIFICANT_DIGITS}`;
  }
  // The written exponent can itself be thousands of digits long: compare it as text first.
  const written = (match[3] ?? 'e0').slice(1).replace(/^\+/, '');
  const negative = written.startsWith('-');
  const magnitude = written.replace(/^-/, '').replace(/^0+(?=\d)/, '');
  const tooLong = magnitude.length > 15;
  // The exponent of the leading digit: the written one, moved by where the point stands.
  const exponent = tooLong ? 0 : (negative ? -1 : 1) * Number(magnitude) + (whole.length - 1 - first);
  if (tooLong || Math.abs(exponent) > MAX_EXPONENT) {
    return `is out of range: a decimal's exponent must be within ±${MAX_EXPONENT} (between 1e-${MAX_EXPONENT} and 1e${MAX_EXPONENT} in size)`;
  }
  return null;
}

/** True for a decimal as written that `decimalProblem` accepts. */
export function isBoundedDecimal(value: unknown): value is string {
  return typeof value === 'string' && decimalProblem(value) === null;
}
