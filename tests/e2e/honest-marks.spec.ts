/**
 * What a claim page's pictures mark, as a reader sees them in the browser (docs/pictures-and-pages.md,
 * "What the marks say"): a link of weight zero drawn with no direction, every axis titled, and the
 * five states in five colours.
 */
import { expect, test } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { distDir } from '../support/e2e-env.ts';

test.use({ javaScriptEnabled: false });

/** A scored example claim with a kept link of weight zero (a chart found edited). */
const SLUG = 'eastbrook-burglaries-fell';
const trace = JSON.parse(readFileSync(join(distDir(), 'claims', SLUG, 'trace.json'), 'utf8')) as {
  links: { id: string; weight: string; kept: boolean }[];
};

test('the walk draws a link of weight zero as a mark with no direction, and every other as an arrow', async ({
  page,
}) => {
  const zero = trace.links.filter((l) => l.kept && Number(l.weight) === 0).map((l) => l.id);
  const moving = trace.links.filter((l) => l.kept && Number(l.weight) !== 0).map((l) => l.id);
  expect(zero.length, 'the example claim has a kept link of weight zero').toBeGreaterThan(0);
  await page.goto(`/claims/${SLUG}/`);
  const walk = page.locator('figure.picture svg', { has: page.locator('title', { hasText: 'log-odds walk' }) });
  // Each link's mark is the path drawn just before its label: its box, as the browser lays it out.
  const marks = await walk.locator('text').evaluateAll((texts) =>
    texts.flatMap((t) => {
      const path = t.previousElementSibling;
      if (!(path instanceof SVGPathElement)) return [];
      const box = path.getBBox();
      return [{ label: t.textContent ?? '', width: box.width, height: box.height }];
    }),
  );
  for (const id of zero) {
    const mark = marks.find((m) => m.label.endsWith(` ${id}`));
    expect(mark, `a mark for ${id}`).toBeDefined();
    // Upright, with no length along the axis: it points neither way.
    expect(mark!.width, id).toBeLessThan(1);
    expect(mark!.height, id).toBeGreaterThan(5);
  }
  for (const id of moving) {
    const mark = marks.find((m) => m.label.endsWith(` ${id}`));
    expect(mark!.width, id).toBeGreaterThan(5);
  }
});

test('the walk and the logistic curve title both their axes', async ({ page }) => {
  await page.goto(`/claims/${SLUG}/`);
  const titles = (name: string) =>
    page
      .locator('figure.picture svg', { has: page.locator('title', { hasText: name }) })
      .locator('text.pic-title')
      .allTextContents();
  expect(await titles('log-odds walk')).toEqual(['log-odds', 'probability (state thresholds)']);
  expect(await titles('logistic curve')).toEqual(['log-odds', 'probability']);
});

test('the logistic curve paints the five states in five colours', async ({ page }) => {
  await page.goto(`/claims/${SLUG}/`);
  const curve = page.locator('figure.picture svg', { has: page.locator('title', { hasText: 'logistic curve' }) });
  const fills = await curve.locator('rect.pic-band').evaluateAll((rects) => rects.map((r) => getComputedStyle(r).fill));
  expect(fills).toHaveLength(5);
  expect(new Set(fills).size).toBe(5);
});
