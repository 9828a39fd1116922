/** Step 7's second half: the state a rounded probability falls in. */
import type { Decimal } from './decimal.ts';
import type { Rules } from './rules.ts';

/** The index of the last `states` entry whose `from` is at most the probability. */
export function stateIndex(rules: Rules, probability: Decimal): number {
  // A plain loop: under tsx a closure made per call is also wrapped by esbuild's __name.
  const states = rules.states;
  let index = 0;
  for (let i = 0; i < states.length; i++) if (states[i]!.from.lessThanOrEqualTo(probability)) index = i;
  return index;
}
