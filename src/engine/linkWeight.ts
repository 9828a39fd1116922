/** Step 2: one link's weight, the product of its five factors. */
import { Decimal, dec, fixed, plain, round } from './decimal.ts';
import { factorOf, type Rules } from './rules.ts';
import type { EvidenceLink } from './types.ts';

/** One factor of a link: the level it was given and what the model says that level is worth. */
export interface FactorWorking {
  readonly level: string;
  readonly factor: string;
}

/** Every figure of a link's weight. */
export interface LinkWeightWorking {
  readonly relevance: FactorWorking;
  readonly observation: FactorWorking;
  readonly interpretation: { readonly steps: string; readonly raw: string; readonly factor: string };
  readonly authenticity: FactorWorking;
  readonly extraction: FactorWorking;
  readonly product: string;
  readonly weight: string;
}

/** The interpretation factor `max(floor, 1 − stepCost × steps)`, exact. */
export function interpretationFactor(rules: Rules, steps: Decimal): { raw: Decimal; factor: Decimal } {
  const raw = new Decimal(1).minus(rules.stepCost.times(steps));
  return { raw, factor: Decimal.max(rules.stepFloor, raw) };
}

/** Weighs one link: `round_w(relevance × observation × interpretation × authenticity × extraction)`. */
export function linkWeight(rules: Rules, link: EvidenceLink): { weight: Decimal; working: LinkWeightWorking } {
  const relevance = factorOf(rules.relevance, link.relevance, 'relevance');
  const observation = factorOf(rules.observation, link.observation, 'observation');
  const steps = dec(link.interpretationSteps);
  const interpretation = interpretationFactor(rules, steps);
  const authenticity = factorOf(rules.authenticity, link.authenticity, 'authenticity');
  const extraction = factorOf(rules.extraction, link.extraction, 'extraction');
  const product = relevance.times(observation).times(interpretation.factor).times(authenticity).times(extraction);
  const weight = round(product, rules.places.weight, rules.mode);
  return {
    weight,
    working: {
      relevance: { level: link.relevance, factor: plain(relevance) },
      observation: { level: link.observation, factor: plain(observation) },
      interpretation: { steps: plain(steps), raw: plain(interpretation.raw), factor: plain(interpretation.factor) },
      authenticity: { level: link.authenticity, factor: plain(authenticity) },
      extraction: { level: link.extraction, factor: plain(extraction) },
      product: plain(product),
      weight: fixed(weight, rules.places.weight),
    },
  };
}
