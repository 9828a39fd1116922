/** Step 10: the community gradient, a reputation-weighted mean of votes (seed 003). */
import { Decimal, dec, fixed, plain, round } from './decimal.ts';
import type { Rules } from './rules.ts';
import type { GradientStatus, Vote } from './types.ts';

/** The working of step 10. */
export interface GradientWorking {
  readonly votes: readonly {
    readonly voter: string;
    readonly reputation: string;
    readonly value: string;
    readonly lnOnePlusReputation: string;
    readonly weight: string;
    readonly weighted: string;
  }[];
  readonly totalWeight: string;
  readonly totalWeighted: string;
  readonly value: string;
  readonly status: GradientStatus;
}

/** A vote's weight: `round_w(max(floor, ln(1 + max(0, reputation))))`. */
export function voteWeight(rules: Rules, reputation: Decimal): { ln: Decimal; weight: Decimal } {
  const ln = Decimal.max(0, reputation).plus(1).ln();
  return { ln, weight: round(Decimal.max(rules.gradient.floor, ln), rules.places.weight, rules.mode) };
}

/** The status a gradient value has under the model's consensus thresholds. */
export function gradientStatus(rules: Rules, value: Decimal): GradientStatus {
  if (value.greaterThanOrEqualTo(rules.gradient.trueFrom)) return 'consensus-true';
  if (value.lessThanOrEqualTo(rules.gradient.falseTo)) return 'consensus-false';
  return 'contested';
}

/** `G = round_p(Σ value × weight / Σ weight)`; no votes gives the neutral value. */
export function gradient(rules: Rules, votes: readonly Vote[]): GradientWorking {
  const { weight: w, probability: p } = rules.places;
  const rows = votes.map((vote) => {
    const { ln, weight } = voteWeight(rules, dec(vote.reputation));
    return { vote, ln, weight, weighted: dec(vote.value).times(weight) };
  });
  const totalWeight = rows.reduce((sum, r) => sum.plus(r.weight), new Decimal(0));
  const totalWeighted = rows.reduce((sum, r) => sum.plus(r.weighted), new Decimal(0));
  const none = rows.length === 0;
  const value = round(none ? rules.gradient.neutral : totalWeighted.div(totalWeight), p, rules.mode);
  return {
    votes: rows.map((r) => ({
      voter: r.vote.voter,
      reputation: r.vote.reputation,
      value: r.vote.value,
      lnOnePlusReputation: plain(r.ln),
      weight: fixed(r.weight, w),
      weighted: plain(r.weighted),
    })),
    totalWeight: fixed(totalWeight, w),
    totalWeighted: plain(totalWeighted),
    value: fixed(value, p),
    status: none ? 'no-votes' : gradientStatus(rules, value),
  };
}
