/**
 * A compare page past the first (issue 18), at phone width with JavaScript off: its own claims,
 * the pager's links both ways with rel=prev/next, page 1's address unchanged, nothing scrolling
 * sideways, and axe (with JavaScript on, axe being a script) finding nothing. The repository's 27
 * claims fill one page at the default 100, so this needs a build with a small LEDGER_PAGE_SIZE:
 * `npm test` runs it on its base-path build, which is built with LEDGER_PAGE_SIZE=10.
 */
import { axeOn } from '../support/axe.ts';
import { expect, test } from '@playwright/test';

const PAIR = 'compare/ledger@1.1.0/ledger-sceptic@1.0.0/';

test.use({ viewport: { width: 375, height: 812 }, javaScriptEnabled: false });
// The 27 claims fill more than one page only at a page size below 27.
test.skip(Number(process.env['LEDGER_PAGE_SIZE'] ?? 100) >= 27, 'needs a build with LEDGER_PAGE_SIZE below 27');

test('page 2 of a comparison lists the next claims and links both ways', async ({ page }) => {
  await page.goto(PAIR);
  const pager = page.locator('main [data-pager]');
  await expect(pager).toHaveCount(1);
  const firstRows = await page.locator('main [data-claim]').evaluateAll((rows) => rows.map((r) => r.dataset['claim']));
  await pager.locator('a[rel="next"]').click();
  await expect(page).toHaveURL(new RegExp(`${PAIR}2/$`));
  await expect(page.locator('h1')).toContainText('page 2');
  await expect(page.locator('main [data-pager] a[aria-current="page"]')).toContainText('2');
  const prev = page.locator('main [data-pager] a[rel="prev"]');
  await expect(prev).toHaveAttribute('href', new RegExp(`/${PAIR}$`));
  // The rows of page 2 are not page 1's (claims that agree are listed, not tabled, after the differing ones).
  const secondRows = await page
    .locator('main [data-claim], main .agreeing li a')
    .evaluateAll((rows) => rows.map((r) => r.getAttribute('data-claim') ?? r.getAttribute('href')));
  expect(secondRows.length).toBeGreaterThan(0);
  expect(secondRows.filter((slug) => firstRows.includes(slug ?? undefined))).toEqual([]);
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    innerWidth: window.innerWidth,
  }));
  expect(scrollWidth).toBeLessThanOrEqual(innerWidth);
  await prev.click();
  await expect(page).toHaveURL(new RegExp(`${PAIR}$`));
});

test.describe('with JavaScript on', () => {
  test.use({ javaScriptEnabled: true });
  test('axe finds nothing on page 2 of a comparison at 375 px', async ({ page }) => {
    test.setTimeout(120_000);
    await page.goto(`${PAIR}2/`);
    await expect(page.locator('main [data-pager]')).toHaveCount(1);
    const { violations } = await axeOn(page).analyze();
    expect(violations.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(' | ')})`)).toEqual(
      [],
    );
  });
});
