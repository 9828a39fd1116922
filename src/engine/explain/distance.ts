/**
 * Distance to the next states (docs/design.md §6a): the smallest weight w > 0, at the model's weight
 * places, that added to the posterior log-odds x makes the rounded probability reach the next
 * state's `from`, and the smallest that taken away makes it fall below the current state's `from`.
 */
import type { Rules } from '../rules.ts';
import { unitsText } from '../units.ts';
import { boundaries, stateIndexAt } from './boundaries.ts';
import { probabilityText } from './outcome.ts';
import type { DistanceStep } from './types.ts';

function stepTo(rules: Rules, x: bigint, w: bigint): DistanceStep {
  return {
    weight: unitsText(w < 0n ? -w : w, rules.places.weight),
    state: rules.states[stateIndexAt(rules, x + w)]!.state,
    probability: probabilityText(rules, x + w),
  };
}

/** Both distances from log-odds of `x` units; `null` where no state lies that way. */
export function distanceOf(rules: Rules, x: bigint): { up: DistanceStep | null; down: DistanceStep | null } {
  const all = boundaries(rules);
  const index = stateIndexAt(rules, x);
  // The next boundary above x (a state whose band is empty shares its boundary with the next).
  let up: DistanceStep | null = null;
  for (let i = index + 1; i < all.length; i++) {
    const b = all[i]!;
    if (typeof b === 'bigint' && b > x) {
      up = stepTo(rules, x, b - x);
      break;
    }
  }
  const here = all[index]!;
  const down = typeof here === 'bigint' ? stepTo(rules, x, here - 1n - x) : null;
  return { up, down };
}
