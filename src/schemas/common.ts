/** Building blocks shared by the model and claim schemas. */
import { z } from 'astro/zod';

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

/** An exact decimal, kept as the string that was written, of bounded size. */
export const decimal = z
  .string({ invalid_type_error: 'must be a decimal number such as 0.35' })
  .superRefine((value, ctx) => {
    const problem = decimalProblem(value);
    if (problem !== null) ctx.addIssue({ code: z.ZodIssueCode.custom, message: problem });
  });

/** A calendar date written as YYYY-MM-DD. */
export const isoDate = z
  .string({ invalid_type_error: 'must be a date written as YYYY-MM-DD' })
  .refine(isIsoDate, 'must be a real date written as YYYY-MM-DD');

/** An identifier that can stand in a URL fragment: letters, digits, `.`, `_` and `-`. */
export const slugLike = z
  .string({ invalid_type_error: 'must be an identifier such as city-lab' })
  .regex(/^[A-Za-z0-9][A-Za-z0-9._-]*$/, 'must be letters, digits and hyphens, such as city-lab');

/** The pattern of an id that stands as a URL segment or a key: lower-case letters, digits and hyphens. */
export const ID_PATTERN = /^[a-z0-9][a-z0-9-]*$/;

/** The longest id or claim type that stands in a URL segment (a folder name of the built site). */
export const MAX_SEGMENT_LENGTH = 64;

/** An id that becomes a URL segment of the site as it is (a model's name, a state). */
export const segmentId = z
  .string({ invalid_type_error: 'must be an id such as very-likely' })
  .regex(
    ID_PATTERN,
    'must be lower-case letters, digits and hyphens, starting with a letter or digit (such as very-likely), since it stands in URLs',
  )
  .max(
    MAX_SEGMENT_LENGTH,
    `must be at most ${MAX_SEGMENT_LENGTH} characters, since it stands in URLs (and in folder names of the built site)`,
  );

/**
 * A key of a model's table (a level, a type): any text but `__proto__`, which a plain object
 * cannot hold as a key (it would set the object's prototype; zod drops it without a word).
 */
export const tableKey = z
  .string({ invalid_type_error: 'must be text' })
  .trim()
  .min(1, 'must not be empty')
  .refine((key) => key !== '__proto__', '__proto__ cannot be a key here; choose another name');

/** Non-empty text. */
export const text = z.string({ invalid_type_error: 'must be text' }).trim().min(1, 'must not be empty');

/** True for a real calendar date written as YYYY-MM-DD, from 0001-01-01 to 9999-12-31. */
export function isIsoDate(value: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (year < 1) return false;
  // Date.UTC reads years 0 to 99 as 1900 to 1999, so the year is set on its own.
  const date = new Date(0);
  date.setUTCFullYear(year, month - 1, day);
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}
