/** The schema of a claim file, `content/claims/<slug>.yaml` (docs/design.md §3). */
import { z } from 'astro/zod';
import { decimal, isoDate, MAX_SEGMENT_LENGTH, slugLike, text } from './common.ts';
import { MAX_ITEMS, MAX_LENGTH, maxItems, maxLength } from './limits.ts';

/** A level of a model's table, or a review check, named by a link or a review: a short label. */
const level = maxLength(text, MAX_LENGTH.label, 'it names a level or check of a model');
/** A person's or a source's name. */
const name = maxLength(text, MAX_LENGTH.name, 'it is a name, shown on one line');

/** A URL limited to http and https; anything else could run script or leave the web. */
export const httpUrl = maxLength(
  z.string({ invalid_type_error: 'must be an http or https URL' }),
  MAX_LENGTH.url,
  'longer addresses are cut by browsers and servers',
).refine((value) => {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}, 'must be an http or https URL');

const direction = z.enum(['supports', 'opposes'], { errorMap: () => ({ message: 'must be supports or opposes' }) });

/** A claim as written in its file. */
export const claimSchema = z
  .object({
    statement: maxLength(text, MAX_LENGTH.statement, 'a claim is one sentence: put the rest in note').describe(
      'The claim, in one sentence.',
    ),
    type: text
      // The listing's URLs carry the type: a folder name over the file system's 255 bytes would stop the build.
      .max(
        MAX_SEGMENT_LENGTH,
        `must be at most ${MAX_SEGMENT_LENGTH} characters: it is a short label for a kind of claim, and stands in URLs`,
      )
      .describe('The kind of claim; the model decides whether it is scored.'),
    author: name.describe('Who recorded the claim in the ledger (who made it is claimant).'),
    recorded: isoDate.describe('When the claim was recorded.'),
    claimant: z
      .object({
        name: name.describe('The person or organisation that made the claim, in words.'),
        url: httpUrl.nullable().optional().describe('Where the claimant can be found (their own page).'),
        type: z
          .enum(['person', 'organization'], { errorMap: () => ({ message: 'must be person or organization' }) })
          .optional()
          .describe('Whether the claimant is a person or an organization (published as schema.org @type).'),
      })
      .strict()
      .nullable()
      .optional()
      .describe('Who made the claim out in the world (not who recorded it: that is author).'),
    appearances: maxItems(
      z
        .object({
          url: httpUrl.describe('Where the claim was made: a page, a recording, a post.'),
          date: isoDate.describe('When it was made there.'),
        })
        .strict(),
      MAX_ITEMS.appearances,
      'appearances',
      'each is a line of the claim page',
    )
      .nullable()
      .optional()
      .describe('Where and when the claim was made, earliest first.'),
    note: maxLength(text, MAX_LENGTH.note, 'it is shown above the working, a few paragraphs')
      .nullable()
      .optional()
      .describe('Plain Markdown shown above the working.'),
    sources: maxItems(
      z
        .object({
          id: maxLength(slugLike, MAX_LENGTH.label, 'it is an id').describe(
            'Unique within the claim; evidence names it.',
          ),
          name: name.describe('The source, in words.'),
          url: httpUrl.nullable().optional().describe('Where the source can be read.'),
        })
        .strict(),
      MAX_ITEMS.sources,
      'sources',
      'each is a group of the working on every page of the claim',
    ).describe('Where evidence independently came from: one entry per group.'),
    evidence: maxItems(
      z
        .object({
          id: maxLength(slugLike, MAX_LENGTH.label, 'it is an id').describe('Unique within the claim.'),
          source: slugLike.describe('The id of a source above.'),
          direction: direction.describe('Whether the link supports or opposes the claim.'),
          passage: maxLength(text, MAX_LENGTH.passage, 'a quotation, shown whole in the table of links').describe(
            'The exact quoted words.',
          ),
          locator: maxLength(text, MAX_LENGTH.locator, 'it says where the passage is')
            .nullable()
            .optional()
            .describe('Where in the source the passage is.'),
          relevance: level.describe('How directly the passage bears on the claim.'),
          observation: level.describe('What kind of thing the evidence is.'),
          interpretationSteps: decimal.describe('Steps of reasoning between the passage and the claim.'),
          authenticity: level.optional().describe('Whether the passage is really in the source.'),
          extraction: level.optional().describe('Whether the reading of the passage is faithful.'),
          recordedBy: name.nullable().optional().describe('Who recorded the link.'),
        })
        .strict(),
      MAX_ITEMS.evidence,
      'evidence links',
      'each is a row of the table and a term of the formulas on every page of the claim: split the claim, or keep the strongest links',
    ).describe('The evidence links.'),
    reviews: maxItems(
      z
        .object({
          check: level.describe('Which check was done.'),
          by: name.describe('Who did it.'),
          date: isoDate.optional().describe('When (YYYY-MM-DD).'),
          on: isoDate
            .optional()
            .describe(
              'When, in a file written before the key was named date (YAML 1.1 readers take on for true): still read.',
            ),
        })
        .strict()
        .superRefine((review, context) => {
          if (review.date === undefined && review.on === undefined)
            context.addIssue({ code: 'custom', path: ['date'], message: 'is required: the date of the review' });
          if (review.date !== undefined && review.on !== undefined)
            context.addIssue({ code: 'custom', path: ['on'], message: 'gives the date twice: keep date, remove on' });
        }),
      MAX_ITEMS.reviews,
      'reviews',
      'each is a line of the claim page',
    )
      .nullable()
      .optional()
      .describe('Review checks done on the claim.'),
    votes: maxItems(
      z
        .object({
          voter: name.describe('Who voted.'),
          reputation: decimal.describe("The voter's reputation; below zero counts as zero."),
          value: decimal.describe('The vote, from 0 (false) to 1 (true).'),
        })
        .strict(),
      MAX_ITEMS.votes,
      'votes',
      'each is a row of the table of votes',
    )
      .nullable()
      .optional()
      .describe('Community votes.'),
  })
  .strict();

/** A claim file's content before normalisation. */
export type ClaimInput = z.infer<typeof claimSchema>;
