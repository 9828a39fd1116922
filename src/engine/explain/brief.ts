/** An outcome written as the explanation publishes it. */
import type { Rules } from '../rules.ts';
import { unitsText } from '../units.ts';
import { probabilityText, type Outcome } from './outcome.ts';
import type { Brief } from './types.ts';

/** The state, rounded probability and posterior log-odds of an outcome (null for a refusal). */
export function briefOf(rules: Rules, outcome: Outcome): Brief {
  return outcome.scored
    ? {
        state: outcome.state,
        probability: probabilityText(rules, outcome.x),
        posteriorLogOdds: unitsText(outcome.x, outcome.w),
      }
    : { state: outcome.state, probability: null, posteriorLogOdds: null };
}

/** How far `after` moved the log-odds from `before` (after − before), or null when either is a refusal. */
export function moved(after: Outcome, before: Outcome): { text: string | null; units: bigint | null } {
  if (!after.scored || !before.scored) return { text: null, units: null };
  const w = Math.max(after.w, before.w);
  const units = after.x * 10n ** BigInt(w - after.w) - before.x * 10n ** BigInt(w - before.w);
  return { text: unitsText(units, w), units };
}
