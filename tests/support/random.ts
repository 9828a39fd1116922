/**
 * fast-check arbitraries for valid models and claims in the loader's normalised form: every number
 * a decimal string in shortest plain form, defaults filled in, absent values null. They reach the
 * corners the two implementations could disagree on: ties, zero weights, refusals, both rounding
 * modes at 0 to 8 places, negative and fractional reputations, the author's own reviews.
 */
import fc from 'fast-check';
import { Decimal, dec, plain, type Claim, type Model } from '../../src/engine/index.ts';

/** A decimal from `min / 10^scale` to `max / 10^scale`, written in shortest plain form. */
export function decimalBetween(min: number, max: number, scale: number): fc.Arbitrary<string> {
  return fc.integer({ min, max }).map((n) => plain(dec(n).div(dec(10).pow(scale))));
}

/** A factor of a level table: often a round number, so that link weights tie. */
const factor = fc.oneof(
  { weight: 1, arbitrary: fc.constant('0') },
  { weight: 4, arbitrary: fc.constantFrom('0.35', '0.5', '1', '2') },
  { weight: 4, arbitrary: decimalBetween(1, 3000, 3) },
  { weight: 2, arbitrary: decimalBetween(1, 99999999, 8) },
);

/** A table of 1 to `max` levels named `<prefix>-<n>`. */
function levelTable(prefix: string, max: number): fc.Arbitrary<Record<string, string>> {
  return fc
    .array(factor, { minLength: 1, maxLength: max })
    .map((factors) => Object.fromEntries(factors.map((f, i) => [`${prefix}-${i}`, f])));
}

/** authenticity / extraction: the four fixed levels. */
const verification = fc.record({
  unverified: factor,
  verified: factor,
  doubted: factor,
  refuted: factor,
});

/** A probability strictly between 0 and 1, sometimes with many digits. */
const prior = fc.oneof(
  decimalBetween(1, 99, 2),
  decimalBetween(1, 999999, 6),
  fc.constantFrom('0.5', '0.3', '0.000001', '0.999999'),
);

/** Two distinct values from 0 to `max` (inclusive) over 10^scale, ascending. */
function ascendingPair(max: number, scale: number, allowEqual: boolean): fc.Arbitrary<[string, string]> {
  return fc
    .tuple(fc.integer({ min: 0, max }), fc.integer({ min: 0, max }))
    .filter(([a, b]) => allowEqual || a !== b)
    .map(([a, b]) => {
      const [low, high] = a <= b ? [a, b] : [b, a];
      const unit = dec(10).pow(scale);
      return [plain(dec(low).div(unit)), plain(dec(high).div(unit))];
    });
}

/** Claim types the arbitraries use; the first three may have priors. */
export const SCORED_TYPES = ['factual', 'statistical', 'causal'] as const;
/** Types a model may refuse with its own words. */
export const REFUSED_TYPES = ['value-judgement', 'prediction'] as const;
/** A type no generated model names at all. */
export const UNKNOWN_TYPE = 'rhetorical-question';

const CHECKS = [
  'primary-source-reviewed',
  'opposing-search-done',
  'independence-reviewed',
  'qualifiers-reviewed',
  'date-checked',
];

/** Any valid model, as the loader would normalise it. */
export const modelArbitrary: fc.Arbitrary<Model> = fc
  .record({
    relevance: levelTable('rel', 4),
    observation: levelTable('obs', 4),
    stepCost: fc.oneof(fc.constantFrom('0', '0.15', '0.5'), decimalBetween(0, 400, 3)),
    floor: fc.oneof(fc.constantFrom('0', '0.2', '1'), decimalBetween(0, 1000, 3)),
    authenticity: verification,
    extraction: verification,
    independence: fc.constantFrom('strongest-per-group-and-direction' as const, 'count-every-link' as const),
    priors: fc
      .uniqueArray(fc.constantFrom(...SCORED_TYPES), { minLength: 1, maxLength: 3 })
      .chain((types) => fc.tuple(...types.map((t) => prior.map((p) => [t, p] as const)))),
    notScored: fc.subarray([...REFUSED_TYPES]),
    bounds: fc.uniqueArray(fc.integer({ min: 1, max: 10000 }), { maxLength: 5 }),
    mode: fc.constantFrom('half-even' as const, 'half-up' as const),
    // Every place count from 0 to 8, but mostly enough places that small weights survive rounding.
    weight: fc.oneof(
      { weight: 1, arbitrary: fc.integer({ min: 0, max: 8 }) },
      { weight: 2, arbitrary: fc.integer({ min: 3, max: 8 }) },
    ),
    probability: fc.integer({ min: 0, max: 8 }),
    coverage: fc.integer({ min: 0, max: 8 }),
    scales: fc.array(fc.oneof(fc.constantFrom('0.7', '1', '1.3'), decimalBetween(1, 3000, 3)), {
      minLength: 1,
      maxLength: 3,
    }),
    spreads: ascendingPair(100, 2, true),
    minGroupsForHigh: fc.integer({ min: 0, max: 4 }),
    checks: fc.shuffledSubarray(CHECKS, { minLength: 1 }),
    gradientFloor: fc.oneof(fc.constant('0.1'), decimalBetween(1, 3000, 3)),
    neutral: decimalBetween(0, 1000, 3),
    consensus: ascendingPair(1000, 3, false),
  })
  .map((r): Model => ({
    name: 'fuzz',
    version: '1.0.0',
    released: '2026-11-02',
    basedOn: null,
    summary: 'A random valid model.',
    changes: [],
    relevance: r.relevance,
    observation: r.observation,
    interpretation: { stepCost: r.stepCost, floor: r.floor },
    authenticity: r.authenticity,
    extraction: r.extraction,
    independence: r.independence,
    priors: Object.fromEntries(r.priors),
    notScored: Object.fromEntries(r.notScored.map((type) => [type, `This model does not score a ${type}.`])),
    states: [0, ...[...r.bounds].sort((a, b) => a - b)].map((bound, i) => ({
      from: plain(dec(bound).div(10000)),
      state: `state-${i}`,
    })),
    rounding: {
      mode: r.mode,
      weight: String(r.weight),
      probability: String(r.probability),
      coverage: String(r.coverage),
    },
    stability: {
      scales: r.scales,
      high: r.spreads[0],
      medium: r.spreads[1],
      minGroupsForHigh: String(r.minGroupsForHigh),
    },
    review: { checks: r.checks },
    // A vote weight is rounded to `weight` places, so a floor below one unit there could make
    // every weight 0 and the gradient 0/0; such a model is not a valid one to compare on.
    gradient: {
      floor: plain(Decimal.max(r.gradientFloor, dec(10).pow(-r.weight))),
      neutral: r.neutral,
      trueFrom: r.consensus[1],
      falseTo: r.consensus[0],
    },
  }));

