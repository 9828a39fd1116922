/** The coverage step: each declared check and every review with its status. */
import type { Trace } from '../../../engine/index.ts';
import { fieldOf, type Field } from '../fields.ts';

/** Why a review counts or not, in words. */
export const REVIEW_STATUS_WORDS: Readonly<Record<string, string>> = {
  counted: 'counted',
  'by-author': 'by the author: shown, not counted',
  'not-declared': 'not a check this model declares: shown, not counted',
};

/** The coverage step: each declared check done or not, and every review with its status. */
export interface CoverageView {
  readonly done: Field;
  readonly declared: Field;
  readonly value: Field;
  readonly checks: readonly { readonly check: Field; readonly done: boolean }[];
  readonly reviews: readonly {
    readonly check: Field;
    readonly by: Field;
    readonly on: Field;
    readonly status: string;
    readonly counted: boolean;
    readonly words: string;
  }[];
}

/** Review coverage as the trace records it. */
export function coverageView(trace: Trace): CoverageView {
  const { checks, reviews } = trace.working.coverage;
  return {
    done: fieldOf(trace, 'result.coverage.done'),
    declared: fieldOf(trace, 'result.coverage.declared'),
    value: fieldOf(trace, 'result.coverage.value'),
    checks: checks.map((c, i) => ({ check: fieldOf(trace, `working.coverage.checks.${i}.check`), done: c.done })),
    reviews: reviews.map((r, i) => ({
      check: fieldOf(trace, `working.coverage.reviews.${i}.check`),
      by: fieldOf(trace, `working.coverage.reviews.${i}.by`),
      // The date under the key the claim wrote it (`date`, or `on` in an older file).
      on: fieldOf(trace, `working.coverage.reviews.${i}.${'date' in r ? 'date' : 'on'}`),
      status: r.status,
      counted: r.status === 'counted',
      words: REVIEW_STATUS_WORDS[r.status] ?? r.status,
    })),
  };
}
