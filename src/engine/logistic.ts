/** The logistic function, the one place where log-odds become a probability at 40 digits. */
import { Decimal } from './decimal.ts';
import { exp40 } from './exp40.ts';

const ONE = new Decimal(1);

/** 1 / (1 + e^(−x)) at the working precision: e^(−x), 1 + e^(−x) and the quotient each to 40 digits. */
export function logistic(x: Decimal): Decimal {
  return ONE.div(ONE.plus(exp40(x.neg())));
}
