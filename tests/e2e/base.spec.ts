/**
 * The site where it is published: at the root of its host or under a base path (a project page,
 * `LEDGER_BASE=/sub/`). These tests run on both builds (`npm test` builds once more under a base
 * and runs this file and the link check against it): a reader's path by the site's own links stays
 * under the base, what the site tells the rest of the web names addresses under it, search finds
 * claims there, and the offline snapshot of either build opens from the disk.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { expect, test } from '@playwright/test';
import { readFolder, writeAtomically } from '../../src/lib/snapshot/files.ts';
import { siteStamp, snapshotFiles } from '../../src/lib/snapshot/snapshot.ts';
import { distDir, sitePrefix, siteRoot } from '../support/e2e-env.ts';
import { claimPages, defaultModelId, parsedPage, readSiteFile } from '../support/e2e-site.ts';
import { problemsOf, watch } from '../support/e2e-watch.ts';

const base = sitePrefix();

test('home → claim → model by the site’s own links, every request under the base path', async ({ page }) => {
  const watched = await watch(page);
  const requested: string[] = [];
  page.on('request', (request) => requested.push(new URL(request.url()).pathname));
  await page.goto('');
  await expect(page).toHaveURL(siteRoot());
  await expect(page.locator('h1')).toBeVisible();
  // The site's stylesheet applied (a missing one leaves the header unstyled as a list).
  await expect(page.locator('header nav ul')).toHaveCSS('list-style-type', 'none');

  const claimLink = page.locator(`main a[href^="${base}claims/"]`).first();
  const href = await claimLink.getAttribute('href');
  expect(href, 'the home page links claim pages under the base').toMatch(new RegExp(`^${base}claims/[^/]+/$`));
  await claimLink.click();
  await expect(page).toHaveURL(`${siteRoot()}${href!.slice(base.length)}`);
  await expect(page.locator('.claim-statement')).toBeVisible();
  // A formula rendered with KaTeX's own fonts, loaded from under the base. They are waited for, so
  // that the next click does not cancel a font still loading (an aborted request, not a problem).
  await expect(page.locator('.katex').first()).toBeVisible();
  await page.evaluate(() => document.fonts.ready.then(() => undefined));

  const model = defaultModelId();
  await page.locator(`main a[href="${base}models/${model}/"]`).first().click();
  await expect(page).toHaveURL(`${siteRoot()}models/${model}/`);
  await expect(page.locator('h1')).toContainText(model);

  expect(problemsOf(watched)).toEqual({});
  expect(requested.filter((path) => !path.startsWith(base))).toEqual([]);
});

test('canonical links and the ClaimReview name addresses under the base path', () => {
  const claim = claimPages().find((p) => p.urlModel === null && p.raw !== null)!;
  const canonical = parsedPage(claim.htmlFile).refs.find((r) => r.tag === 'link' && r.rel === 'canonical');
  expect(canonical).toBeDefined();
  const url = new URL(canonical!.value);
  expect(url.pathname).toBe(`${base}claims/${claim.slug}/`);
  const jsonLd = /<script type="application\/ld\+json">([^<]*)<\/script>/.exec(readSiteFile(claim.htmlFile));
  const review = JSON.parse(jsonLd![1]!) as { url: string; isBasedOn: { url: string }[] };
  expect(review.url).toBe(url.href);
  for (const { url: linked } of review.isBasedOn) expect(new URL(linked).pathname.startsWith(base)).toBe(true);
  const feed = readSiteFile('feeds/claims.xml');
  expect(feed).toContain(`<id>${url.href}</id>`);
});

test('search finds claims and links them under the base path', async ({ page }) => {
  await page.goto('search/');
  const input = page.locator('.pagefind-ui__search-input');
  await expect(input).toBeVisible({ timeout: 10_000 });
  await input.fill('Eastbrook');
  const links = page.locator('.pagefind-ui__result-link');
  await expect(links.first()).toBeVisible({ timeout: 10_000 });
  const paths = await links.evaluateAll((as) => as.map((a) => new URL((a as HTMLAnchorElement).href).pathname));
  expect(paths.length).toBeGreaterThan(0);
  for (const path of paths) expect(path).toMatch(new RegExp(`^${base}claims/[a-z0-9-]+/$`));
});

test('a missing page answers with the not-found page, whose links work', async ({ page }) => {
  const response = await page.goto('no-such-page/');
  expect(response?.status()).toBe(404);
  await page.locator('header a.brand').click();
  await expect(page).toHaveURL(siteRoot());
});

test.describe('the offline snapshot of this build', () => {
  let work: string;

  test.beforeAll(() => {
    work = mkdtempSync(join(tmpdir(), 'ledger-base-snapshot-'));
  });

  test.afterAll(() => {
    if (work) rmSync(work, { recursive: true, force: true });
  });

  test('opens from the disk, and its links name files of the snapshot', async ({ page }) => {
    test.setTimeout(120_000);
    const site = readFolder(distDir());
    const stamp = siteStamp(site);
    if ('problem' in stamp) throw new Error(stamp.problem);
    const made = snapshotFiles(
      site,
      { ...stamp, date: '2026-01-01', commit: null, origin: 'https://example.org' },
      { extras: new Map() },
    );
    expect(made.problems).toEqual([]);
    // A link left pointing at the base path would name a file the snapshot does not have.
    expect(made.warnings).toEqual([]);
    for (const [path, bytes] of made.files) writeAtomically(join(work, ...path.split('/')), bytes);
    const requested: string[] = [];
    page.on('request', (request) => requested.push(request.url()));
    await page.goto(pathToFileURL(join(work, 'index.html')).href);
    await page.locator('main a[href*="claims/"]').first().click();
    await expect(page.locator('.claim-statement')).toBeVisible();
    expect(page.url()).toMatch(/^file:.*\/claims\/[^/]+\/index\.html$/);
    expect(requested.filter((url) => !url.startsWith('file:'))).toEqual([]);
  });
});
