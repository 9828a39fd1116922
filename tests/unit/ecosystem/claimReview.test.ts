import { describe, expect, it } from 'vitest';
import { claimReview, jsonForScript, PUBLISHER_NAME } from '../../../src/lib/claimReview.ts';
import { insufficient, notApplicable, scored } from './fixtures.ts';
import type { Trace } from '../../../src/engine/index.ts';

const context = (trace: Trace) => ({
  pageUrl: `https://ledger.test/claims/${trace.claim}/`,
  traceUrl: `https://ledger.test/claims/${trace.claim}/${trace.model}/trace.json`,
  modelUrl: `https://ledger.test/models/${trace.model}/`,
  siteUrl: 'https://ledger.test/',
  buildDate: '2026-11-30',
});

describe('ClaimReview of a scored claim', () => {
  const review = claimReview(scored, context(scored));

  it('is a schema.org ClaimReview of the statement, on the page it is published on', () => {
    expect(review['@context']).toBe('https://schema.org');
    expect(review['@type']).toBe('ClaimReview');
    expect(review.url).toBe('https://ledger.test/claims/rates-rose/');
    expect(review.claimReviewed).toBe(scored.input.statement);
    expect(review.datePublished).toBe('2026-11-30');
  });

  it('reviews a Claim by its author, dated when it was recorded', () => {
    expect(review.itemReviewed).toEqual({
      '@type': 'Claim',
      author: { '@type': 'Person', name: 'a.writer' },
      datePublished: scored.input.recorded,
    });
  });

  it('is authored by the site as an Organization', () => {
    expect(review.author).toEqual({ '@type': 'Organization', name: PUBLISHER_NAME, url: 'https://ledger.test/' });
  });

  it('rates the claim with the trace’s probability string on a 0 to 1 scale, the state as its name', () => {
    expect(scored.result.probability).not.toBeNull();
    expect(review.reviewRating).toEqual({
      '@type': 'Rating',
      ratingValue: scored.result.probability,
      bestRating: '1',
      worstRating: '0',
      alternateName: scored.result.state,
    });
  });

  it('is based on the trace and names the model with its config hash', () => {
    expect(review.isBasedOn[0]).toMatchObject({
      '@type': 'Dataset',
      url: context(scored).traceUrl,
      encodingFormat: 'application/json',
    });
    expect(review.isBasedOn[1]).toEqual({
      '@type': 'CreativeWork',
      name: 'ledger-strict@0.1.0',
      url: 'https://ledger.test/models/ledger-strict@0.1.0/',
      identifier: scored.configHash,
    });
  });
});

describe.each([
  ['insufficient evidence', insufficient, 'insufficient-evidence'],
  ['not applicable', notApplicable, 'not-applicable'],
])('ClaimReview of a refusal (%s)', (_name, trace, state) => {
  const review = claimReview(trace, context(trace));

  it('gives no rating value, only the state and the reason', () => {
    expect(trace.result.probability).toBeNull();
    expect(review.reviewRating).toEqual({
      '@type': 'Rating',
      alternateName: state,
      ratingExplanation: trace.result.reason,
    });
    expect(review.reviewRating).not.toHaveProperty('ratingValue');
    expect(review.reviewRating).not.toHaveProperty('bestRating');
    expect(review.reviewRating).not.toHaveProperty('worstRating');
  });

  it('still links the trace', () => {
    expect(review.isBasedOn[0].url).toBe(context(trace).traceUrl);
  });
});

describe('jsonForScript', () => {
  const json = jsonForScript(claimReview(scored, context(scored)));

  it('never lets a statement close the script block or open markup', () => {
    expect(json).not.toMatch(/[<>&]/);
    expect(json).toContain('\\u003c/script\\u003e');
  });

  it('parses back to the same object', () => {
    expect(JSON.parse(json)).toEqual(claimReview(scored, context(scored)));
  });

  it.each([
    ['<', '"\\u003c"'],
    ['>', '"\\u003e"'],
    ['&', '"\\u0026"'],
    ['\u2028', '"\\u2028"'],
    ['\u2029', '"\\u2029"'],
  ])('writes %j as an escape', (text, expected) => {
    expect(jsonForScript(text)).toBe(expected);
    expect(JSON.parse(jsonForScript(text))).toBe(text);
  });
});
