/**
 * ln(1 + max(0, r)) for a voter's reputation r, at 40 digits. It depends on the reputation alone,
 * not on the model, so each distinct reputation is worked out once per process (a memo: the same
 * reputation always gives the same value) however many votes and models use it.
 */
import { Decimal, plain } from './decimal.ts';
import { ln40 } from './ln40.ts';

/** ln(1 + max(0, r)) and its plain decimal string. */
export interface LnOnePlus {
  readonly ln: Decimal;
  readonly lnText: string;
}

/** Distinct reputations kept; past this the memo starts again, so memory stays bounded. */
const MAX_ENTRIES = 100_000;
const memo = new Map<string, LnOnePlus>();

/** ln(1 + max(0, r)) at 40 significant digits, as decimal.js's `ln` gives it. */
export function lnOnePlus(reputation: Decimal | string): LnOnePlus {
  const key = typeof reputation === 'string' ? reputation : reputation.toFixed();
  let found = memo.get(key);
  if (found === undefined) {
    const ln = ln40(Decimal.max(0, reputation).plus(1));
    found = { ln, lnText: plain(ln) };
    if (memo.size >= MAX_ENTRIES) memo.clear();
    memo.set(key, found);
  }
  return found;
}
