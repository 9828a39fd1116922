import { describe, expect, it } from 'vitest';
import { claimReview, jsonForScript, PUBLISHER_NAME, stateWords } from '../../../src/lib/publish/claimReview.ts';
import { insufficient, notApplicable, scored } from './fixtures.ts';
import type { Trace } from '../../../src/engine/index.ts';

const context = (trace: Trace) => ({
  pageUrl: `https://ledger.test/claims/${trace.claim}/`,
  traceUrl: `https://ledger.test/claims/${trace.claim}/trace.json`,
  modelUrl: `https://ledger.test/models/${trace.model}/`,
  siteUrl: 'https://ledger.test/',
});

describe('ClaimReview of a scored claim', () => {
  const review = claimReview(scored, context(scored));

  it('is a schema.org ClaimReview of the statement, on the page it is published on', () => {
    expect(review['@context']).toBe('https://schema.org');
    expect(review['@type']).toBe('ClaimReview');
    expect(review.url).toBe('https://ledger.test/claims/rates-rose/');
    expect(review.claimReviewed).toBe(scored.input.statement);
  });

  it('is dated by the claim: published when recorded, modified at its latest review', () => {
    // The fixture is recorded on 2026-10-02 and reviewed on 2026-10-20 and 2026-10-09.
    expect(review.datePublished).toBe('2026-10-02');
    expect(review.dateModified).toBe('2026-10-20');
  });

  it('reviews a Claim made by its claimant (not its recorder), where and when it appeared', () => {
    expect(review.itemReviewed).toEqual({
      '@type': 'Claim',
      author: { name: 'Eastbrook Water Board', url: 'https://example.org/board' },
      datePublished: '2026-01-14',
      appearance: [
        { '@type': 'CreativeWork', url: 'https://example.org/board/press-2026-01', datePublished: '2026-01-14' },
        { '@type': 'CreativeWork', url: 'https://example.org/radio/2026-02', datePublished: '2026-02-03' },
      ],
      firstAppearance: {
        '@type': 'CreativeWork',
        url: 'https://example.org/board/press-2026-01',
        datePublished: '2026-01-14',
      },
    });
    expect(JSON.stringify(review)).not.toContain('a.writer');
  });

  it.each([
    ['person', 'Person'],
    ['organization', 'Organization'],
  ] as const)('names a claimant of type %s as a schema.org %s', (type, schemaType) => {
    const typed = { ...scored, input: { ...scored.input, claimant: { ...scored.input.claimant!, type } } };
    expect(claimReview(typed, context(typed)).itemReviewed.author).toEqual({
      '@type': schemaType,
      name: 'Eastbrook Water Board',
      url: 'https://example.org/board',
    });
  });

  it('is authored by the site as an Organization', () => {
    expect(review.author).toEqual({ '@type': 'Organization', name: PUBLISHER_NAME, url: 'https://ledger.test/' });
  });

  it('rates the claim in words and numbers: the state as words, the probability on a 0 to 1 scale', () => {
    expect(scored.result.probability).not.toBeNull();
    expect(review.reviewRating).toMatchObject({
      '@type': 'Rating',
      ratingValue: Number(scored.result.probability),
      bestRating: 1,
      worstRating: 0,
      alternateName: stateWords(scored.result.state),
    });
    expect(review.reviewRating.alternateName).not.toContain('-');
    expect(review.reviewRating.ratingExplanation).toContain(scored.result.probability!);
    const json = JSON.parse(JSON.stringify(review)) as { reviewRating: Record<string, unknown> };
    for (const key of ['ratingValue', 'bestRating', 'worstRating'])
      expect(typeof json.reviewRating[key]).toBe('number');
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
  ['very-likely', 'Very likely'],
  ['likely', 'Likely'],
  ['uncertain', 'Uncertain'],
  ['very-unlikely', 'Very unlikely'],
])('stateWords(%j)', (state, words) => {
  it(`is ${words}`, () => expect(stateWords(state)).toBe(words));
});

describe.each([
  ['insufficient evidence', insufficient, 'Not rated: insufficient evidence'],
  ['not applicable', notApplicable, 'Not rated: not applicable'],
])('ClaimReview of a refusal (%s)', (_name, trace, words) => {
  const review = claimReview(trace, context(trace));

  it('gives no rating value, only "Not rated" in words and the reason', () => {
    expect(trace.result.probability).toBeNull();
    expect(review.reviewRating).toEqual({
      '@type': 'Rating',
      alternateName: words,
      ratingExplanation: trace.result.reason,
    });
    expect(review.reviewRating).not.toHaveProperty('ratingValue');
    expect(review.reviewRating).not.toHaveProperty('bestRating');
    expect(review.reviewRating).not.toHaveProperty('worstRating');
  });

  it('names no claimant and no appearance when the claim records none (never its recorder)', () => {
    expect(review.itemReviewed).toEqual({ '@type': 'Claim' });
  });

  it('is dated by the claim when it has no review', () => {
    expect(review.datePublished).toBe(trace.input.recorded);
    expect(review.dateModified).toBe(trace.input.recorded);
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
