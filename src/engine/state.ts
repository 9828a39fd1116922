/** Step 7's second half: the state a rounded probability falls in. */
import type { Decimal } from './decimal.ts';
import type { Rules } from './rules.ts';

/** The index of the last `states` entry whose `from` is at most the probability. */
export function stateIndex(rules: Rules, probability: Decimal): number {
  let index = 0;
  rules.states.forEach(({ from }, i) => {
    if (from.lessThanOrEqualTo(probability)) index = i;
  });
  return index;
}
