/**
 * How long a field of a claim or model file may be, and how many items a list may hold: each is
 * what a page can show, so that no field makes the site grow out of proportion to the file (a 1 MB
 * statement made a 124 MB site, a model of 10,000 states a 148 MB one, 2,100 links a formula KaTeX
 * refused to typeset after `check` had passed it). Every bound is tens of times what a real claim
 * needs (the repository's longest statement is 114 characters, its longest note 489, its most links
 * 7). Lengths are in UTF-16 code units, as the rest of the code counts text. docs/design.md §3 and
 * docs/refusals.md list them.
 */
import { z } from 'astro/zod';

/** The longest text of each kind, in characters. */
export const MAX_LENGTH = {
  /** A claim is one sentence: it is the page's heading, its `<title>` and every listing's row. */
  statement: 1_000,
  /** The note above the working: a few paragraphs. */
  note: 10_000,
  /** A quoted passage, shown in full in the table of links. */
  passage: 2_000,
  /** Where in the source the passage is (a page, a table). */
  locator: 500,
  /** A person's or a source's name (author, claimant, source, recordedBy, voter, reviewer). */
  name: 200,
  /** A URL (browsers and servers commonly stop near 2,000). */
  url: 2_000,
  /** A level, a claim type or a review check of a model: a short label. */
  label: 64,
  /** A model's summary, a `notScored` reason, one of its `changes`. */
  prose: 2_000,
} as const;

/** The most items each list may hold. */
export const MAX_ITEMS = {
  /** Evidence links of a claim: each is a row of the table and a term of the formulas on each of its pages. */
  evidence: 200,
  /** Sources of a claim (one per group; a link names one). */
  sources: 200,
  /** Votes on a claim. */
  votes: 1_000,
  /** Reviews of a claim (a check by a person). */
  reviews: 200,
  /** Places a claim appeared. */
  appearances: 200,
  /** States of a model: each is a filter of the listing, with its own pages. */
  states: 20,
  /** Levels of one of a model's tables, or its priors or notScored types. */
  levels: 50,
  /** Stability scales, review checks and changes of a model. */
  modelList: 50,
} as const;

const grouped = (n: number): string => n.toLocaleString('en-GB');

/** A string schema bounded to `max` characters, with a message that says why. */
export function maxLength<T extends z.ZodString>(schema: T, max: number, why: string): T {
  return schema.max(max, `must be at most ${grouped(max)} characters (${why})`) as T;
}

/** An array of `item` bounded to `max` items, with a message that says why. */
export function maxItems<T extends z.ZodTypeAny>(item: T, max: number, what: string, why: string): z.ZodArray<T> {
  return z.array(item).max(max, `must list at most ${grouped(max)} ${what} (${why})`);
}

/** A record (a model's table) bounded to `max` keys. */
export function maxKeys<T extends z.ZodTypeAny>(record: T, max: number, what: string): T {
  return record.superRefine((value, context) => {
    const count = Object.keys(value as object).length;
    if (count > max)
      context.addIssue({
        code: z.ZodIssueCode.custom,
        message: `has ${grouped(count)} ${what}; a model may have at most ${grouped(max)} (each is shown on every page that explains the model)`,
      });
  }) as unknown as T;
}
