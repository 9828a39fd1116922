/** Step 7's second half: the state a rounded probability falls in. */
import { Decimal } from './decimal.ts';
import { perRules } from './perRules.ts';
import type { Rules } from './rules.ts';

/** The index of the last `states` entry whose `from` is at most the probability. */
export function stateIndex(rules: Rules, probability: Decimal): number {
  // A plain loop: under tsx a closure made per call is also wrapped by esbuild's __name.
  const states = rules.states;
  let index = 0;
  for (let i = 0; i < states.length; i++) if (states[i]!.from.lessThanOrEqualTo(probability)) index = i;
  return index;
}

/**
 * Each state's `from` in whole units of the probability's last place, rounded up: a probability of
 * u units is at least `from` exactly when u ≥ ceil(from × 10^places).
 */
const fromUnits = perRules((rules) => {
  const scale = new Decimal(10).pow(rules.places.probability);
  return rules.states.map(({ from }) => BigInt(from.times(scale).ceil().toFixed()));
});

/** `stateIndex` for a probability of `units` units of 10^−places (a whole number). */
export function stateIndexOfUnits(rules: Rules, units: bigint): number {
  const froms = fromUnits(rules);
  let index = 0;
  for (let i = 0; i < froms.length; i++) if (froms[i]! <= units) index = i;
  return index;
}
