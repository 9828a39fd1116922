/** The stability step: the claim re-scored at each scale, the spread and the level. */
import { Decimal } from '../../../engine/decimal.ts';
import type { Model, Trace } from '../../../engine/index.ts';
import { columnPlaces, minus } from '../../render/figures.ts';
import { fieldOf, type Field } from '../fields.ts';

/** One re-score of the stability step. */
export interface RescoreView {
  readonly scale: Field;
  /** prior + scale × kept weights, written out with the minus sign, e.g. `0.000000 + 0.7 × (−2.700000)`. */
  readonly expression: string;
  readonly logOdds: Field;
  readonly probability: Field;
  readonly highest: boolean;
  readonly lowest: boolean;
}

/** The stability step: both re-scores, the spread, the level and why it is capped. */
export interface StabilityView {
  readonly rescores: readonly RescoreView[];
  /** The places the table's scale and log-odds columns show: log-odds at least the model's weight places, more if an exact product has more. */
  readonly columns: { readonly scale: number; readonly logOdds: number };
  readonly spread: Field;
  /** The largest and smallest re-scored probabilities, whose difference is the spread. */
  readonly largest: Field;
  readonly smallest: Field;
  readonly level: Field;
  /** The level the spread alone gives, before the cap for too few sources, as the working records it. */
  readonly measuredLevel: 'high' | 'medium' | 'low';
  readonly capped: boolean;
  readonly sources: Field;
  readonly minGroupsForHigh: Field;
  readonly high: string;
  readonly medium: string;
  /** Why the level is what it is, in one sentence. */
  readonly why: string;
}

/** The stability step of a scored claim, or null when the claim carries no probability. */
export function stabilityView(trace: Trace, model: Model): StabilityView | null {
  const working = trace.working.stability;
  if (working === null) return null;
  const probabilities = working.rescores.map((r) => new Decimal(r.probability));
  const max = Decimal.max(...probabilities);
  const min = Decimal.min(...probabilities);
  const { high, medium } = model.stability;
  // The engine records the level before the cap; the page reads it rather than re-deriving it.
  const { measuredLevel } = working;
  const band =
    measuredLevel === 'high'
      ? `The spread ${working.spread} is within ${high}, which is high stability`
      : measuredLevel === 'medium'
        ? `The spread ${working.spread} is above ${high} and within ${medium}, which is medium stability`
        : `The spread ${working.spread} is wider than ${medium}, which is low stability`;
  const why = working.capped
    ? `${band}; but the kept links with a weight above 0 come from ${working.sources} distinct ${working.sources === 1 ? 'source' : 'sources'}, fewer than the ${working.minGroupsForHigh} this model requires for high, so it is capped at ${working.level}.`
    : `${band}.`;
  const prior = trace.working.prior?.logOdds ?? '0';
  const kept = trace.working.sum?.kept ?? '0';
  const keptTerm = kept.startsWith('-') ? `(${minus(kept)})` : kept;
  const highest = probabilities.findIndex((p) => p.equals(max));
  const lowest = probabilities.findIndex((p) => p.equals(min));
  return {
    rescores: working.rescores.map((r, i) => ({
      scale: fieldOf(trace, `working.stability.rescores.${i}.scale`),
      expression: `${minus(prior)} + ${r.scale} × ${keptTerm}`,
      logOdds: fieldOf(trace, `working.stability.rescores.${i}.logOdds`),
      probability: fieldOf(trace, `working.stability.rescores.${i}.probability`),
      highest: probabilities[i]!.equals(max),
      lowest: probabilities[i]!.equals(min),
    })),
    columns: {
      scale: columnPlaces(working.rescores.map((r) => r.scale)),
      // Log-odds have the weights' places (the prior and the kept sum do); a product may have more.
      logOdds: Math.max(trace.working.rounding.weight, columnPlaces(working.rescores.map((r) => r.logOdds))),
    },
    spread: fieldOf(trace, 'result.stability.spread'),
    largest: fieldOf(trace, `working.stability.rescores.${highest}.probability`),
    smallest: fieldOf(trace, `working.stability.rescores.${lowest}.probability`),
    level: fieldOf(trace, 'result.stability.level'),
    measuredLevel,
    capped: working.capped,
    sources: fieldOf(trace, 'working.stability.sources'),
    minGroupsForHigh: fieldOf(trace, 'working.stability.minGroupsForHigh'),
    high,
    medium,
    why,
  };
}
