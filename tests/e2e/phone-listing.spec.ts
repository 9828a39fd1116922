/**
 * The first claim on a phone's first screen (375 × 740 CSS px, the size the issue measured at):
 * on the home page, `/claims/` and a filtered listing, with JavaScript off and on, the first claim
 * card's statement ends within the first screen. The filters fold behind a summary on a phone and
 * open with it; wider, they show without it; and the home page still says what the ledger is,
 * under the list.
 */
import { expect, test, type Page } from '@playwright/test';

const PHONE = { width: 375, height: 740 };
const LISTINGS = ['/', '/claims/', '/browse/all/all/probability/'];

/** The first claim card's statement link, as laid out. */
async function firstStatement(page: Page) {
  const link = page.locator('table.claims tbody tr th.statement a').first();
  await expect(link).toBeVisible();
  return (await link.boundingBox())!;
}

for (const javaScriptEnabled of [false, true]) {
  test.describe(`JavaScript ${javaScriptEnabled ? 'on' : 'off'}`, () => {
    test.use({ javaScriptEnabled, viewport: PHONE });
    for (const url of LISTINGS)
      test(`375 × 740: the first claim of ${url} ends on the first screen`, async ({ page }) => {
        await page.goto(url);
        const box = await firstStatement(page);
        expect(box.y + box.height, 'the first statement ends within the first screen').toBeLessThanOrEqual(
          PHONE.height,
        );
      });
  });
}

test.describe('the filters on a phone and wider', () => {
  test.use({ javaScriptEnabled: false });

  test('on a phone they fold behind a summary that opens them', async ({ page }) => {
    await page.setViewportSize(PHONE);
    await page.goto('/');
    const filter = page.locator('nav.filters a[data-set="state"]').first();
    await expect(filter).toBeHidden();
    await page.getByText('Filter and sort', { exact: true }).click();
    await expect(filter).toBeVisible();
  });

  test('at 1,280 px they show with no summary to open', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto('/');
    await expect(page.locator('nav.filters a[data-set="state"]').first()).toBeVisible();
    await expect(page.getByText('Filter and sort', { exact: true })).toBeHidden();
  });

  test('the home page says what the ledger is, under the list', async ({ page }) => {
    await page.goto('/');
    const about = page.locator('section.listing-about');
    await expect(about).toContainText('scores it under a named, versioned model');
    const listEnd = await page.locator('table.claims').evaluate((t) => t.getBoundingClientRect().bottom);
    expect((await about.boundingBox())!.y).toBeGreaterThan(listEnd);
  });
});
