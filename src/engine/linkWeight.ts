/** Step 2: one link's weight, the product of its five factors. */
import { Decimal, dec, fixed, plain, round } from './decimal.ts';
import { scaledOf, tenTo } from './fixedPoint.ts';
import { lookup, perRules } from './perRules.ts';
import { factorOf, type Rules } from './rules.ts';
import type { EvidenceLink, RoundingMode } from './types.ts';

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
  /** The weight in whole units of 10^−weight places (its text without the point). */
  readonly units: bigint;
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
  /** The product so far as `coefficient × 10^−places` exactly, or null past 40 significant digits. */
  readonly coefficient: bigint | null;
  readonly places: number;
  /** The product as decimal.js rounds it, kept only where `coefficient` is null. */
  readonly product: Decimal | null;
  readonly next: Map<string, Step>;
  readonly factorWorking: FactorWorking | LinkWeightWorking['interpretation'] | null;
  weighed: LinkWeight | null;
}

const roots = perRules((): Step => ({
  coefficient: 1n,
  places: 0,
  product: null,
  next: new Map(),
  factorWorking: null,
  weighed: null,
}));

/** A factor as decimal.js holds it and as `coefficient × 10^−places` exactly. */
interface Factor {
  readonly value: Decimal;
  readonly coefficient: bigint;
  readonly places: number;
}

function factorFrom(value: Decimal): Factor {
  const { coefficient, places } = scaledOf(value);
  return { value, coefficient, places };
}

/** Significant digits of a whole number, trailing zeros not counted (what decimal.js's precision counts). */
function significant(value: bigint): number {
  const text = (value < 0n ? -value : value).toString();
  let end = text.length;
  while (end > 1 && text.charCodeAt(end - 1) === 48) end -= 1;
  return end;
}

/** `coefficient × 10^−places` written as `plain` writes the decimal: no trailing zeros, no −0. */
function plainText(coefficient: bigint, places: number): string {
  if (coefficient === 0n) return '0';
  const negative = coefficient < 0n;
  let digits = (negative ? -coefficient : coefficient).toString();
  let kept = places;
  let end = digits.length;
  while (kept > 0 && digits.charCodeAt(end - 1) === 48) {
    end -= 1;
    kept -= 1;
  }
  digits = digits.slice(0, end);
  if (kept > 0) {
    digits = digits.padStart(kept + 1, '0');
    digits = `${digits.slice(0, digits.length - kept)}.${digits.slice(digits.length - kept)}`;
  }
  return negative ? `-${digits}` : digits;
}

/**
 * `coefficient × 10^−places` rounded to `w` places with the mode, in units of 10^−w: the magnitude
 * is rounded and the sign put back, as both modes are symmetric about zero.
 */
function roundUnits(coefficient: bigint, places: number, w: number, mode: RoundingMode): bigint {
  const cut = places - w;
  if (cut <= 0) return coefficient * tenTo(-cut);
  const negative = coefficient < 0n;
  const magnitude = negative ? -coefficient : coefficient;
  const unit = tenTo(cut);
  let kept = magnitude / unit;
  const twice = 2n * (magnitude - kept * unit);
  if (twice > unit || (twice === unit && (mode === 'half-up' || kept % 2n === 1n))) kept += 1n;
  return negative ? -kept : kept;
}

/** Units of 10^−w written with exactly w places, as `fixed` writes the decimal (a zero unsigned). */
export function unitsText(units: bigint, w: number): string {
  const negative = units < 0n;
  const digits = (negative ? -units : units).toString().padStart(w + 1, '0');
  const text = w === 0 ? digits : `${digits.slice(0, digits.length - w)}.${digits.slice(digits.length - w)}`;
  return negative ? `-${text}` : text;
}

/** Which factor a level of the path is. */
type Table = 'relevance' | 'observation' | 'interpretation' | 'authenticity' | 'extraction';

function stepOf(rules: Rules, from: Step, table: Table, level: string): Step {
  let step = from.next.get(level);
  if (step === undefined) {
    const { factor, working } =
      table === 'interpretation' ? interpretationWorking(rules, level) : factorWorking(rules, table, level);
    // The product exactly in whole numbers while it has at most 40 significant digits (where
    // decimal.js's product is exact too); past that, decimal.js's rounded product from there on.
    const exact =
      from.coefficient === null
        ? null
        : from.factorWorking === null
          ? factor.coefficient
          : from.coefficient * factor.coefficient;
    const coefficient = exact !== null && significant(exact) <= Decimal.precision ? exact : null;
    step = {
      coefficient,
      places: from.factorWorking === null ? factor.places : from.places + factor.places,
      product:
        coefficient !== null ? null : from.factorWorking === null ? factor.value : productOf(from).times(factor.value),
      next: new Map(),
      factorWorking: working,
      weighed: null,
    };
    from.next.set(level, step);
  }
  return step;
}

/** A step's product as a Decimal (made from the exact digits where they are kept). */
function productOf(step: Step): Decimal {
  return step.product ?? new Decimal(`${step.coefficient}e-${step.places}`);
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
    const w = rules.places.weight;
    let weight: Decimal;
    let weightText: string;
    let productText: string;
    let units: bigint;
    if (extraction.coefficient !== null) {
      // Rounded and written in whole numbers: the same digits as round, fixed and plain give.
      units = roundUnits(extraction.coefficient, extraction.places, w, rules.mode);
      weight = new Decimal(`${units}e-${w}`);
      weightText = unitsText(units, w);
      productText = plainText(extraction.coefficient, extraction.places);
    } else {
      const product = productOf(extraction);
      weight = round(product, w, rules.mode);
      weightText = fixed(weight, w);
      productText = plain(product);
      units = BigInt(weightText.replace('.', ''));
    }
    extraction.weighed = {
      weight,
      units,
      working: {
        relevance: relevance.factorWorking as FactorWorking,
        observation: observation.factorWorking as FactorWorking,
        interpretation: interpretation.factorWorking as LinkWeightWorking['interpretation'],
        authenticity: authenticity.factorWorking as FactorWorking,
        extraction: extraction.factorWorking as FactorWorking,
        product: productText,
        weight: weightText,
      },
      opposedText: opposed(weight, weightText),
    };
  }
  return extraction.weighed;
}

/** What a model fixes for step 2: each level's factor with its working, and each step count's factor. */
const fixedByModel = perRules(() => ({
  factors: new Map<string, { factor: Factor; working: FactorWorking }>(),
  interpretations: new Map<string, { factor: Factor; working: LinkWeightWorking['interpretation'] }>(),
}));

function factorWorking(
  rules: Rules,
  table: 'relevance' | 'observation' | 'authenticity' | 'extraction',
  level: string,
): { factor: Factor; working: FactorWorking } {
  return lookup(fixedByModel(rules).factors, `${table}\u0000${level}`, () => {
    const factor = factorOf(rules[table], level, table);
    return { factor: factorFrom(factor), working: { level, factor: plain(factor) } };
  });
}

function interpretationWorking(
  rules: Rules,
  stepsText: string,
): { factor: Factor; working: LinkWeightWorking['interpretation'] } {
  return lookup(fixedByModel(rules).interpretations, stepsText, () => {
    const steps = dec(stepsText);
    const { raw, factor } = interpretationFactor(rules, steps);
    return { factor: factorFrom(factor), working: { steps: plain(steps), raw: plain(raw), factor: plain(factor) } };
  });
}
