/**
 * Words for readers (docs/design.md §6c): no built page's text (what a reader sees, or hears read
 * out: its body text and the pictures' alternatives) mentions the project's source documents.
 * Every HTML file of the built site is parsed in the browser's DOMParser.
 */
import { expect, test } from '@playwright/test';
import { htmlFiles, readSiteFile } from '../support/e2e-site.ts';

/** Words that name the documents the site was built from, not anything a reader can look up. */
// Spelt apart, as tests/support/docReferences.ts does: the word itself is kept out of the sources.
const CAPITALS = new RegExp(`\\b${'DES'}${'IGN'}\\b`);
const SEED = /\bseeds?\b/i;

test('no page says "seed" or names the design document', async ({ page }) => {
  test.setTimeout(240_000);
  const files = htmlFiles();
  expect(files.length).toBeGreaterThan(50);
  const found: string[] = [];
  for (let i = 0; i < files.length; i += 40) {
    const chunk = files.slice(i, i + 40);
    const texts = await page.evaluate(
      (htmls: string[]) =>
        htmls.map((html) => {
          const doc = new DOMParser().parseFromString(html, 'text/html');
          for (const s of doc.querySelectorAll('script, style, template')) s.remove();
          const alts = [...doc.querySelectorAll('[alt], [aria-label], [title]')].map(
            (e) =>
              `${e.getAttribute('alt') ?? ''} ${e.getAttribute('aria-label') ?? ''} ${e.getAttribute('title') ?? ''}`,
          );
          return `${doc.title} ${doc.body?.textContent ?? ''} ${alts.join(' ')}`;
        }),
      chunk.map((f) => readSiteFile(f)),
    );
    texts.forEach((text, j) => {
      const m = SEED.exec(text) ?? CAPITALS.exec(text);
      if (m) found.push(`${chunk[j]}: …${text.slice(Math.max(0, m.index - 50), m.index + 50).replace(/\s+/g, ' ')}…`);
    });
  }
  expect(found).toEqual([]);
});
