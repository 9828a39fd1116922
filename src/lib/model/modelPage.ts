/**
 * Everything a model page shows that is worked out rather than laid out: which model it is based
 * on, the differences, the sentences that depend on the model's numbers, the worked example. The
 * page and its section components only read this.
 */
import {
  Decimal,
  dec,
  fixed,
  gradient,
  rulesOf,
  voteWeight,
  type GradientWorking,
  type Model,
  type Trace,
  type Vote,
} from '../../engine/index.ts';
import { voteWeightLatex } from '../claim/claimLatex.ts';
import { factorView } from '../render/pictures/factor.ts';
import type { LineChartView } from '../render/pictures/lineChart.ts';
import { voteWeightView } from '../render/pictures/voteWeight.ts';
import { idWords } from '../render/words.ts';
import type { LoadedModel } from '../input/load.ts';
import type { Site } from '../site/types.ts';
import { modelDiff } from './sideBySide.ts';
import { settingsTable, type SettingGroup } from './settingWords.ts';
import {
  floorReachedAt,
  groupDigits,
  independenceWords,
  interpretationLine,
  isZero,
  pickWorkedExample,
  roundingWords,
  weightReturns,
  weightTable,
  type InterpretationLine,
  type WeightRow,
} from './modelView.ts';

/** The sections of a model page, in order: the same ids on every model page. */
export const MODEL_SECTIONS = [
  'models',
  'changes',
  'differs',
  'shape',
  'relevance',
  'observation',
  'interpretation',
  'authenticity',
  'extraction',
  'independence',
  'prior',
  'combining',
  'states',
  'stability',
  'coverage',
  'gradient',
  'example',
  'reading',
] as const;

/** One of the model page's section ids. */
export type ModelSectionId = (typeof MODEL_SECTIONS)[number];

/** What a model page reads. */
export interface ModelPageView {
  readonly id: string;
  readonly model: Model;
  readonly configHash: string;
  readonly defaultId: string;
  readonly isDefault: boolean;
  readonly models: readonly LoadedModel[];
  /** The released model this one is based on, or null (none named, or not released here). */
  readonly baseId: string | null;
  /** Every declared value that differs from the base model's, in words (state names from this model). */
  readonly differences: readonly SettingGroup[];
  /** How many declared values differ from the base model's. */
  readonly differenceCount: number;
  /** The interpretation factor after two steps, for the sentence that works it. */
  readonly two: InterpretationLine;
  readonly floorAt: number | null;
  /** The interpretation floor in words ("nought" for zero). */
  readonly floorWords: string;
  /** The interpretation factor drawn against the number of steps. */
  readonly factorChart: LineChartView;
  readonly independence: { name: string; detail: string };
  readonly rounding: { summary: string; why: string };
  readonly weights: readonly WeightRow[];
  /** A vote's weight as LaTeX, with this model's floor and rounding (the same formula a claim page shows). */
  readonly weightFormula: string;
  /** A vote's weight drawn against the voter's reputation. */
  readonly weightChart: LineChartView;
  /** The sentence on diminishing returns, ending in its full stop. */
  readonly diminishing: string;
  /** The trace the worked example lays out, or null when the model scores no claim. */
  readonly example: Trace | null;
  /** What the relevance section adds after its first sentence (the levels worth nothing). */
  readonly relevanceTail: string;
  /** True when a model's output weighs nothing under this model. */
  readonly modelOutputIsNought: boolean;
  readonly authenticityWords: string;
  readonly extractionWords: string;
  /** The claim types the model names as not scored, with their reasons (types with a prior left out). */
  readonly notScored: readonly (readonly [string, string])[];
  readonly description: string;
  /** Where each section's link to the same section under another model goes. */
  readonly toggle: SectionToggle;
  /** Seed 003's worked example and edge cases under this model (shown on the default's page). */
  readonly seed: SeedExample;
  /** What the weight table's "× a new voter" column is measured against, and the seed's "about 9×". */
  readonly baseline: string;
}

/** The models a section links to the same section of. */
export interface SectionToggle {
  readonly isDefault: boolean;
  readonly defaultId: string;
  /** Every released model but the default, in the site's order. */
  readonly others: readonly string[];
}

/** Seed 003's three voters (its "Worked Example"): Alice, Bob and Carol. */
export const SEED_003_VOTES: readonly Vote[] = [
  { voter: 'Alice', reputation: '800', value: '0.9' },
  { voter: 'Bob', reputation: '200', value: '0.8' },
  { voter: 'Carol', reputation: '50', value: '0.3' },
];

/** Seed 003's example worked by the engine's `gradient`, with the edge cases the seed lists. */
export interface SeedExample {
  readonly working: GradientWorking;
  /** The gradient to three places, as the seed shows it ("0.719"). */
  readonly seedShows: string;
  /** The gradient of a claim with no votes, and its status in words ("no votes"). */
  readonly noVotes: { readonly value: string; readonly status: string };
  /** A single vote of 0.8 from Bob: the gradient is the vote's value. */
  readonly single: GradientWorking;
  /** The weight of a voter with zero reputation: the floor. */
  readonly zeroWeight: string;
  readonly places: number;
}

