/** Step 2: one link's weight, the product of its five factors. */
import { Decimal, dec, fixed, plain, round } from './decimal.ts';
import { scaledOf } from './fixedPoint.ts';
import { lookup, perRules, recentlyUsed } from './perRules.ts';
import { plainText, roundUnits, unitsText, withinPrecision } from './units.ts';
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
  /** The weight in whole units of 10^−weight places (its text without the point). */
  readonly units: bigint;
  /** The same units as a double where they are below 2^43 in size (exactly so), else null. */
  readonly small: number | null;
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
  /** The steps from here by level, made when the first one is (an extraction step never has any). */
  next: Map<string, Step> | null;
  readonly factorWorking: FactorWorking | LinkWeightWorking['interpretation'] | null;
  weighed: LinkWeight | null;
}

const roots = perRules((): Step => ({
  coefficient: 1n,
  places: 0,
  product: null,
  next: null,
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

/** Which factor a level of the path is. */
type Table = 'relevance' | 'observation' | 'interpretation' | 'authenticity' | 'extraction';

function stepOf(rules: Rules, from: Step, table: Table, level: string): Step {
  let step = from.next === null ? undefined : from.next.get(level);
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
    const coefficient = exact !== null && withinPrecision(exact) ? exact : null;
    step = {
      coefficient,
      places: from.factorWorking === null ? factor.places : from.places + factor.places,
      product:
        coefficient !== null ? null : from.factorWorking === null ? factor.value : productOf(from).times(factor.value),
      next: null,
      factorWorking: working,
      weighed: null,
    };
    from.next ??= new Map();
    from.next.set(level, step);
  }
  return step;
}

/** A step's product as a Decimal (made from the exact digits where they are kept). */
function productOf(step: Step): Decimal {
  return step.product ?? new Decimal(`${step.coefficient}e-${step.places}`);
}

/** 2^43: units below it in size are exact doubles, and fewer than 2^10 of them add up below 2^53. */
const SMALL_LIMIT = 1n << 43n;

/** A link's weight: its units, its working, and its Decimal made on first use. */
class Weighed implements LinkWeight {
  readonly small: number | null;

  constructor(
    readonly units: bigint,
    private readonly places: number,
    private decimal: Decimal | null,
    readonly working: LinkWeightWorking,
    readonly opposedText: string,
  ) {
    this.small = units < SMALL_LIMIT && units > -SMALL_LIMIT ? Number(units) : null;
  }

  get weight(): Decimal {
    this.decimal ??= new Decimal(`${this.units}e-${this.places}`);
    return this.decimal;
  }
}

/** `fixed(−weight)` from `fixed(weight)`: the sign flipped, a zero staying unsigned. */
function opposed(units: bigint, text: string): string {
  if (units === 0n) return text;
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
    let weight: Decimal | null = null;
    let weightText: string;
    let productText: string;
    let units: bigint;
    if (extraction.coefficient !== null) {
      // Rounded and written in whole numbers: the same digits as round, fixed and plain give (the
      // Decimal is made only if asked for: the scorer reads the units).
      units = roundUnits(extraction.coefficient, extraction.places, w, rules.mode);
      weightText = unitsText(units, w);
      productText = plainText(extraction.coefficient, extraction.places);
    } else {
      const product = productOf(extraction);
      weight = round(product, w, rules.mode);
      weightText = fixed(weight, w);
      productText = plain(product);
      units = BigInt(weightText.replace('.', ''));
    }
    const working: LinkWeightWorking = {
      relevance: relevance.factorWorking as FactorWorking,
      observation: observation.factorWorking as FactorWorking,
      interpretation: interpretation.factorWorking as LinkWeightWorking['interpretation'],
      authenticity: authenticity.factorWorking as FactorWorking,
      extraction: extraction.factorWorking as FactorWorking,
      product: productText,
      weight: weightText,
    };
    extraction.weighed = new Weighed(units, w, weight, working, opposed(units, weightText));
  }
  return extraction.weighed;
}

/**
 * A link's five levels as one key, or null where a level is not a string or holds the separator
 * (never so in a validated claim; such a link is weighed along its path alone). Made once per link
 * of a claim, for every model: a model then finds a link it has weighed before in one lookup
 * instead of five, and the key's hash is worked out once for them all.
 */
function levelsKey(link: EvidenceLink): string | null {
  const { relevance, observation, interpretationSteps, authenticity, extraction } = link;
  if (
    !plainLevel(relevance) ||
    !plainLevel(observation) ||
    !plainLevel(interpretationSteps) ||
    !plainLevel(authenticity) ||
    !plainLevel(extraction)
  )
    return null;
  // Joined, not a template: a template makes a rope of nine pieces, which each of the models' maps
  // then hashes and compares piece by piece; a joined string is flat.
  return [relevance, observation, interpretationSteps, authenticity, extraction].join('\u0000');
}

function plainLevel(level: unknown): boolean {
  return typeof level === 'string' && !level.includes('\u0000');
}

/** Each link's `levelsKey`, for the evidence lists weighed most recently. */
const levelsKeys = recentlyUsed<readonly EvidenceLink[], readonly (string | null)[]>((evidence) => {
  const keys: (string | null)[] = [];
  for (let i = 0; i < evidence.length; i++) keys.push(levelsKey(evidence[i]!));
  return keys;
});

/** Each model's link weights by `levelsKey`: the ends of its paths, found in one lookup. */
const weighedByKey = perRules(() => new Map<string, LinkWeight>());

/**
 * Weighs every link of a claim: `weighFrom` for each, through the model's map by levels for a
 * combination it has weighed before (the same object `weighFrom` returned then).
 */
export function weighAll(rules: Rules, root: LinkRoot, evidence: readonly EvidenceLink[]): LinkWeight[] {
  const keys = levelsKeys(evidence);
  const known = weighedByKey(rules);
  const weighed: LinkWeight[] = [];
  for (let i = 0; i < keys.length; i++) {
    const key = keys[i]!;
    let one = key === null ? undefined : known.get(key);
    if (one === undefined) {
      one = weighFrom(rules, root, evidence[i]!);
      if (key !== null) known.set(key, one);
    }
    weighed.push(one);
  }
  return weighed;
}

/** What a model fixes for step 2: each level's factor with its working, and each step count's factor. */
const fixedByModel = perRules(() => ({
  // One map per table, so that a level is looked up as it is (no key string made per lookup).
  factors: {
    relevance: new Map<string, { factor: Factor; working: FactorWorking }>(),
    observation: new Map<string, { factor: Factor; working: FactorWorking }>(),
    authenticity: new Map<string, { factor: Factor; working: FactorWorking }>(),
    extraction: new Map<string, { factor: Factor; working: FactorWorking }>(),
  },
  interpretations: new Map<string, { factor: Factor; working: LinkWeightWorking['interpretation'] }>(),
}));

function factorWorking(
  rules: Rules,
  table: 'relevance' | 'observation' | 'authenticity' | 'extraction',
  level: string,
): { factor: Factor; working: FactorWorking } {
  return lookup(fixedByModel(rules).factors[table], level, () => {
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
