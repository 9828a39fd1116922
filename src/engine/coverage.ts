/** Step 9: review coverage, a count of checks that somebody other than the author has done. */
import { Decimal, fixed, round } from './decimal.ts';
import { perRules, recentlyUsed } from './perRules.ts';
import type { Rules } from './rules.ts';
import type { Claim, RoundingMode } from './types.ts';

/** Why a review does or does not count. */
export type ReviewStatus = 'counted' | 'by-author' | 'not-declared';

/** The working of step 9. */
export interface CoverageWorking {
  readonly checks: readonly { readonly check: string; readonly done: boolean }[];
  readonly reviews: readonly {
    readonly check: string;
    readonly by: string;
    readonly on: string;
    readonly status: ReviewStatus;
  }[];
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
  const model = fixedByModel(rules);
  const shared = byClaim(claim);
  let working = shared.get(model.key);
  if (working === undefined) {
    working = count(rules, model.declared, model.values, claim);
    shared.set(model.key, working);
  }
  return working;
}

function count(rules: Rules, declared: ReadonlySet<string>, values: readonly string[], claim: Claim): CoverageWorking {
  const doneChecks = new Set<string>();
  const reviews = claim.reviews.map((review) => {
    const status: ReviewStatus = !declared.has(review.check)
      ? 'not-declared'
      : review.by === claim.author
        ? 'by-author'
        : 'counted';
    if (status === 'counted') doneChecks.add(review.check);
    return { ...review, status };
  });
  let done = 0;
  const checks = rules.checks.map((check) => {
    const isDone = doneChecks.has(check);
    if (isDone) done += 1;
    return { check, done: isDone };
  });
  return { checks, reviews, done, declared: rules.checks.length, value: values[done]! };
}
