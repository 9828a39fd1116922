/** Step 9: review coverage, a count of checks that somebody other than the author has done. */
import { Decimal, fixed, round } from './decimal.ts';
import type { Rules } from './rules.ts';
import type { Claim } from './types.ts';

/** Why a review does or does not count. */
export type ReviewStatus = 'counted' | 'by-author' | 'not-declared';

/** The working of step 9. */
export interface CoverageWorking {
  readonly checks: readonly { readonly check: string; readonly done: boolean }[];
  readonly reviews: readonly { readonly check: string; readonly by: string; readonly on: string; readonly status: ReviewStatus }[];
  readonly done: number;
  readonly declared: number;
  readonly value: string;
}

/** Counts the declared checks done at least once by someone other than the claim's author. */
export function coverage(rules: Rules, claim: Claim): CoverageWorking {
  const declared = new Set(rules.checks);
  const statusOf = (check: string, by: string): ReviewStatus =>
    !declared.has(check) ? 'not-declared' : by === claim.author ? 'by-author' : 'counted';
  const reviews = claim.reviews.map((review) => ({ ...review, status: statusOf(review.check, review.by) }));
  const doneChecks = new Set(reviews.filter((r) => r.status === 'counted').map((r) => r.check));
  const checks = rules.checks.map((check) => ({ check, done: doneChecks.has(check) }));
  const done = checks.filter((c) => c.done).length;
  const value = round(new Decimal(done).div(rules.checks.length), rules.places.coverage, rules.mode);
  return { checks, reviews, done, declared: rules.checks.length, value: fixed(value, rules.places.coverage) };
}
