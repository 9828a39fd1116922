/**
 * The claim listing's filters and sorts: instant and in place with JavaScript on, plain links to
 * pre-rendered pages with JavaScript off, and the same rows either way.
 */
import { expect, test, type Page } from '@playwright/test';
import { claimPages } from '../support/e2e-site.ts';

const ROW = 'main [data-state][data-type][data-recorded]';

interface Row {
  readonly href: string;
  readonly type: string;
  readonly state: string;
  readonly probability: string;
  readonly visible: boolean;
}

/** Every listing row in document order, with whether it is shown. */
const rowsOf = (page: Page): Promise<Row[]> =>
  page.locator(ROW).evaluateAll((rows) =>
    rows.map((row) => ({
      href: row.querySelector('a[href^="/claims/"]')?.getAttribute('href') ?? '',
      type: row.getAttribute('data-type') ?? '',
      state: row.getAttribute('data-state') ?? '',
      probability: row.getAttribute('data-probability') ?? '',
      visible: row.checkVisibility(),
    })),
  );

const shown = async (page: Page): Promise<Row[]> => (await rowsOf(page)).filter((r) => r.visible);

/** A value of a row attribute that some rows have and, if possible, some do not. */
function selective(rows: readonly Row[], key: 'state' | 'type'): string {
  const counts = new Map<string, number>();
  for (const row of rows) counts.set(row[key], (counts.get(row[key]) ?? 0) + 1);
  const values = [...counts.keys()].sort();
  const value = values.find((v) => counts.get(v)! < rows.length) ?? values[0];
  if (value === undefined) throw new Error('the home page lists no rows');
  return value;
}

/** Probabilities from highest to lowest; rows without a number (refusals) after all others. */
function expectSortedByProbability(rows: readonly Row[]): void {
  const keys = rows.map((r) => (r.probability === '' ? null : Number(r.probability)));
  for (const [i, key] of keys.entries()) {
    if (key !== null) expect(Number.isNaN(key), `data-probability "${rows[i]!.probability}" is a number`).toBe(false);
  }
  const firstBlank = keys.indexOf(null);
  if (firstBlank >= 0)
    expect(
      keys.slice(firstBlank).every((k) => k === null),
      'unscored rows come last',
    ).toBe(true);
  const numbers = keys.filter((k): k is number => k !== null);
  expect(numbers, 'rows are ordered by probability, highest first').toEqual([...numbers].sort((a, b) => b - a));
}

const browse = (type: string, state: string, sort: string): string => `/browse/${type}/${state}/${sort}/`;

test('the home page lists every claim under the default model', async ({ page }) => {
  const slugs = claimPages()
    .filter((p) => p.urlModel === null)
    .map((p) => `/claims/${p.slug}/`);
  await page.goto('/');
  const rows = await rowsOf(page);
  expect(rows.map((r) => r.href).sort()).toEqual([...slugs].sort());
  expect(rows.every((r) => r.visible)).toBe(true);
});

test.describe('with JavaScript', () => {
  test('a state filter shows only that state, in place, and sorting orders the rows', async ({ page }) => {
    await page.goto('/');
    const all = await rowsOf(page);
    const state = selective(all, 'state');
    await page.evaluate(() => Object.assign(window, { __samePage: true }));

    const stateLink = page.locator(`main a[href="${browse('all', state, 'recorded')}"]`).first();
    await stateLink.click();
    await expect
      .poll(async () => (await shown(page)).map((r) => r.href))
      .toEqual(all.filter((r) => r.state === state).map((r) => r.href));
    expect(await page.evaluate(() => '__samePage' in window), 'filtered in place, without loading a page').toBe(true);
    await expect(stateLink).toHaveAttribute('aria-current', 'true');

    // Sort by probability: the link for the current filter, or the plain one when links are not rewritten.
    const sortLink = page
      .locator(
        `main a[href="${browse('all', state, 'probability')}"], main a[href="${browse('all', 'all', 'probability')}"]`,
      )
      .first();
    await sortLink.click();
    expect(await page.evaluate(() => '__samePage' in window), 'sorted in place').toBe(true);
    const sorted = await shown(page);
    expect(sorted.every((r) => r.state === state)).toBe(true);
    expectSortedByProbability(sorted);
    await expect(sortLink).toHaveAttribute('aria-current', 'true');

    // The same rows in the same order as the pre-rendered page.
    await page.goto(browse('all', state, 'probability'));
    expect((await shown(page)).map((r) => r.href)).toEqual(sorted.map((r) => r.href));
  });

  test('a type filter shows only that type', async ({ page }) => {
    await page.goto('/');
    const all = await rowsOf(page);
    const type = selective(all, 'type');
    await page
      .locator(`main a[href="${browse(type, 'all', 'recorded')}"]`)
      .first()
      .click();
    await expect
      .poll(async () => (await shown(page)).map((r) => r.href))
      .toEqual(all.filter((r) => r.type === type).map((r) => r.href));
  });
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('filter links lead to pre-rendered pages showing only matching rows', async ({ page }) => {
    await page.goto('/');
    const all = await rowsOf(page);
    const state = selective(all, 'state');

    await page
      .locator(`main a[href="${browse('all', state, 'recorded')}"]`)
      .first()
      .click();
    await expect(page).toHaveURL(new RegExp(`${browse('all', state, 'recorded')}$`));
    const filtered = await shown(page);
    expect(filtered.map((r) => r.href).sort()).toEqual(
      all
        .filter((r) => r.state === state)
        .map((r) => r.href)
        .sort(),
    );
    expect(await rowsOf(page), 'no hidden rows on a pre-rendered page').toHaveLength(filtered.length);
    await expect(page.locator(`main a[href="${browse('all', state, 'recorded')}"]`).first()).toHaveAttribute(
      'aria-current',
      'true',
    );

    await page
      .locator(`main a[href="${browse('all', state, 'probability')}"]`)
      .first()
      .click();
    await expect(page).toHaveURL(new RegExp(`${browse('all', state, 'probability')}$`));
    const sorted = await shown(page);
    expect(sorted.every((r) => r.state === state)).toBe(true);
    expect(sorted).toHaveLength(filtered.length);
    expectSortedByProbability(sorted);
    await expect(page.locator(`main a[href="${browse('all', state, 'probability')}"]`).first()).toHaveAttribute(
      'aria-current',
      'true',
    );

    const type = selective(all, 'type');
    await page.goto('/');
    await page
      .locator(`main a[href="${browse(type, 'all', 'recorded')}"]`)
      .first()
      .click();
    await expect(page).toHaveURL(new RegExp(`${browse(type, 'all', 'recorded')}$`));
    expect((await shown(page)).map((r) => r.href).sort()).toEqual(
      all
        .filter((r) => r.type === type)
        .map((r) => r.href)
        .sort(),
    );
  });
});