const PEOPLE = ['author', 'm.ito', 'r.okafor', 'j.silva'];

/** A reputation: zero, negative, fractional or large. */
const reputation = fc.oneof(
  fc.constantFrom('0', '-1', '800', '200', '50', '0.5'),
  decimalBetween(-1000, 100000, 0),
  decimalBetween(-100000, 100000, 3),
);

/** Any valid claim whose levels the given model declares. */
export function claimArbitrary(model: Model): fc.Arbitrary<Claim> {
  const types = [...Object.keys(model.priors), ...Object.keys(model.notScored), UNKNOWN_TYPE];
  const levels = (table: Readonly<Record<string, string>>) => fc.constantFrom(...Object.keys(table));
  return fc
    .record({
      type: fc.oneof(
        { weight: 4, arbitrary: fc.constantFrom(...Object.keys(model.priors)) },
        { weight: 1, arbitrary: fc.constantFrom(...types) },
      ),
      author: fc.constantFrom(...PEOPLE),
      note: fc.option(fc.constant('A note.'), { nil: null }),
      sourceCount: fc.integer({ min: 1, max: 5 }),
      links: fc.array(
        fc.record({
          source: fc.nat(4),
          direction: fc.constantFrom('supports' as const, 'opposes' as const),
          relevance: levels(model.relevance),
          observation: levels(model.observation),
          steps: fc.oneof(fc.constant(0), fc.integer({ min: 0, max: 8 })),
          authenticity: levels(model.authenticity),
          extraction: levels(model.extraction),
          locator: fc.option(fc.constant('p. 4'), { nil: null }),
          recordedBy: fc.option(fc.constantFrom(...PEOPLE), { nil: null }),
        }),
        { maxLength: 12 },
      ),
      reviews: fc.array(
        fc.record({
          check: fc.constantFrom(...model.review.checks, 'not-a-declared-check'),
          by: fc.constantFrom(...PEOPLE),
        }),
        { maxLength: 6 },
      ),
      votes: fc.array(
        fc.record({ reputation, value: fc.oneof(fc.constantFrom('0', '1', '0.5'), decimalBetween(0, 1000, 3)) }),
        { maxLength: 5 },
      ),
    })
    .map((r): Claim => ({
      statement: 'A random claim.',
      type: r.type,
      author: r.author,
      recorded: '2026-10-02',
      // Every other claim names who made it and where, drawn from what is already drawn so that a
      // seed gives the same case as before these fields existed.
      ...(r.sourceCount % 2 === 0
        ? {
            claimant: { name: 'A claimant', url: r.note === null ? null : 'https://example.org/claimant' },
            appearances: [{ url: 'https://example.org/said', date: '2026-01-14' }],
          }
        : {}),
      note: r.note,
      sources: Array.from({ length: r.sourceCount }, (_, i) => ({
        id: `source-${i}`,
        name: `Source ${i}`,
        url: i % 2 === 0 ? null : `https://example.org/${i}`,
      })),
      evidence: r.links.map((link, i) => ({
        id: `link-${i}`,
        source: `source-${link.source % r.sourceCount}`,
        direction: link.direction,
        passage: `Passage ${i}.`,
        locator: link.locator,
        relevance: link.relevance,
        observation: link.observation,
        interpretationSteps: String(link.steps),
        authenticity: link.authenticity,
        extraction: link.extraction,
        recordedBy: link.recordedBy,
      })),
      reviews: r.reviews.map(({ check, by }) => ({ check, by, on: '2026-10-04' })),
      votes: r.votes.map((vote, i) => ({ voter: `voter-${i}`, ...vote })),
    }));
}

/** One differential case: a random valid model and a claim under it. */
export interface RandomCase {
  readonly slug: string;
  readonly model: Model;
  readonly claim: Claim;
}

/** A model and a claim whose levels it declares. */
export const caseArbitrary: fc.Arbitrary<Omit<RandomCase, 'slug'>> = modelArbitrary.chain((model) =>
  claimArbitrary(model).map((claim) => ({ model, claim })),
);

/** The case a seed gives: the same seed always gives the same case. */
export function caseFromSeed(seed: number): RandomCase {
  const [drawn] = fc.sample(caseArbitrary, { seed, numRuns: 1 });
  return { slug: `case-${seed >>> 0}`, ...drawn! };
}
