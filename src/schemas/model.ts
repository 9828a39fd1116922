/** The schema of a model file, `models/<name>@<version>.yaml` (docs/design.md §2). */
import { z } from 'astro/zod';
import { decimal, isoDate, segmentId, slugLike, tableKey, text } from './common.ts';
import { MAX_ITEMS, MAX_LENGTH, maxItems, maxKeys, maxLength } from './limits.ts';

/** A paragraph of the model's page. */
const prose = maxLength(text, MAX_LENGTH.prose, 'it is a paragraph of the model page');

const levels = (what: string) =>
  maxKeys(
    z.record(tableKey, decimal, { invalid_type_error: `must map each ${what} level to a factor` }),
    MAX_ITEMS.levels,
    `${what} levels`,
  ).describe(`Factor for each ${what} level.`);

/** A state id: it stands in the URLs of the filtered listing, where `all` already means every state. */
const stateId = segmentId.refine(
  (id) => id !== 'all',
  'all is the listing filter that matches every state, so it cannot be a state',
);

const verification = z
  .object({
    unverified: decimal.describe('Factor for evidence nobody has checked yet (the default).'),
    verified: decimal.describe('Factor for evidence somebody has checked and found sound.'),
    doubted: decimal.describe('Factor for evidence somebody has checked and doubts.'),
    refuted: decimal.describe('Factor for evidence somebody has checked and found false.'),
  })
  .strict();

/** A model as written in its file, numbers still as the strings that were written. */
export const modelSchema = z
  .object({
    name: segmentId.describe('The model family name; the id is `<name>@<version>`.'),
    version: z
      .string()
      .regex(/^\d+\.\d+\.\d+$/, 'must be a version such as 0.1.0')
      .describe('Semantic version of this release.'),
    released: isoDate.describe('The date this version was released.'),
    basedOn: z
      .string()
      .regex(/^[a-z0-9-]+@\d+\.\d+\.\d+$/, 'must be a model id such as ledger@1.0.0')
      .nullable()
      .optional()
      .describe('The model this one is shown against.'),
    summary: prose.describe('One paragraph in plain words.'),
    changes: maxItems(prose, MAX_ITEMS.modelList, 'changes', 'they are a list on the model page').describe(
      'What this version changed, one item per change.',
    ),
    relevance: levels('relevance'),
    observation: levels('observation'),
    interpretation: z
      .object({
        stepCost: decimal.describe('What each step of interpretation takes off the factor.'),
        floor: decimal.describe('The least the interpretation factor can be.'),
      })
      .strict()
      .describe('factor = max(floor, 1 − stepCost × steps).'),
    authenticity: verification.describe('Whether the passage is really in the source.'),
    extraction: verification.describe('Whether the reading of the passage is faithful.'),
    independence: z
      .enum(['strongest-per-group-and-direction', 'count-every-link'], {
        errorMap: () => ({ message: 'must be strongest-per-group-and-direction or count-every-link' }),
      })
      .describe('How links from one source in one direction are counted.'),
    priors: maxKeys(z.record(tableKey, decimal), MAX_ITEMS.levels, 'types').describe(
      'Starting probability by claim type; types not listed are not scored.',
    ),
    notScored: maxKeys(z.record(tableKey, prose), MAX_ITEMS.levels, 'types').describe(
      'The reason shown for a type this model refuses to score.',
    ),
    states: maxItems(
      z.object({ from: decimal.describe('Inclusive lower bound.'), state: stateId.describe('State name.') }).strict(),
      MAX_ITEMS.states,
      'states',
      'each is a filter of the listing, with pages of its own',
    )
      .min(1, 'must list at least one state')
      .describe('Ascending inclusive lower bounds on the rounded probability; the first is 0.'),
    rounding: z
      .object({
        mode: z
          .enum(['half-even', 'half-up'], { errorMap: () => ({ message: 'must be half-even or half-up' }) })
          .describe('How ties are rounded.'),
        weight: decimal.describe('Decimal places of weights and log-odds.'),
        probability: decimal.describe('Decimal places of probabilities, spreads and gradients.'),
        coverage: decimal.describe('Decimal places of review coverage.'),
      })
      .strict()
      .describe('How figures are rounded, and to how many decimal places.'),
    stability: z
      .object({
        scales: maxItems(decimal, MAX_ITEMS.modelList, 'scales', 'each re-scores every claim')
          .min(1, 'must list at least one scale')
          .describe('Factors the kept weights are re-scored with.'),
        high: decimal.describe('The largest spread that is still high stability.'),
        medium: decimal.describe('The largest spread that is still medium stability.'),
        minGroupsForHigh: decimal.describe('Fewest distinct sources for high stability.'),
      })
      .strict()
      .describe('How far the probability may move when the kept weights are re-scaled, and what counts as stable.'),
    review: z
      .object({
        checks: maxItems(
          maxLength(slugLike, MAX_LENGTH.label, 'it is a short label'),
          MAX_ITEMS.modelList,
          'checks',
          'each is a column of review coverage',
        )
          .min(1, 'must declare at least one check')
          .describe('The checks review coverage counts.'),
      })
      .strict()
      .describe('The review checks a claim is expected to have.'),
    gradient: z
      .object({
        floor: decimal.describe('The least weight any vote gets.'),
        neutral: decimal.describe('The gradient of a claim with no votes.'),
        trueFrom: decimal.describe('Gradient at or above which the community holds the claim true.'),
        falseTo: decimal.describe('Gradient at or below which the community holds the claim false.'),
      })
      .strict()
      .describe('How community votes are weighed into the gradient shown beside the score.'),
  })
  .strict();

/** A model file's content before normalisation. */
export type ModelInput = z.infer<typeof modelSchema>;
