/** The traces the claim view tests (tests/unit/claim/claimView*.test.ts) read, scored under ledger-strict. */
import { createScorer, type Claim, type Model } from '../../src/engine/index.ts';
import { claim, review } from './claim.ts';
import { strictModel } from './model.ts';
import { TEST_CODE_HASH } from './score.ts';

/** ledger-strict@0.1.0, the model the claim view tests score under. */
export const strict = strictModel();
/** A claim's trace under a model. */
export const scoreUnder = (model: Model, c: Claim, slug = 'a-claim') =>
  createScorer(model, TEST_CODE_HASH).score(slug, c);
/** A claim's trace under ledger-strict. */
export const score = (c: Claim) => scoreUnder(strict, c);

/** The levels of a link that states the claim outright from an official record. */
export const official = { relevance: 'states-outright', observation: 'official-record' } as const;
/** A claim with kept, dependent and opposing links, reviews by the author and others, and one vote, scored. */
export const lab = score(
  claim({
    author: 'r.okafor',
    links: [
      { id: 'q1', source: 'lab', ...official },
      { id: 'q2', source: 'lab', ...official },
      { id: 'audit', source: 'inspectorate', relevance: 'bears-directly', observation: 'official-record' },
      {
        id: 'blog',
        source: 'blog',
        direction: 'opposes',
        relevance: 'touches-subject',
        observation: 'second-hand-report',
        steps: 1,
        authenticity: 'doubted',
        extraction: 'doubted',
      },
    ],
    reviews: [
      review('primary-source-reviewed', 'r.okafor'),
      review('opposing-search-done', 'm.ito'),
      review('made-up-check', 'm.ito'),
    ],
    votes: [{ voter: 'm.ito', reputation: '800', value: '0.9' }],
  }),
);
