/** Step 5: the prior as log-odds. */
import { Decimal, round } from './decimal.ts';
import { ln40 } from './ln40.ts';
import type { Rules } from './rules.ts';

/**
 * `round_w(ln(p / (1 − p)))` for a prior probability p strictly between 0 and 1. The logarithm is
 * `ln40`, which gives decimal.js's `ln` at 40 digits exactly (and leaves to it what it cannot
 * decide), in microseconds instead of a fraction of a millisecond per model and type.
 */
export function priorLogOdds(rules: Rules, prior: Decimal): Decimal {
  const odds = prior.div(new Decimal(1).minus(prior));
  return round(ln40(odds), rules.places.weight, rules.mode);
}