/** Seed 003's worked example and edge cases, computed with the engine under `model`. */
export function seedExample(model: Model): SeedExample {
  const rules = rulesOf(model);
  const working = gradient(rules, SEED_003_VOTES);
  const none = gradient(rules, []);
  return {
    working,
    // The seed rounds the unrounded mean, not the 4-place G: 0.71851… is 0.719 (0.7185 would give 0.718).
    seedShows: fixed(dec(working.totalWeighted).div(working.totalWeight).toDecimalPlaces(3, Decimal.ROUND_HALF_UP), 3),
    noVotes: { value: none.value, status: idWords(none.status) },
    single: gradient(rules, [SEED_003_VOTES[1]!]),
    zeroWeight: fixed(voteWeight(rules, dec(0)).weight, rules.places.weight),
    places: rules.places.probability,
  };
}

/** The sentence under the weight table: what "× a new voter" is measured against. */
export function baselineSentence(weights: readonly WeightRow[]): string {
  const first = weights[0]!;
  const top = weights[weights.length - 1]!;
  if (top.timesNew === null) return 'A new voter’s weight is nought here, so no weight is a multiple of it.';
  return (
    `“× a new voter” divides each weight by a new voter’s, the floor ${first.weight}. ` +
    `So a voter with ${groupDigits(top.reputation)} reputation weighs ln(1 + ${groupDigits(top.reputation)}) ÷ ${first.weight} ≈ ${top.timesNew} times a new voter: ` +
    `the weight itself is ${top.weight}, against the floor ${first.weight}.`
  );
}

/** The sentence on diminishing returns from the weight table's last two rows and its first. */
export function diminishingSentence(weights: readonly WeightRow[], returns: ReturnType<typeof weightReturns>): string {
  return (
    `a voter with ${groupDigits(returns.top.reputation)} reputation weighs ${returns.top.weight}, only ${returns.added} more than one with ${groupDigits(returns.next.reputation)}` +
    (returns.timesNewUser === null
      ? '.'
      : `, and about ${returns.timesNewUser} times a new voter’s ${weights[0]!.weight}.`)
  );
}

/** The relevance levels worth nothing, for the sentence that says they move no number. */
export function noughtLevels(table: Readonly<Record<string, string>>): string[] {
  return Object.entries(table)
    .filter(([, factor]) => isZero(factor))
    .map(([level]) => level);
}

/** The end of the relevance section's first sentence: the levels worth nothing, if any. */
export function relevanceTail(model: Model): string {
  const nought = noughtLevels(model.relevance).map(idWords);
  if (nought.length === 0) return '.';
  const list = nought.length === 1 ? nought[0]! : `${nought.slice(0, -1).join(', ')} and ${nought[nought.length - 1]!}`;
  return `, and ${list} evidence is worth nothing at all — it is kept because it is worth reading, not because it moves a number.`;
}

/** What the authenticity section says about unverified evidence under this model. */
export function authenticityWords(model: Model): string {
  return model.authenticity['unverified'] === model.authenticity['verified']
    ? 'Unverified is not penalised — most evidence starts that way and penalising it would punish recording work honestly — but evidence somebody has looked at and doubted is.'
    : `This model marks unverified evidence down to ${model.authenticity['unverified']}: until somebody has looked, the words are not taken at their word. Evidence somebody has looked at and doubted is marked down further.`;
}

/** What the extraction section says about an unchecked reading under this model. */
export function extractionWords(model: Model): string {
  return model.extraction['unverified'] === model.extraction['verified']
    ? 'Same principle as authenticity: unverified is neutral, and a checked-and-doubtful reading is not.'
    : `Same principle as authenticity: under this model an unchecked reading is worth ${model.extraction['unverified']}, and a checked-and-doubtful one less.`;
}

/** The model page's view of model `id`, from the site. */
export function modelPageView(site: Site, id: string): ModelPageView {
  const loaded = site.model(id);
  const { model } = loaded;
  const defaultId = site.defaultModel.id;
  const released = new Set(site.models.map((m) => m.id));
  const base = model.basedOn !== null && released.has(model.basedOn) ? site.model(model.basedOn) : null;
  const weights = weightTable(model);
  const picked = pickWorkedExample(site.claims.map((c) => site.summary(c.slug, id)));
  const floor = model.interpretation.floor;
  const differences = base ? modelDiff(base.model, model) : [];
  return {
    id,
    model,
    configHash: loaded.configHash,
    defaultId,
    isDefault: id === defaultId,
    models: site.models,
    baseId: base?.id ?? null,
    differences: settingsTable(differences, model, false),
    differenceCount: differences.length,
    two: interpretationLine(model, 2),
    floorAt: floorReachedAt(model),
    floorWords: floor !== undefined && isZero(floor) ? 'nought' : floor,
    factorChart: factorView(model),
    independence: independenceWords(model.independence),
    rounding: roundingWords(model),
    weights,
    weightFormula: voteWeightLatex(model.gradient.floor, Number(model.rounding.weight)),
    weightChart: voteWeightView(model),
    diminishing: diminishingSentence(weights, weightReturns(model)),
    example: picked && site.trace(picked.claim, id),
    relevanceTail: relevanceTail(model),
    modelOutputIsNought: model.observation['model-output'] !== undefined && isZero(model.observation['model-output']),
    authenticityWords: authenticityWords(model),
    extractionWords: extractionWords(model),
    notScored: Object.entries(model.notScored).filter(([type]) => !Object.hasOwn(model.priors, type)),
    toggle: {
      isDefault: id === defaultId,
      defaultId,
      others: site.models.map((m) => m.id).filter((m) => m !== defaultId),
    },
    seed: seedExample(model),
    baseline: baselineSentence(weights),
    description: `How a score is worked out under ${id}: every number the model declares, the formulas, what it changed and a worked example, read from the model file as released.`,
  };
}
