/**
 * `/archive/` once `ledger snapshot --publish` has filled its download section (as the Pages
 * workflow publishes it): the built page, filled by the same function, is what the browser gets for
 * the address. It passes axe at a phone's, a tablet's and a desktop's width, does not scroll
 * sideways on a phone (a SHA-256 is 64 characters with no space), and names each file, its size and
 * hash. The build's own, empty section is in the axe pass over every page kind (axe.spec.ts).
 */
import { axeOn } from '../support/axe.ts';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { filledArchivePage } from '../../src/lib/snapshot/publish.ts';
import { distDir } from '../support/e2e-env.ts';

const NAME = 'claim-ledger-2026-12-06-ledger@1.1.0-8cca4834533d';
const ZIP_SHA = 'c1ba58b24030eace7227aea968cd3456f807a0f89be4656dd8aa215b57e4a9f8';
const WACZ_SHA = '0cd49ffc04688f9777411fa8ff2c82678d98f3a62f44eedca4b9f43349592339';

/** Serves `/archive/` as the workflow publishes it, filled with two files of known size and hash. */
async function publishedArchive(page: Page): Promise<void> {
  const built = readFileSync(join(distDir(), 'archive', 'index.html'), 'utf8');
  const filled = filledArchivePage(
    built,
    [
      { name: `${NAME}.zip`, size: 5_895_980, sha256: ZIP_SHA, what: 'the offline snapshot' },
      { name: `${NAME}.wacz`, size: 5_830_245, sha256: WACZ_SHA, what: 'the same site for web archives' },
    ],
    '2026-12-06',
  );
  expect(filled, 'the built archive page has an empty download section').not.toBeNull();
  await page.route(/\/archive\/$/, (route) =>
    route.fulfill({ body: filled!, contentType: 'text/html; charset=utf-8' }),
  );
  await page.goto('archive/');
}

for (const width of [375, 768, 1280]) {
  test(`the published archive page lists the snapshot and passes axe at ${width} px`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    await publishedArchive(page);
    const list = page.locator('.downloads li');
    await expect(list).toHaveCount(2);
    await expect(list.first()).toContainText('5.6 MB (5,895,980 bytes)');
    await expect(list.first()).toContainText(ZIP_SHA);
    await expect(page.getByRole('link', { name: `${NAME}.wacz` })).toHaveAttribute(
      'href',
      `${encodeURIComponent(NAME)}.wacz`,
    );
    await expect(page.locator('#download + [data-snapshot-published] time')).toHaveText('2026-12-06');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    const { violations } = await axeOn(page).analyze();
    expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`)).toEqual([]);
  });
}
