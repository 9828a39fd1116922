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

/**
 * One level of a link along the path relevance → observation → interpretation → authenticity →
 * extraction: its factor's working and the product of the factors so far, multiplied in the same
 * order as the formula (so every 40-digit intermediate rounding is the same), shared by every link
 * that starts with the same levels.
 */
interface Step {
  readonly product: Decimal;
  readonly next: Map<string, Step>;
  readonly factorWorking: FactorWorking | LinkWeightWorking['interpretation'] | null;
  weighed: LinkWeight | null;
}

const roots = perRules((): Step => ({ product: new Decimal(1), next: new Map(), factorWorking: null, weighed: null }));

/** Which factor a level of the path is. */
type Table = 'relevance' | 'observation' | 'interpretation' | 'authenticity' | 'extraction';

function stepOf(rules: Rules, from: Step, table: Table, level: string): Step {
  let step = from.next.get(level);
  if (step === undefined) {
    const { factor: value, working } =
      table === 'interpretation' ? interpretationWorking(rules, level) : factorWorking(rules, table, level);
    step = {
      product: from.factorWorking === null ? value : from.product.times(value),
      next: new Map(),
      factorWorking: working,
      weighed: null,
    };
    from.next.set(level, step);
  }
  return step;
}

/** `fixed(−weight)` from `fixed(weight)`: the sign flipped, a zero staying unsigned. */
function opposed(weight: Decimal, text: string): string {
  if (weight.isZero()) return text;
  return text.startsWith('-') ? text.slice(1) : `-${text}`;
}

/**
 * Weighs one link: `round_w(relevance × observation × interpretation × authenticity × extraction)`.
 * The weight depends only on the link's five levels, so each combination is weighed once per model,
 * and the partial products along the way are shared too.
 */
export function linkWeight(rules: Rules, link: EvidenceLink): LinkWeight {
  return weighFrom(rules, roots(rules), link);
}

/** The start of a model's shared paths, looked up once per scorer instead of once per link. */
export type LinkRoot = Step;

/** The model's path root, for `weighFrom`. */
export function linkRoot(rules: Rules): LinkRoot {
  return roots(rules);
}

/** `linkWeight` from the model's path root (`linkRoot(rules)`): the same steps, the same result. */
export function weighFrom(rules: Rules, root: LinkRoot, link: EvidenceLink): LinkWeight {
  // No closures here: this runs for every link of every trace.
  const relevance = stepOf(rules, root, 'relevance', link.relevance);
  const observation = stepOf(rules, relevance, 'observation', link.observation);
  const interpretation = stepOf(rules, observation, 'interpretation', link.interpretationSteps);
  const authenticity = stepOf(rules, interpretation, 'authenticity', link.authenticity);
  const extraction = stepOf(rules, authenticity, 'extraction', link.extraction);
  if (extraction.weighed === null) {
    const product = extraction.product;
    const weight = round(product, rules.places.weight, rules.mode);
    const weightText = fixed(weight, rules.places.weight);
    extraction.weighed = {
      weight,
      working: {
        relevance: relevance.factorWorking as FactorWorking,
        observation: observation.factorWorking as FactorWorking,
        interpretation: interpretation.factorWorking as LinkWeightWorking['interpretation'],
        authenticity: authenticity.factorWorking as FactorWorking,
        extraction: extraction.factorWorking as FactorWorking,
        product: plain(product),
        weight: weightText,
      },
      opposedText: opposed(weight, weightText),
    };
  }
  return extraction.weighed;
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
