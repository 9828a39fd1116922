/** Building blocks shared by the model and claim schemas. */
import { z } from 'astro/zod';
import { decimalProblem } from './decimalText.ts';

export {
  DECIMAL_PATTERN,
  decimalProblem,
  isBoundedDecimal,
  MAX_EXPONENT,
  MAX_SIGNIFICANT_DIGITS,
} from './decimalText.ts';

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
 * A key of a model's table (a level, a type): any text of at most 64 characters but `__proto__`, which a plain object
 * cannot hold as a key (it would set the object's prototype; zod drops it without a word).
 */
export const tableKey = z
  .string({ invalid_type_error: 'must be text' })
  .trim()
  .min(1, 'must not be empty')
  .max(MAX_SEGMENT_LENGTH, `must be at most ${MAX_SEGMENT_LENGTH} characters (it is a short label, shown in tables)`)
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
