/** Building blocks shared by the model and claim schemas. */
import { z } from 'astro/zod';

/** A decimal number as written in a file: digits, an optional point and exponent; never a float. */
export const DECIMAL_PATTERN = /^[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?$/;

/** An exact decimal, kept as the string that was written. */
export const decimal = z
  .string({ invalid_type_error: 'must be a decimal number such as 0.35' })
  .regex(DECIMAL_PATTERN, 'must be a decimal number such as 0.35');

/** A calendar date written as YYYY-MM-DD. */
export const isoDate = z
  .string({ invalid_type_error: 'must be a date written as YYYY-MM-DD' })
  .refine(isIsoDate, 'must be a real date written as YYYY-MM-DD');

/** An identifier that can stand in a URL fragment: letters, digits, `.`, `_` and `-`. */
export const slugLike = z
  .string({ invalid_type_error: 'must be an identifier such as city-lab' })
  .regex(/^[A-Za-z0-9][A-Za-z0-9._-]*$/, 'must be letters, digits and hyphens, such as city-lab');

/** Non-empty text. */
export const text = z.string({ invalid_type_error: 'must be text' }).trim().min(1, 'must not be empty');

/** True for a real calendar date written as YYYY-MM-DD. */
export function isIsoDate(value: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}
