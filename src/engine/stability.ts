/** Step 8: how much the probability depends on the weights' scale. */
import { Decimal, fixed, plain } from './decimal.ts';
import { perRules } from './perRules.ts';
import { probabilityOf } from './probability.ts';
import type { Rules } from './rules.ts';
import type { StabilityLevel } from './types.ts';

/** The working of step 8. */
export interface StabilityWorking {
  readonly rescores: readonly { readonly scale: string; readonly logOdds: string; readonly probability: string }[];
  readonly spread: string;
  /** The level the spread alone gives, before the cap for too few sources. */
  readonly measuredLevel: StabilityLevel;
  /** Distinct sources among the counted links: kept links whose weight is above 0. */
  readonly sources: number;
  readonly minGroupsForHigh: number;
  readonly capped: boolean;
  readonly level: StabilityLevel;
}

const scaleTexts = perRules((rules) => rules.scales.map(plain));

/**
 * Re-scores with the kept weights scaled by each of the model's scales; the spread of the rounded
 * probabilities sets the level, and too few distinct sources among the counted links cap `high`
 * at `medium`. `sources` counts only the sources of kept links with a weight above 0 (DESIGN §4
 * step 8): a link that moves no number is not evidence the number rests on.
 */
export function stability(
  rules: Rules,
  prior: Decimal,
  keptSum: Decimal,
  sources: number,
): { spread: Decimal; working: StabilityWorking } {
  const p = rules.places.probability;
  const rescores = rules.scales.map((scale) => {
    const logOdds = prior.plus(scale.times(keptSum));
    return { scale, logOdds, probability: probabilityOf(rules, logOdds) };
  });
  // The largest and smallest by comparison (Decimal.max and min would copy every argument first).
  // No scales at all fails as before, in Decimal.max.
  let highest = rescores.length === 0 ? Decimal.max() : rescores[0]!.probability;
  let lowest = highest;
  for (const { probability } of rescores) {
    if (probability.greaterThan(highest)) highest = probability;
    if (probability.lessThan(lowest)) lowest = probability;
  }
  const spread = highest.minus(lowest);
  const measured: StabilityLevel = spread.lessThanOrEqualTo(rules.stabilityHigh)
    ? 'high'
    : spread.lessThanOrEqualTo(rules.stabilityMedium)
      ? 'medium'
      : 'low';
  const capped = measured === 'high' && sources < rules.minGroupsForHigh;
  const texts = scaleTexts(rules);
  return {
    spread,
    working: {
      rescores: rescores.map((r, i) => ({
        scale: texts[i]!,
        logOdds: plain(r.logOdds),
        probability: fixed(r.probability, p),
      })),
      spread: fixed(spread, p),
      measuredLevel: measured,
      sources,
      minGroupsForHigh: rules.minGroupsForHigh,
      capped,
      level: capped ? 'medium' : measured,
    },
  };
}
