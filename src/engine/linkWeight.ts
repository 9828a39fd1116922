/** Step 2: one link's weight, the product of its five factors. */
import { Decimal, dec, fixed, plain, round } from './decimal.ts';
import { lookup, perRules } from './perRules.ts';
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

/** A link's weight and its working. */
export interface LinkWeight {
  readonly weight: Decimal;
  readonly working: LinkWeightWorking;
  /** The weight with an opposing link's sign, as `signedWeight` writes it. */
  readonly opposedText: string;
}

const weighed = perRules(() => new Map<string, LinkWeight>());
/** A link's five levels as one key, built once per link object however many models weigh it. */
const keys = new WeakMap<EvidenceLink, string>();

function keyOf(link: EvidenceLink): string {
  let key = keys.get(link);
  if (key === undefined) {
    key = `${link.relevance}\u0000${link.observation}\u0000${link.interpretationSteps}\u0000${link.authenticity}\u0000${link.extraction}`;
    keys.set(link, key);
  }
  return key;
}

/**
 * Weighs one link: `round_w(relevance × observation × interpretation × authenticity × extraction)`.
 * The weight depends only on the link's five levels, so each combination is weighed once per model.
 */
export function linkWeight(rules: Rules, link: EvidenceLink): LinkWeight {
  return lookup(weighed(rules), keyOf(link), () => {
    const { weight, working } = weigh(rules, link);
    return { weight, working, opposedText: fixed(weight.neg(), rules.places.weight) };
  });
}

/** What a model fixes for step 2: each level's factor with its working, and each step count's factor. */
const fixedByModel = perRules(() => ({
  factors: new Map<string, { factor: Decimal; working: FactorWorking }>(),
  interpretations: new Map<string, { factor: Decimal; working: LinkWeightWorking['interpretation'] }>(),
}));

function factorWorking(
  rules: Rules,
  table: 'relevance' | 'observation' | 'authenticity' | 'extraction',
  level: string,
): { factor: Decimal; working: FactorWorking } {
  return lookup(fixedByModel(rules).factors, `${table}\u0000${level}`, () => {
    const factor = factorOf(rules[table], level, table);
    return { factor, working: { level, factor: plain(factor) } };
  });
}

function interpretationWorking(
  rules: Rules,
  stepsText: string,
): { factor: Decimal; working: LinkWeightWorking['interpretation'] } {
  return lookup(fixedByModel(rules).interpretations, stepsText, () => {
    const steps = dec(stepsText);
    const { raw, factor } = interpretationFactor(rules, steps);
    return { factor, working: { steps: plain(steps), raw: plain(raw), factor: plain(factor) } };
  });
}

function weigh(rules: Rules, link: EvidenceLink): { weight: Decimal; working: LinkWeightWorking } {
  const relevance = factorWorking(rules, 'relevance', link.relevance);
  const observation = factorWorking(rules, 'observation', link.observation);
  const interpretation = interpretationWorking(rules, link.interpretationSteps);
  const authenticity = factorWorking(rules, 'authenticity', link.authenticity);
  const extraction = factorWorking(rules, 'extraction', link.extraction);
  const product = relevance.factor
    .times(observation.factor)
    .times(interpretation.factor)
    .times(authenticity.factor)
    .times(extraction.factor);
  const weight = round(product, rules.places.weight, rules.mode);
  return {
    weight,
    working: {
      relevance: relevance.working,
      observation: observation.working,
      interpretation: interpretation.working,
      authenticity: authenticity.working,
      extraction: extraction.working,
      product: plain(product),
      weight: fixed(weight, rules.places.weight),
    },
  };
}
