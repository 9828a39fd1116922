/**
 * Pictures read on a phone and on a desk (docs/design.md §6c): at 375 and 1,280 px every text of every
 * picture on the claim, model, compare and history pages renders at 12 CSS px or more, and no two
 * labels of a picture overlap (their boxes, as the browser lays them out in the real font).
 */
import { expect, test } from '@playwright/test';
import { claimPages, defaultModelId, htmlFiles, urlOfFile } from '../support/e2e-site.ts';
import { measurePictureText } from '../support/picture-text.ts';

test.use({ javaScriptEnabled: false });

/** The smallest text a picture may have, in CSS px. */
const SMALLEST = 12;

const files = htmlFiles();
const d = defaultModelId();
const groups: Record<string, string[]> = {
  'claim pages': claimPages()
    .filter((p) => p.urlModel === null)
    .map((p) => p.url),
  'model pages': files.filter((f) => /^models\/[^/]+\/index\.html$/.test(f)).map(urlOfFile),
  'compare pages': files.filter((f) => f.startsWith(`compare/${d}/`) && f.endsWith('/index.html')).map(urlOfFile),
  'history pages': files.filter((f) => /^claims\/[^/]+\/history\/index\.html$/.test(f)).map(urlOfFile),
};

for (const width of [375, 1280]) {
  for (const [kind, urls] of Object.entries(groups)) {
    test(`${width} px: every picture's text on the ${kind} is 12 px or more and no labels overlap`, async ({
      page,
    }) => {
      test.setTimeout(240_000);
      expect(urls.length, `the built site has ${kind}`).toBeGreaterThan(0);
      await page.setViewportSize({ width, height: 900 });
      const faults: string[] = [];
      let measured = 0;
      for (const url of urls) {
        await page.goto(url);
        for (const p of await measurePictureText(page)) {
          measured += p.texts;
          if (p.smallest !== null && p.smallest.px < SMALLEST)
            faults.push(`${url} ${p.picture}: "${p.smallest.text}" at ${p.smallest.px.toFixed(1)} px`);
          faults.push(...p.overlaps.map((o) => `${url} ${p.picture}: ${o}`));
        }
      }
      expect(measured, `the ${kind} have pictures with text`).toBeGreaterThan(0);
      expect(faults).toEqual([]);
    });
  }
}
