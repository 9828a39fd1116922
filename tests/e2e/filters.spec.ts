/**
 * The claim listing's filters and sorts: instant and in place with JavaScript on, plain links to
 * pre-rendered pages with JavaScript off, and the same rows either way.
 */
import { expect, test, type Locator, type Page } from '@playwright/test';
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

/**
 * The first link in `main` to one of `paths`, by the URL it resolves to (the filter script may
 * rewrite `href`s as absolute URLs), preferring the earlier path.
 */
async function linkTo(page: Page, ...paths: string[]): Promise<Locator> {
  const links = page.locator('main a[href]');
  const resolved = await links.evaluateAll((all) => all.map((a) => new URL((a as HTMLAnchorElement).href).pathname));
  for (const path of paths) {
    const i = resolved.indexOf(path);
    if (i >= 0) return links.nth(i);
  }
  throw new Error(`no link in main to ${paths.join(' or ')}; links go to ${[...new Set(resolved)].join(', ')}`);
}

/**
 * Filter and sort links are marked `aria-current="true"` exactly when they lead to the listing on
 * show (`path`): a type, state or sort link that keeps the current choice leads to the same page.
 */
async function expectCurrentLinks(page: Page, path: string): Promise<void> {
  const marks = await page.locator('main a[href]').evaluateAll((all) =>
    all.map((a) => ({
      path: new URL((a as HTMLAnchorElement).href).pathname,
      text: (a.textContent ?? '').trim().replace(/\s+/g, ' '),
      current: a.getAttribute('aria-current') === 'true',
    })),
  );
  const filterLinks = marks.filter((m) => m.path === '/' || m.path.startsWith('/browse/'));
  expect(filterLinks.length, 'the listing has filter links').toBeGreaterThan(0);
  const wrong = filterLinks
    .filter((m) => m.current !== (m.path === path))
    .map((m) => `"${m.text}" → ${m.path} ${m.current ? 'is' : 'is not'} aria-current="true"`);
  expect(wrong, `links marked current while showing ${path}`).toEqual([]);
}

test('the home page lists every claim under the default model', async ({ page }) => {
  const slugs = claimPages()
    .filter((p) => p.urlModel === null)
    .map((p) => `/claims/${p.slug}/`);
  await page.goto('/');
  const rows = await rowsOf(page);
  expect(rows.map((r) => r.href).sort()).toEqual([...slugs].sort());
  expect(rows.every((r) => r.visible)).toBe(true);
  await expectCurrentLinks(page, '/');
});

