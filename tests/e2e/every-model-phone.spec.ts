/**
 * Every model at a glance on a phone (375 × 667 CSS px, JavaScript off), on every claim page under
 * every model: the strip, with the fold that holds its table and why each model differs, ends within
 * the first two screens; opened, each differing model's line gives the setting that moved it most
 * and folds the rest, so that no line runs over a few lines of a phone's column.
 */
import { expect, test } from '@playwright/test';
import { claimPages } from '../support/e2e-site.ts';

test.use({ javaScriptEnabled: false, viewport: { width: 375, height: 667 } });

const SCREEN = 667;
/** The most a model's line may run to when opened, in lines of the page's text. */
const MOST_LINES = 8;

test('375 px: every model at a glance ends within two screens, its reasons a few lines each', async ({ page }) => {
  test.setTimeout(600_000);
  const pages = claimPages().filter((p) => p.urlModel !== null);
  expect(pages.length).toBeGreaterThan(100);
  const faults: string[] = [];
  let lines = 0;
  for (const { url } of pages) {
    await page.goto(url);
    const strip = page.locator('#every-model');
    const box = (await strip.boundingBox())!;
    if (box.y + box.height > 2 * SCREEN) faults.push(`${url}: ends at ${Math.round(box.y + box.height)} px`);
    await strip.locator('details.claim-every-more > summary').click();
    const heights = await strip
      .locator('.claim-every-why > li')
      .evaluateAll((items) =>
        items.map((li) => li.getBoundingClientRect().height / parseFloat(getComputedStyle(li).lineHeight)),
      );
    lines += heights.length;
    for (const h of heights) if (h > MOST_LINES) faults.push(`${url}: a reason runs to ${h.toFixed(1)} lines`);
  }
  expect(lines, 'some pages have models that differ').toBeGreaterThan(0);
  expect(faults).toEqual([]);
});
