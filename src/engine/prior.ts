/** Step 5: the prior as log-odds. */
import { Decimal, round } from './decimal.ts';
import type { Rules } from './rules.ts';

/** `round_w(ln(p / (1 − p)))` for a prior probability p strictly between 0 and 1. */
export function priorLogOdds(rules: Rules, prior: Decimal): Decimal {
  const odds = prior.div(new Decimal(1).minus(prior));
  return round(odds.ln(), rules.places.weight, rules.mode);
}
