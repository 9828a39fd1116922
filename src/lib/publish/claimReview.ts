/**
 * schema.org ClaimReview for a claim, read from its trace under the site's default model: what a
 * fact-check aggregator needs to pick up the ledger's verdict. One review per claim, on
 * `/claims/<slug>/` alone; the claim under another model is a view of the same claim, not a second
 * review. A scored claim is rated in words (its state) and numbers (its probability on a 0 to 1
 * scale); a refusal (not applicable, insufficient evidence) carries no number at all, only
 * "Not rated: …" and the reason, so that nothing reads a rating the engine never gave. Dates are the
 * claim's own (recorded, its latest review, where it was made), never the build's.
 */
import type { Appearance, Trace } from '../../engine/index.ts';
import { reviewDate } from '../../engine/index.ts';

/** The organisation that publishes every review on the site. */
export const PUBLISHER_NAME = 'The claim ledger';

/** What the review needs besides the trace: where things are published. */
export interface ClaimReviewContext {
  /** The absolute URL of the page the review is on: the claim's canonical URL, `/claims/<slug>/`. */
  readonly pageUrl: string;
  /** The absolute URL of the trace published beside the page. */
  readonly traceUrl: string;
  /** The absolute URL of the model's page. */
  readonly modelUrl: string;
  /** The absolute URL of the site's home page. */
  readonly siteUrl: string;
}

/** A schema.org Rating: words and numbers for a scored claim, words only for a refusal. */
export type ReviewRating =
  | {
      readonly '@type': 'Rating';
      readonly ratingValue: number;
      readonly bestRating: 1;
      readonly worstRating: 0;
      readonly alternateName: string;
      readonly ratingExplanation: string;
    }
  | {
      readonly '@type': 'Rating';
      readonly alternateName: string;
      readonly ratingExplanation: string;
    };

/** Where a claim was made, as schema.org's `appearance` and `firstAppearance` hold it. */
export interface ClaimAppearance {
  readonly '@type': 'CreativeWork';
  readonly url: string;
  readonly datePublished: string;
}

/** The claim reviewed: who made it and where, when the claim file says so (never its recorder). */
export interface ReviewedClaim {
  readonly '@type': 'Claim';
  /** The claimant; no `@type`, since the file does not say whether it is a person or an organisation. */
  readonly author?: { readonly '@type'?: 'Person' | 'Organization'; readonly name: string; readonly url?: string };
  /** The date of the claim's first appearance. */
  readonly datePublished?: string;
  readonly appearance?: readonly ClaimAppearance[];
  readonly firstAppearance?: ClaimAppearance;
}

/** The JSON-LD object of one claim. */
export interface ClaimReview {
  readonly '@context': 'https://schema.org';
  readonly '@type': 'ClaimReview';
  readonly url: string;
  readonly claimReviewed: string;
  readonly itemReviewed: ReviewedClaim;
  readonly datePublished: string;
  readonly dateModified: string;
  readonly author: { readonly '@type': 'Organization'; readonly name: string; readonly url: string };
  readonly reviewRating: ReviewRating;
  readonly isBasedOn: readonly [
    {
      readonly '@type': 'Dataset';
      readonly name: string;
      readonly url: string;
      readonly encodingFormat: 'application/json';
    },
    {
      readonly '@type': 'CreativeWork';
      readonly name: string;
      readonly url: string;
      readonly identifier: string;
    },
  ];
}

/** A state id as words with a capital: `very-likely` → "Very likely". */
export function stateWords(state: string): string {
  const words = state.replaceAll('-', ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/**
 * The rating of a trace's result. A scored claim: its state in words as `alternateName`, its
 * probability as a JSON number from 0 (worst) to 1 (best). A refusal: "Not rated: <state>" and
 * the reason, and no number.
 */
export function reviewRating(trace: Trace): ReviewRating {
  const { state, probability, reason } = trace.result;
  if (probability === null) {
    const words = state.replaceAll('-', ' ');
    return {
      '@type': 'Rating',
      alternateName: `Not rated: ${words}`,
      ratingExplanation: reason ?? `Not rated: ${words}.`,
    };
  }
  return {
    '@type': 'Rating',
    // The probability has at most a few places, so the JSON number is the same decimal written.
    ratingValue: Number(probability),
    bestRating: 1,
    worstRating: 0,
    alternateName: stateWords(state),
    ratingExplanation: `${stateWords(state)}: a probability of ${probability} that the claim is true, under the model ${trace.model}.`,
  };
}

/** The last of the claim's own dates: when it was recorded or, if later, its latest review. */
export function lastReviewed(trace: Trace): string {
  return trace.input.reviews.reduce((latest, review) => {
    const date = reviewDate(review);
    return date > latest ? date : latest;
  }, trace.input.recorded);
}

const appearanceOf = ({ url, date }: Appearance): ClaimAppearance => ({
  '@type': 'CreativeWork',
  url,
  datePublished: date,
});

/** schema.org's type for each kind of claimant a claim file may name. */
const CLAIMANT_TYPES = { person: 'Person', organization: 'Organization' } as const;

/** The claim as reviewed: its claimant as author and its appearances, each only when recorded. */
export function reviewedClaim(trace: Trace): ReviewedClaim {
  const { claimant, appearances = [] } = trace.input;
  const first = appearances[0];
  return {
    '@type': 'Claim',
    ...(claimant
      ? {
          author: {
            ...(claimant.type === undefined ? {} : { '@type': CLAIMANT_TYPES[claimant.type] }),
            name: claimant.name,
            ...(claimant.url === null ? {} : { url: claimant.url }),
          },
        }
      : {}),
    ...(first
      ? { datePublished: first.date, appearance: appearances.map(appearanceOf), firstAppearance: appearanceOf(first) }
      : {}),
  };
}

/** The ClaimReview of a claim, from its trace under the site's default model. */
export function claimReview(trace: Trace, context: ClaimReviewContext): ClaimReview {
  return {
    '@context': 'https://schema.org',
    '@type': 'ClaimReview',
    url: context.pageUrl,
    claimReviewed: trace.input.statement,
    itemReviewed: reviewedClaim(trace),
    datePublished: trace.input.recorded,
    dateModified: lastReviewed(trace),
    author: { '@type': 'Organization', name: PUBLISHER_NAME, url: context.siteUrl },
    reviewRating: reviewRating(trace),
    isBasedOn: [
      {
        '@type': 'Dataset',
        name: `Trace of ${trace.claim} under ${trace.model}`,
        url: context.traceUrl,
        encodingFormat: 'application/json',
      },
      // The model by its id; its config hash pins the exact rules the trace was scored under.
      { '@type': 'CreativeWork', name: trace.model, url: context.modelUrl, identifier: trace.configHash },
    ],
  };
}

/**
 * JSON for a `<script type="application/ld+json">` data block: `<`, `>` and `&` are written as
 * `\u003c`, `\u003e` and `\u0026` (so a statement holding `</script>` cannot end the block), and
 * U+2028 / U+2029 as escapes. The result parses back to the same value.
 */
export function jsonForScript(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}