test.describe('with JavaScript', () => {
  test('a filter puts its own address in the address bar: reload keeps it, Back returns to the listing', async ({
    page,
  }) => {
    await page.goto('/');
    const all = await rowsOf(page);
    const state = selective(all, 'state');
    const wanted = all.filter((r) => r.state === state).map((r) => r.href);
    await page.evaluate(() => Object.assign(window, { __samePage: true }));
    await (await linkTo(page, browse('all', state, 'recorded'))).click();
    await expect.poll(async () => (await shown(page)).map((r) => r.href)).toEqual(wanted);
    expect(new URL(page.url()).pathname).toBe(browse('all', state, 'recorded'));
    expect(await page.evaluate(() => '__samePage' in window), 'filtered in place').toBe(true);
    // Reload: the filter's own page, the same rows.
    await page.reload();
    expect(new URL(page.url()).pathname).toBe(browse('all', state, 'recorded'));
    expect((await shown(page)).map((r) => r.href)).toEqual(wanted);
    await expectCurrentLinks(page, browse('all', state, 'recorded'));
    // Back: the listing of every claim, still on the site.
    await page.goBack();
    expect(new URL(page.url()).pathname).toBe('/');
    // The page may load the address anew (a page that does not filter in place reloads): ask again then.
    await expect.poll(async () => (await shown(page).catch(() => [])).length).toBe(all.length);
  });

  test('a state filter shows only that state, in place, and sorting orders the rows', async ({ page }) => {
    await page.goto('/');
    const all = await rowsOf(page);
    const state = selective(all, 'state');
    await page.evaluate(() => Object.assign(window, { __samePage: true }));

    await (await linkTo(page, browse('all', state, 'recorded'))).click();
    await expect
      .poll(async () => (await shown(page)).map((r) => r.href))
      .toEqual(all.filter((r) => r.state === state).map((r) => r.href));
    expect(await page.evaluate(() => '__samePage' in window), 'filtered in place, without loading a page').toBe(true);
    await expectCurrentLinks(page, browse('all', state, 'recorded'));

    // Sort by probability: the link for the current filter, or the plain one when links are not rewritten.
    const sortLink = await linkTo(page, browse('all', state, 'probability'), browse('all', 'all', 'probability'));
    await sortLink.click();
    expect(await page.evaluate(() => '__samePage' in window), 'sorted in place').toBe(true);
    const sorted = await shown(page);
    expect(sorted.every((r) => r.state === state)).toBe(true);
    expectSortedByProbability(sorted);
    await expectCurrentLinks(page, browse('all', state, 'probability'));

    // The same rows in the same order as the pre-rendered page.
    await page.goto(browse('all', state, 'probability'));
    expect((await shown(page)).map((r) => r.href)).toEqual(sorted.map((r) => r.href));
  });

  test('a filtered page lists only its own rows, and its filter links open their pages', async ({ page }) => {
    await page.goto('/');
    const all = await rowsOf(page);
    const state = selective(all, 'state');
    const type = selective(all, 'type');
    await page.goto(browse('all', state, 'recorded'));
    const listed = await rowsOf(page);
    expect(listed.length, 'some rows match').toBeGreaterThan(0);
    expect(listed.length, 'no row of another state is in the page, hidden or not').toBe(
      all.filter((r) => r.state === state).length,
    );
    expect(listed.every((r) => r.visible && r.state === state)).toBe(true);

    await page.evaluate(() => Object.assign(window, { __samePage: true }));
    await (await linkTo(page, browse(type, state, 'recorded'))).click();
    await expect(page).toHaveURL(new RegExp(`${browse(type, state, 'recorded')}$`));
    expect(await page.evaluate(() => '__samePage' in window), 'a new page was loaded').toBe(false);
    expect((await rowsOf(page)).map((r) => r.href).sort()).toEqual(
      all
        .filter((r) => r.state === state && r.type === type)
        .map((r) => r.href)
        .sort(),
    );
  });

  test('a type filter shows only that type', async ({ page }) => {
    await page.goto('/');
    const all = await rowsOf(page);
    const type = selective(all, 'type');
    await (await linkTo(page, browse(type, 'all', 'recorded'))).click();
    await expect
      .poll(async () => (await shown(page)).map((r) => r.href))
      .toEqual(all.filter((r) => r.type === type).map((r) => r.href));
    await expectCurrentLinks(page, browse(type, 'all', 'recorded'));
  });
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('filter links lead to pre-rendered pages showing only matching rows', async ({ page }) => {
    await page.goto('/');
    const all = await rowsOf(page);
    const state = selective(all, 'state');

    await (await linkTo(page, browse('all', state, 'recorded'))).click();
    await expect(page).toHaveURL(new RegExp(`${browse('all', state, 'recorded')}$`));
    const filtered = await shown(page);
    expect(filtered.map((r) => r.href).sort()).toEqual(
      all
        .filter((r) => r.state === state)
        .map((r) => r.href)
        .sort(),
    );
    await expectCurrentLinks(page, browse('all', state, 'recorded'));

    await (await linkTo(page, browse('all', state, 'probability'))).click();
    await expect(page).toHaveURL(new RegExp(`${browse('all', state, 'probability')}$`));
    const sorted = await shown(page);
    expect(sorted.every((r) => r.state === state)).toBe(true);
    expect(sorted).toHaveLength(filtered.length);
    expectSortedByProbability(sorted);
    await expectCurrentLinks(page, browse('all', state, 'probability'));

    const type = selective(all, 'type');
    await page.goto('/');
    await (await linkTo(page, browse(type, 'all', 'recorded'))).click();
    await expect(page).toHaveURL(new RegExp(`${browse(type, 'all', 'recorded')}$`));
    await expectCurrentLinks(page, browse(type, 'all', 'recorded'));
    expect((await shown(page)).map((r) => r.href).sort()).toEqual(
      all
        .filter((r) => r.type === type)
        .map((r) => r.href)
        .sort(),
    );
  });
});
