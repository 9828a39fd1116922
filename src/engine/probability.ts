/** Step 7: from log-odds to a rounded probability. */
import { type Decimal, logistic, round } from './decimal.ts';
import type { Rules } from './rules.ts';

/** `round_p(1 / (1 + e^(−x)))`. */
export function probabilityOf(rules: Rules, logOdds: Decimal): Decimal {
  return round(logistic(logOdds), rules.places.probability, rules.mode);
}
