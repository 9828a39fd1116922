/**
 * schema.org ClaimReview for a claim page, read from one trace: what a fact-check aggregator needs
 * to pick up the ledger's verdict. A scored claim carries its probability as the rating on a 0 to 1
 * scale; a refusal (not applicable, insufficient evidence) carries no number, only its state and
 * the reason, so that nothing reads a rating the engine never gave.
 */
import type { Trace } from '../engine/index.ts';

/** The organisation that publishes every review on the site. */
export const PUBLISHER_NAME = 'The claim ledger';

/** What the review needs besides the trace: where things are published and when. */
export interface ClaimReviewContext {
  /** The absolute URL of the page the review is on (its canonical URL). */
  readonly pageUrl: string;
  /** The absolute URL of the trace published beside the page. */
  readonly traceUrl: string;
  /** The absolute URL of the model's page. */
  readonly modelUrl: string;
  /** The absolute URL of the site's home page. */
  readonly siteUrl: string;
  /** The build's date (YYYY-MM-DD): the review is published as of this build. */
  readonly buildDate: string;
}

/** A schema.org Rating: numeric for a scored claim, words only for a refusal. */
export type ReviewRating =
  | {
      readonly '@type': 'Rating';
      readonly ratingValue: string;
      readonly bestRating: '1';
      readonly worstRating: '0';
      readonly alternateName: string;
    }
  | {
      readonly '@type': 'Rating';
      readonly alternateName: string;
      readonly ratingExplanation: string;
    };

/** The JSON-LD object of one claim page. */
export interface ClaimReview {
  readonly '@context': 'https://schema.org';
  readonly '@type': 'ClaimReview';
  readonly url: string;
  readonly claimReviewed: string;
  readonly itemReviewed: {
    readonly '@type': 'Claim';
    readonly author: { readonly '@type': 'Person'; readonly name: string };
    readonly datePublished: string;
  };
  readonly datePublished: string;
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

/** The rating of a trace's result: its probability and state, or the refusal and its reason. */
export function reviewRating(trace: Trace): ReviewRating {
  const { state, probability, reason } = trace.result;
  if (probability === null) {
    return { '@type': 'Rating', alternateName: state, ratingExplanation: reason ?? state };
  }
  return { '@type': 'Rating', ratingValue: probability, bestRating: '1', worstRating: '0', alternateName: state };
}

/** The ClaimReview of one claim under one model. */
export function claimReview(trace: Trace, context: ClaimReviewContext): ClaimReview {
  return {
    '@context': 'https://schema.org',
    '@type': 'ClaimReview',
    url: context.pageUrl,
    claimReviewed: trace.input.statement,
    itemReviewed: {
      '@type': 'Claim',
      author: { '@type': 'Person', name: trace.input.author },
      datePublished: trace.input.recorded,
    },
    datePublished: context.buildDate,
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
