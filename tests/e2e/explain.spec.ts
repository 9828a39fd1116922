/**
 * The explanations on claim pages (docs/design.md §6a), with JavaScript off, at 375 px: every model
 * at a glance starts within a phone's first two screens and its text is readable (12 px or more, no
 * labels overlapping); the strip, with the fold that holds its table and why each model differs,
 * ends within the first two screens, and opened, each differing model's line gives the setting that
 * moved it most and folds the rest, so that no line runs over a few lines of a phone's column; each
 * page's figures are its explain.json's.
 */
import { axeOn } from '../support/axe.ts';
import { expect, test } from '@playwright/test';
import { claimPages, readSiteFile } from '../support/e2e-site.ts';
import { measurePictureText } from '../support/picture-text.ts';

test.use({ javaScriptEnabled: false });

const pages = claimPages().filter((p) => p.urlModel !== null);

/** A phone's screen, in CSS px: the strip must start, and end with its fold, within two of them. */
const SCREEN = 667;
/** The most a model's line may run to when opened, in lines of the page's text. */
const MOST_LINES = 8;

// One pass over every claim page under every model (some 160 pages) for both checks of the strip:
// loading the pages once rather than once a check halves what the pass costs.
test('375 px: every model at a glance starts and ends within two screens, readable, its reasons a few lines each', async ({
  page,
}) => {
  test.setTimeout(600_000);
  await page.setViewportSize({ width: 375, height: SCREEN });
  const faults: string[] = [];
  let lines = 0;
  for (const { url } of pages) {
    await page.goto(url);
    const figure = page.locator('#every-model figure');
    const box = (await figure.boundingBox())!;
    if (box.y >= 2 * SCREEN) faults.push(`${url}: the picture starts at ${Math.round(box.y)} px`);
    for (const p of await measurePictureText(page)) {
      if (p.smallest !== null && p.smallest.px < 12)
        faults.push(`${url} ${p.picture}: ${p.smallest.text} ${p.smallest.px}`);
      faults.push(...p.overlaps.map((o) => `${url} ${p.picture}: ${o}`));
    }
    // The strip, with the fold that holds its table and why each model differs, ends within two
    // screens; opened, each differing model's line runs to a few lines of the page's text.
    const strip = page.locator('#every-model');
    const stripBox = (await strip.boundingBox())!;
    if (stripBox.y + stripBox.height > 2 * SCREEN)
      faults.push(`${url}: ends at ${Math.round(stripBox.y + stripBox.height)} px`);
    await strip.locator('details.claim-every-more > summary').click();
    const heights = await strip
      .locator('.claim-every-why > li')
      .evaluateAll((items) =>
        items.map((li) => li.getBoundingClientRect().height / parseFloat(getComputedStyle(li).lineHeight)),
      );
    lines += heights.length;
    for (const h of heights) if (h > MOST_LINES) faults.push(`${url}: a reason runs to ${h.toFixed(1)} lines`);
  }
  expect(pages.length).toBeGreaterThan(100);
  expect(lines, 'some pages have models that differ').toBeGreaterThan(0);
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

test.describe('a factor that differs from the default, marked in its own cell', () => {
  // ledger-strict@0.1.0 weighs a second-hand report 0.35 where the default, ledger@1.1.0, weighs it
  // 0.4 (both model files); the claim's other link has 1 interpretation step, 1 − 0.15 = 0.85 under
  // both (the floors, 0 and 0.1, are not reached), and its other levels are worth the same in both.
  const strictPage = '/claims/millford-bus-ridership-fell/ledger-strict@0.1.0/';

  test('375 px, no JavaScript: the mark says the default’s value in words, readable, within the page', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 375, height: 667 });
    await page.goto(strictPage);
    const marks = page.locator('#evidence .claim-factor-differs');
    await expect(marks).toHaveCount(1);
    const row = page.locator('#link-gazette-report');
    const observation = row.locator('.claim-factors > div', { has: page.locator('dt', { hasText: 'observation' }) });
    await expect(observation.locator('dd').nth(1)).toHaveText('0.35');
    const mark = observation.locator('.claim-factor-differs');
    await expect(mark).toHaveText('differs 0.4 under ledger@1.1.0');
    await expect(mark).toBeVisible();
    const box = (await mark.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(375);
    const sizes = await mark.evaluate((el) =>
      [el, ...el.querySelectorAll('*')].map((e) => parseFloat(getComputedStyle(e).fontSize)),
    );
    expect(Math.min(...sizes)).toBeGreaterThanOrEqual(12);
  });

  test('the default model’s page marks no factor', async ({ page }) => {
    await page.goto('/claims/millford-bus-ridership-fell/ledger@1.1.0/');
    await expect(page.locator('#evidence .claim-link')).toHaveCount(2);
    await expect(page.locator('.claim-factor-differs')).toHaveCount(0);
  });

  test.describe('axe', () => {
    test.use({ javaScriptEnabled: true });
    test('axe finds nothing on a page whose factors are marked, at 375 px', async ({ page }) => {
      test.setTimeout(90_000);
      await page.setViewportSize({ width: 375, height: 667 });
      await page.goto(strictPage);
      await expect(page.locator('.claim-factor-differs')).toHaveCount(1);
      const { violations } = await axeOn(page).include('#evidence').analyze();
      expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`)).toEqual([]);
    });
  });
});
