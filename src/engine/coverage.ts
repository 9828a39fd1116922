/** Step 9: review coverage, a count of checks that somebody other than the author has done. */
import { Decimal, fixed, round } from './decimal.ts';
import { perRules, recentlyUsed } from './perRules.ts';
import type { Rules } from './rules.ts';
import type { Claim, Review, RoundingMode } from './types.ts';

/** Why a review does or does not count. */
export type ReviewStatus = 'counted' | 'by-author' | 'not-declared';

/** The working of step 9. */
export interface CoverageWorking {
  readonly checks: readonly { readonly check: string; readonly done: boolean }[];
  /** Each review as the claim wrote it (its date under `date`, or `on` in an older file) and its status. */
  readonly reviews: readonly (Review & { readonly status: ReviewStatus })[];
  readonly done: number;
  readonly declared: number;
  readonly value: string;
}

/**
 * What a model fixes for step 9: its declared checks, `round_c(k / n)` for every k from 0 to n, and
 * a key that equal configurations share (models that declare the same checks and rounding give a
 * claim the same coverage, so it is counted once per claim for all of them).
 */
const fixedByModel = perRules((rules) => {
  const valuesIn = (mode: RoundingMode): string[] =>
    rules.checks
      .map((_, k) => k)
      .concat(rules.checks.length)
      .map((k) =>
        fixed(round(new Decimal(k).div(rules.checks.length), rules.places.coverage, mode), rules.places.coverage),
      );
  const values = valuesIn(rules.mode);
  // The mode only shapes the values table; where both modes give the same table (no k / n is a
  // tie), models that differ only in the mode count a claim's reviews once between them.
  const other = valuesIn(rules.mode === 'half-even' ? 'half-up' : 'half-even');
  const eitherMode = values.every((value, k) => value === other[k]);
  return {
    declared: new Set(rules.checks),
    values,
    key: JSON.stringify([rules.places.coverage, eitherMode ? 'either' : rules.mode, rules.checks]),
  };
});

/** A claim's coverage by the model's `key`, for the claims scored most recently. */
const byClaim = recentlyUsed<Claim, Map<string, CoverageWorking>>(() => new Map());

/** Counts the declared checks done at least once by someone other than the claim's author. */
export function coverage(rules: Rules, claim: Claim): CoverageWorking {
  return coverageOf(rules, claim, reviewsRead(claim));
}

/** `coverage` from the claim's reviews as `readReviews` read them. */
export function coverageOf(rules: Rules, claim: Claim, read: ReviewsRead): CoverageWorking {
  const model = fixedByModel(rules);
  const shared = byClaim(claim);
  let working = shared.get(model.key);
  if (working === undefined) {
    working = count(rules, model.declared, model.values, read);
    shared.set(model.key, working);
  }
  return working;
}

/**
 * What step 9 reads of a claim, read once per claim into arrays the engine makes (see `linksRead`
 * in independence.ts: callers' objects differ in shape): each review's check, whether its reviewer
 * is the claim's author (compared here, so that code optimised for one caller's strings is not
 * thrown away on meeting another's), and, where every review holds exactly check, by and a date
 * (`date`, as the loader writes it, or `on` in an older file) in that order, the dates, so that
 * its working can be written field by field; any other review is copied whole, as before.
 */
export interface ReviewsRead {
  readonly reviews: Claim['reviews'];
  readonly checks: readonly string[];
  readonly bys: readonly string[];
  readonly byAuthor: readonly boolean[];
  /** The date's key when every review is written field by field, else null. */
  readonly dateKey: 'date' | 'on' | null;
  readonly dates: readonly string[];
}

/** Reads a claim's reviews for step 9 (the scorer reads them with the rest of the claim, once per claim). */
export function readReviews(claim: Claim): ReviewsRead {
  const { author, reviews } = claim;
  const checks: string[] = [];
  const bys: string[] = [];
  const byAuthor: boolean[] = [];
  const dates: string[] = [];
  let dateKey: 'date' | 'on' | null = null;
  let plain = true;
  for (let i = 0; i < reviews.length; i++) {
    const review = reviews[i]!;
    checks.push(review.check);
    bys.push(review.by);
    byAuthor.push(review.by === author);
    if (!plain) continue;
    const keys = Object.keys(review);
    const key = keys[2];
    plain =
      keys.length === 3 &&
      keys[0] === 'check' &&
      keys[1] === 'by' &&
      (key === 'date' || key === 'on') &&
      (dateKey === null || dateKey === key);
    if (plain) {
      dateKey = key as 'date' | 'on';
      dates.push((review as Record<string, string>)[dateKey]!);
    }
  }
  return { reviews, checks, bys, byAuthor, dateKey: plain ? dateKey : null, dates };
}

const reviewsRead = recentlyUsed<Claim, ReviewsRead>(readReviews);

function count(
  rules: Rules,
  declared: ReadonlySet<string>,
  values: readonly string[],
  read: ReviewsRead,
): CoverageWorking {
  const doneChecks = new Set<string>();
  const { reviews: given, checks: reviewChecks, bys, byAuthor, dateKey, dates } = read;
  const reviews: CoverageWorking['reviews'][number][] = [];
  for (let i = 0; i < reviewChecks.length; i++) {
    const check = reviewChecks[i]!;
    const by = bys[i]!;
    const status: ReviewStatus = !declared.has(check) ? 'not-declared' : byAuthor[i]! ? 'by-author' : 'counted';
    if (status === 'counted') doneChecks.add(check);
    reviews.push(
      dateKey === 'date'
        ? { check, by, date: dates[i]!, status }
        : dateKey === 'on'
          ? { check, by, on: dates[i]!, status }
          : { ...given[i]!, status },
    );
  }
  let done = 0;
  const checks = rules.checks.map((check) => {
    const isDone = doneChecks.has(check);
    if (isDone) done += 1;
    return { check, done: isDone };
  });
  return { checks, reviews, done, declared: rules.checks.length, value: values[done]! };
}
