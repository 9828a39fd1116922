/**
 * The explanations on claim pages (docs/design.md §6a), with JavaScript off, at 375 px: every model
 * at a glance starts within a phone's first two screens and its text is readable (12 px or more, no
 * labels overlapping); each page's figures are its explain.json's.
 */
import { expect, test } from '@playwright/test';
import { claimPages, readSiteFile } from '../support/e2e-site.ts';
import { measurePictureText } from '../support/picture-text.ts';

test.use({ javaScriptEnabled: false });

const pages = claimPages().filter((p) => p.urlModel !== null);

test('375 px: every model at a glance starts within two screens, readable, on every claim page', async ({ page }) => {
  test.setTimeout(300_000);
  await page.setViewportSize({ width: 375, height: 667 });
  const faults: string[] = [];
  for (const { url } of pages) {
    await page.goto(url);
    const figure = page.locator('#every-model figure');
    const box = (await figure.boundingBox())!;
    if (box.y >= 2 * 667) faults.push(`${url}: the picture starts at ${Math.round(box.y)} px`);
    for (const p of await measurePictureText(page)) {
      if (p.smallest !== null && p.smallest.px < 12)
        faults.push(`${url} ${p.picture}: ${p.smallest.text} ${p.smallest.px}`);
      faults.push(...p.overlaps.map((o) => `${url} ${p.picture}: ${o}`));
    }
  }
  expect(pages.length).toBeGreaterThan(100);
  expect(faults).toEqual([]);
});

test('a page shows its explain.json: every model, what each link does, how close it is', async ({ page }) => {
  const { url, htmlFile } = pages.find((p) => p.url.endsWith('/eastbrook-burglaries-fell/ledger@1.1.0/'))!;
  const explain = JSON.parse(readSiteFile(htmlFile.replace(/index\.html$/, 'explain.json'))) as {
    models: { model: string; probability: string | null }[];
    withoutLink: { link: string; state: string }[];
    distance: { up: { weight: string } | null; down: { weight: string } | null };
    result: { state: string };
  };
  await page.goto(url);
  const strip = page.locator('#every-model');
  for (const m of explain.models) {
    await expect(strip.locator('table tr', { hasText: m.model })).toContainText(m.probability ?? 'no probability');
  }
  // The link whose removal alone changes the state is flagged in its own row, and only it.
  const hangs = explain.withoutLink.filter((w) => w.state !== explain.result.state).map((w) => w.link);
  expect(hangs.length).toBeGreaterThan(0);
  for (const w of explain.withoutLink) {
    const row = page.locator(`#evidence tr`, { has: page.locator('.claim-link-id', { hasText: w.link }) });
    await expect(row.locator('.claim-hangs')).toHaveCount(hangs.includes(w.link) ? 1 : 0);
  }
  const close = page.locator('#how-close');
  if (explain.distance.up) await expect(close).toContainText(`${explain.distance.up.weight} more supporting weight`);
  if (explain.distance.down) await expect(close).toContainText(`${explain.distance.down.weight} more opposing weight`);
});
