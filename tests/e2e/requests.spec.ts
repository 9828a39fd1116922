/**
 * Every page of the site loads from its own origin alone: no request to another origin, no
 * console error (a Content-Security-Policy violation is one), no uncaught exception and no
 * failed request.
 */
import { expect, test } from '@playwright/test';
import { NOT_FOUND_URL } from '../support/e2e-kinds.ts';
import { htmlFiles, urlOfFile } from '../support/e2e-site.ts';
import { problemsOf, watch } from '../support/e2e-watch.ts';

const PER_TEST = 20;
/**
 * Every page, except that of the pre-rendered listings (one template, differing only in which rows
 * show) only those filtered by one of type or state are loaded: every type, every state and every
 * sort still appears. The link check reads all of them for anything fetched from elsewhere.
 */
const urls = [
  ...htmlFiles()
    .filter((f) => !f.startsWith('browse/') || f.startsWith('browse/all/') || /^browse\/[^/]+\/all\//.test(f))
    .map(urlOfFile),
  NOT_FOUND_URL,
];
const chunks: string[][] = [];
for (let i = 0; i < urls.length; i += PER_TEST) chunks.push(urls.slice(i, i + PER_TEST));

for (const [n, chunk] of chunks.entries()) {
  test(`pages ${n * PER_TEST + 1}–${n * PER_TEST + chunk.length} of ${urls.length} load from the site alone`, async ({
    page,
  }) => {
    test.setTimeout(60_000);
    const watched = await watch(page, { allow404: (url) => new URL(url).pathname === NOT_FOUND_URL });
    for (const url of chunk) {
      await page.goto(url);
      await page.evaluate(() => document.fonts.ready.then(() => undefined));
    }
    expect(problemsOf(watched)).toEqual({});
  });
}
