/**
 * The listing paged (LEDGER_PAGE_SIZE=10, the base-path build of npm test) with JavaScript on: the
 * in-place filter covers every claim, not only the first page, and the rows it builds from the
 * compact listing read as the page's own rows do. Against a build whose home page lists every
 * claim on one page these are skipped; `npm test` runs them against the base-path build.
 */
import { expect, test } from '@playwright/test';
import { expectGradientKeptApart, gradientCells } from '../support/gradient-cells.ts';

test.describe('paged listing with JavaScript on', () => {
  test.use({ javaScriptEnabled: true });
  // Needs a build whose home page has more than one page (LEDGER_PAGE_SIZE=10 with these 27 claims).
  test('the in-place filter covers every claim, not only the first page', async ({ page }) => {
    await page.goto('./');
    test.skip((await page.locator('[data-pager]').count()) === 0, 'the home page lists every claim on one page');
    const listing = JSON.parse(
      (await (await page.request.get('browse/listing.js')).text())
        .replace(/^window.ledgerListing = /, '')
        .replace(/;\s*$/, ''),
    ) as {
      rows: { st: string; h: string }[];
    };
    await expect(page.locator('[data-filters]')).toHaveAttribute('data-enhanced', 'true');
    const perPage = Number(await page.locator('[data-claims]').getAttribute('data-page-size'));
    // The state with the most claims, so that the filter's answer may reach past one page.
    const byState = new Map<string, number>();
    for (const row of listing.rows) byState.set(row.st, (byState.get(row.st) ?? 0) + 1);
    const [state, n] = [...byState].sort((x, y) => y[1] - x[1])[0]!;
    await page.locator(`[data-filters] a[data-set="state"][data-value="${state}"]`).click();
    const shown = await page
      .locator('main [data-claims] tbody tr')
      .evaluateAll((rows) => rows.filter((r) => r.checkVisibility()).map((r) => r.getAttribute('data-state')));
    expect(shown.length).toBe(Math.min(n, perPage));
    expect(shown.every((s) => s === state)).toBe(true);
    await expect(page.locator('[data-status]')).toContainText(`Showing ${n} of ${listing.rows.length} claims`);
  });
  test('rows the filter fetches keep a gradient apart from a claim with no probability, as the built rows do', async ({
    page,
  }) => {
    await page.goto('./');
    test.skip((await page.locator('[data-pager]').count()) === 0, 'the home page lists every claim on one page');
    await expect(page.locator('[data-filters]')).toHaveAttribute('data-enhanced', 'true');
    // Oldest first: a page of rows built by filter.js from the compact listing, not the page's own.
    await page.locator('[data-filters] a[data-set="state"][data-value="not-applicable"]').click();
    expectGradientKeptApart(await gradientCells(page));
  });
});
