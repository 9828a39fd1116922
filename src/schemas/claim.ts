/** The schema of a claim file, `content/claims/<slug>.yaml` (docs/design.md §3). */
import { z } from 'astro/zod';
import { decimal, isoDate, MAX_SEGMENT_LENGTH, slugLike, text } from './common.ts';

/** A URL limited to http and https; anything else could run script or leave the web. */
export const httpUrl = z.string({ invalid_type_error: 'must be an http or https URL' }).refine((value) => {
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
    statement: text.describe('The claim, in one sentence.'),
    type: text
      // The listing's URLs carry the type: a folder name over the file system's 255 bytes would stop the build.
      .max(
        MAX_SEGMENT_LENGTH,
        `must be at most ${MAX_SEGMENT_LENGTH} characters: it is a short label for a kind of claim, and stands in URLs`,
      )
      .describe('The kind of claim; the model decides whether it is scored.'),
    author: text.describe('Who recorded the claim in the ledger (who made it is claimant).'),
    recorded: isoDate.describe('When the claim was recorded.'),
    claimant: z
      .object({
        name: text.describe('The person or organisation that made the claim, in words.'),
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
    appearances: z
      .array(
        z
          .object({
            url: httpUrl.describe('Where the claim was made: a page, a recording, a post.'),
            date: isoDate.describe('When it was made there.'),
          })
          .strict(),
      )
      .nullable()
      .optional()
      .describe('Where and when the claim was made, earliest first.'),
    note: text.nullable().optional().describe('Plain Markdown shown above the working.'),
    sources: z
      .array(
        z
          .object({
            id: slugLike.describe('Unique within the claim; evidence names it.'),
            name: text.describe('The source, in words.'),
            url: httpUrl.nullable().optional().describe('Where the source can be read.'),
          })
          .strict(),
      )
      .describe('Where evidence independently came from: one entry per group.'),
    evidence: z
      .array(
        z
          .object({
            id: slugLike.describe('Unique within the claim.'),
            source: slugLike.describe('The id of a source above.'),
            direction: direction.describe('Whether the link supports or opposes the claim.'),
            passage: text.describe('The exact quoted words.'),
            locator: text.nullable().optional().describe('Where in the source the passage is.'),
            relevance: text.describe('How directly the passage bears on the claim.'),
            observation: text.describe('What kind of thing the evidence is.'),
            interpretationSteps: decimal.describe('Steps of reasoning between the passage and the claim.'),
            authenticity: text.optional().describe('Whether the passage is really in the source.'),
            extraction: text.optional().describe('Whether the reading of the passage is faithful.'),
            recordedBy: text.nullable().optional().describe('Who recorded the link.'),
          })
          .strict(),
      )
      .describe('The evidence links.'),
    reviews: z
      .array(
        z
          .object({
            check: text.describe('Which check was done.'),
            by: text.describe('Who did it.'),
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
      )
      .nullable()
      .optional()
      .describe('Review checks done on the claim.'),
    votes: z
      .array(
        z
          .object({
            voter: text.describe('Who voted.'),
            reputation: decimal.describe("The voter's reputation; below zero counts as zero."),
            value: decimal.describe('The vote, from 0 (false) to 1 (true).'),
          })
          .strict(),
      )
      .nullable()
      .optional()
      .describe('Community votes.'),
  })
  .strict();

/** A claim file's content before normalisation. */
export type ClaimInput = z.infer<typeof claimSchema>;
