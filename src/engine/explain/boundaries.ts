/**
 * Where each state begins on the log-odds line: for every state the smallest posterior log-odds, in
 * whole units of the model's weight places, whose rounded probability reaches the state's `from`.
 * Found by exact inversion (the logit of `from` less half a unit of the probability's last place)
 * and then confirmed, one unit either side, by the forward rounding step 7 uses; never by a search
 * over floats. Rounding after the logistic never decreases, so a state holds exactly the log-odds
 * from its boundary up to the next one's.
 */
import { Decimal } from '../decimal.ts';
import { tenTo } from '../fixedPoint.ts';
import { logisticRounded, logisticRoundedOfUnits } from '../logistic.ts';
import { perRules } from '../perRules.ts';
import type { Rules } from '../rules.ts';
import { withinPrecision } from '../units.ts';

/** A state's first log-odds in units; `below` for one every log-odds reaches, `above` for one none does. */
export type Boundary = bigint | 'below' | 'above';

/** The rounded probability at log-odds of `x` units of 10^−w, in units of 10^−p (step 7's rounding). */
export function probabilityUnits(rules: Rules, x: bigint): bigint {
  const { weight: w, probability: p } = rules.places;
  const rounded = withinPrecision(x)
    ? logisticRoundedOfUnits(x, w, p, rules.mode)
    : logisticRounded(new Decimal(`${x}e-${w}`), p, rules.mode);
  return rounded.units ?? BigInt(rounded.probability.times(new Decimal(10).pow(p)).toFixed());
}

/** The smallest x (units of 10^−w) whose rounded probability is at least `target` units of 10^−p. */
function firstReaching(rules: Rules, target: bigint): Boundary {
  const { weight: w, probability: p } = rules.places;
  const scale = tenTo(p);
  if (target <= 0n) return 'below';
  // A probability of one rounds from 1 − half a unit; more than one is never reached.
  if (target > scale) return 'above';
  // round_p(v) ≥ target / 10^p needs v ≥ t = (2·target − 1) / (2·10^p) (a tie at t may go either way).
  const t = new Decimal((2n * target - 1n).toString()).div(new Decimal((2n * scale).toString()));
  const logit = t.div(new Decimal(1).minus(t)).ln();
  let n = BigInt(logit.times(new Decimal(10).pow(w)).ceil().toFixed());
  // The logit is worked to 40 digits and the logistic is rounded to 40: step to the exact first unit.
  while (probabilityUnits(rules, n) < target) n += 1n;
  while (probabilityUnits(rules, n - 1n) >= target) n -= 1n;
  return n;
}

/** Boundaries by what they depend on (places, mode, states): models that share those share them. */
const byKey = new Map<string, readonly Boundary[]>();

/** Each state's boundary in units of the weight's places, in the model's order of states. */
export const boundaries = perRules((rules): readonly Boundary[] => {
  const { weight, probability } = rules.places;
  const key = JSON.stringify([weight, probability, rules.mode, rules.states.map((s) => s.from.toFixed())]);
  let found = byKey.get(key);
  if (found === undefined) {
    const scale = new Decimal(10).pow(probability);
    found = rules.states.map(({ from }, i) =>
      i === 0 ? 'below' : firstReaching(rules, BigInt(from.times(scale).ceil().toFixed())),
    );
    byKey.set(key, found);
  }
  return found;
});

/** Whether log-odds of `x` units reach a boundary. */
export function reaches(x: bigint, boundary: Boundary): boolean {
  return boundary === 'below' || (boundary !== 'above' && x >= boundary);
}

/** The index of the state at log-odds of `x` units: the last whose boundary it reaches. */
export function stateIndexAt(rules: Rules, x: bigint): number {
  const all = boundaries(rules);
  let index = 0;
  for (let i = 0; i < all.length; i++) if (reaches(x, all[i]!)) index = i;
  return index;
}

/** The name of the state at log-odds of `x` units. */
export function stateAt(rules: Rules, x: bigint): string {
  return rules.states[stateIndexAt(rules, x)]!.state;
}
