/**
 * Bounds on the numbers verify reads, checked before anything is validated or re-scored: a decimal
 * string of more than 40 significant digits or with an exponent beyond ±1000 (`"1e100000000"` makes
 * decimal.js write a hundred million digits), and any JSON number that is not a safe whole number
 * (the ledger writes every decimal as a string; `1e100000000` as a number is not finite).
 */
import { DECIMAL_PATTERN, MAX_EXPONENT, MAX_SIGNIFICANT_DIGITS } from '../../schemas/common.ts';

/** Why a decimal string is out of bounds, or null when it is within them. */
export function decimalOutOfBounds(text: string): string | null {
  const match = /^[+-]?(\d*)(?:\.(\d*))?(?:[eE]([+-]?\d+))?$/.exec(text);
  if (match === null) return null;
  const whole = match[1] ?? '';
  const fraction = match[2] ?? '';
  const written = match[3] ?? '0';
  // Compared as text first: an exponent of a million digits is never turned into a number.
  if (written.replace(/^[+-]?0*/, '').length > 4) return `exponent ${written.slice(0, 12)}… is beyond ±${MAX_EXPONENT}`;
  const digits = `${whole}${fraction}`;
  const first = digits.search(/[1-9]/);
  const exponent = first < 0 ? Number(written) : Number(written) + whole.length - first - 1;
  if (Math.abs(exponent) > MAX_EXPONENT) return `exponent ${exponent} is beyond ±${MAX_EXPONENT}`;
  const significant = first < 0 ? 0 : digits.length - first;
  if (significant > MAX_SIGNIFICANT_DIGITS)
    return `${significant} significant digits, more than ${MAX_SIGNIFICANT_DIGITS}`;
  return null;
}

/** A value out of bounds: its path in the document and why. */
export interface OutOfBounds {
  readonly field: string;
  readonly message: string;
}

/**
 * How deep a published JSON document may nest. A trace nests about eight levels; anything much
 * deeper is not the ledger's, and comparing or printing it could exhaust the stack.
 */
export const MAX_JSON_DEPTH = 64;

/**
 * The first number or decimal string of a parsed JSON document that is out of bounds, or a value
 * nested deeper than `MAX_JSON_DEPTH`, or null.
 */
export function firstOutOfBounds(document: unknown): OutOfBounds | null {
  // Iterative, so that a deeply nested document cannot exhaust the stack.
  const stack: [unknown, string, number][] = [[document, '', 0]];
  while (stack.length > 0) {
    const [value, field, depth] = stack.pop()!;
    const at = field === '' ? '(top)' : field;
    if (depth > MAX_JSON_DEPTH && value !== null && typeof value === 'object')
      return { field: at, message: `nested more than ${MAX_JSON_DEPTH} levels deep` };
    if (typeof value === 'string') {
      // Every string that reads as a decimal, whatever its field: the engine reads some of them as
      // numbers, and a page may show any of them.
      const why = DECIMAL_PATTERN.test(value) ? decimalOutOfBounds(value) : null;
      if (why !== null) return { field: at, message: `decimal out of bounds: ${why}` };
    } else if (typeof value === 'number') {
      if (!Number.isSafeInteger(value))
        return {
          field: at,
          message: 'a JSON number must be a whole number up to 2^53 − 1; decimals are written as strings',
        };
    } else if (Array.isArray(value)) {
      for (let i = value.length - 1; i >= 0; i--) stack.push([value[i], `${field}[${i}]`, depth + 1]);
    } else if (value !== null && typeof value === 'object') {
      const keys = Object.keys(value);
      for (let i = keys.length - 1; i >= 0; i--)
        stack.push([
          (value as Record<string, unknown>)[keys[i]!],
          field === '' ? keys[i]! : `${field}.${keys[i]!}`,
          depth + 1,
        ]);
    }
  }
  return null;
}
