/**
 * The search index is made of records (one per claim, src/lib/listing/searchRecords.ts), not read
 * from the pages, so this holds each record to its page: every word of a claim's record is a word
 * its page under the default model shows in the claim's article, as a browser parses the page. A
 * search never finds a claim by a word its page does not show.
 */
import { expect, test } from '@playwright/test';
import { recordText, type SearchClaim } from '../../src/lib/listing/searchRecords.ts';
import { claimPages, readSiteFile } from '../support/e2e-site.ts';

/** The distinct words of a text, lower case. */
const wordsOf = (text: string): Set<string> => new Set(text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []);

test('every word of a claim’s search record is on its page', async ({ page }) => {
  const claims = claimPages().filter((p) => p.urlModel === null && p.raw !== null);
  expect(claims.length).toBeGreaterThan(0);
  await page.setContent('<!doctype html><title>parse</title>');
  const articles = await page.evaluate(
    (pages) =>
      pages.map((html) => {
        const article = new DOMParser().parseFromString(html, 'text/html').querySelector('article.claim');
        if (article === null) return '';
        // Each element's text apart, so that two neighbouring elements never make one word.
        for (const element of article.querySelectorAll('*')) element.append(' ');
        return article.textContent ?? '';
      }),
    claims.map((c) => readSiteFile(c.htmlFile)),
  );
  for (const [i, claim] of claims.entries()) {
    const onPage = wordsOf(articles[i] ?? '');
    const record = recordText({ slug: claim.slug, summary: claim.raw as SearchClaim['summary'] });
    expect(
      [...wordsOf(record)].filter((word) => !onPage.has(word)),
      `${claim.url}: words of its search record its page does not show`,
    ).toEqual([]);
  }
});
