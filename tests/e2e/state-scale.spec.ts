/**
 * The state step's bar on a claim page: the claim's probability is written over its marker, and
 * stays over the bar at any width, even near 0 or 1 (centred on its marker, 0.9781 ran past the
 * edge of a 375-pixel page and made it scroll sideways).
 */
import { expect, test } from '@playwright/test';
import { claimPages, type ClaimPage } from '../support/e2e-site.ts';

test.use({ javaScriptEnabled: false });

/** For each claim, its page under the model that puts it nearest 0 or 1. */
function extremes(): ClaimPage[] {
  const best = new Map<string, { page: ClaimPage; distance: number }>();
  for (const page of claimPages()) {
    if (page.urlModel === null || page.trace.result.probability === null) continue;
    const distance = Math.abs(Number(page.trace.result.probability) - 0.5);
    const seen = best.get(page.slug);
    if (seen === undefined || distance > seen.distance) best.set(page.slug, { page, distance });
  }
  return [...best.values()].map((b) => b.page);
}

const pages = extremes();

test('the built site has claims placed near 0 or 1', () => {
  const probabilities = pages.map((p) => Number(p.trace.result.probability));
  expect(probabilities.filter((p) => p < 0.05 || p > 0.95).length).toBeGreaterThan(0);
});

for (const width of [375, 768, 1280]) {
  test(`${width} px: each claim's probability stays over the state bar, and the page does not scroll sideways`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height: 740 });
    for (const claim of pages) {
      await page.goto(claim.url);
      const figure = page.locator('#state .claim-scale-marker > span');
      await expect(figure, claim.url).toHaveText(claim.trace.result.probability!);
      const bar = (await page.locator('#state .claim-scale-bar').boundingBox())!;
      const box = (await figure.boundingBox())!;
      expect(box.x, `${claim.url}: the figure starts over the bar`).toBeGreaterThanOrEqual(bar.x - 0.5);
      expect(box.x + box.width, `${claim.url}: the figure ends over the bar`).toBeLessThanOrEqual(
        bar.x + bar.width + 0.5,
      );
      const { scrollWidth, innerWidth } = await page.evaluate(() => ({
        scrollWidth: document.documentElement.scrollWidth,
        innerWidth: window.innerWidth,
      }));
      expect(scrollWidth, claim.url).toBeLessThanOrEqual(innerWidth);
    }
  });
}
