/**
 * Full-text search on the served site: a word that only one claim's evidence passage holds finds
 * that claim (its default-model page, and nothing else); without JavaScript the search page says
 * so and links to the claims list; opened from an offline snapshot it says search cannot work
 * there, loads nothing and logs no error. Only the search page may compile WebAssembly.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { axeOn } from '../support/axe.ts';
import { expect, test, type Page } from '@playwright/test';
import { readFolder, writeAtomically } from '../../src/lib/snapshot/files.ts';
import { siteStamp, snapshotFiles } from '../../src/lib/snapshot/snapshot.ts';
import { distDir } from '../support/e2e-env.ts';
import { claimPages, readSiteFile } from '../support/e2e-site.ts';
import { problemsOf, watch } from '../support/e2e-watch.ts';

interface ClaimInput {
  statement: string;
  note: string | null;
  author: string;
  sources: { id: string; name: string; url: string | null }[];
  evidence: { id: string; passage: string; locator: string | null; recordedBy: string | null }[];
}

const words = (text: string): string[] => text.toLowerCase().match(/[a-z]+/g) ?? [];

/**
 * A word of one claim's evidence passages that no other claim's inputs hold, not even as the start
 * of a longer or shorter word (Pagefind stems words, so "exceedance" may match "exceeded"), with
 * the claim's slug. The longest such word wins; ties go to the first in alphabetical order.
 */
function uniquePassageWord(): { word: string; slug: string } {
  const claims = claimPages()
    .filter((p) => p.urlModel === null && p.raw !== null)
    .map((p) => ({ slug: p.slug, input: (p.raw as { input: ClaimInput }).input }));
  const everything = new Map(claims.map((c) => [c.slug, new Set(words(JSON.stringify(c.input)))]));
  const candidates: { word: string; slug: string }[] = [];
  for (const { slug, input } of claims) {
    const own = words(`${input.statement} ${input.note ?? ''} ${input.sources.map((s) => s.name).join(' ')}`);
    for (const word of new Set(input.evidence.flatMap((e) => words(e.passage)))) {
      if (word.length < 8 || own.includes(word)) continue;
      const stem = word.slice(0, 6);
      const elsewhere = claims.some(
        (c) => c.slug !== slug && [...everything.get(c.slug)!].some((w) => w.startsWith(stem)),
      );
      if (!elsewhere) candidates.push({ word, slug });
    }
  }
  candidates.sort((a, b) => b.word.length - a.word.length || (a.word < b.word ? -1 : 1));
  if (candidates.length === 0) throw new Error('no word of a passage is unique to one claim');
  return candidates[0]!;
}

/** Types a query into Pagefind's interface and returns the result links once they settle. */
async function search(page: Page, query: string): Promise<string[]> {
  const input = page.locator('.pagefind-ui__search-input');
  await expect(input).toBeVisible({ timeout: 10_000 });
  await input.fill(query);
  const links = page.locator('.pagefind-ui__result-link');
  await expect(links.first()).toBeVisible({ timeout: 10_000 });
  await expect(page.locator('.pagefind-ui__message')).toContainText(/result/i);
  // Pagefind draws each result's frame first and its link once the result's fragment has loaded.
  await expect
    .poll(() =>
      page
        .locator('.pagefind-ui__result')
        .evaluateAll((results) => results.every((r) => r.querySelector('.pagefind-ui__result-link') !== null)),
    )
    .toBe(true);
  // One path per result (a result's sub-results link to anchors of the same page).
  return page
    .locator('.pagefind-ui__result')
    .evaluateAll((results) =>
      results.map((r) => new URL(r.querySelector<HTMLAnchorElement>('.pagefind-ui__result-link')!.href).pathname),
    );
}

test('a word only one claim’s evidence passage holds finds that claim, and only it', async ({ page }) => {
  const { word, slug } = uniquePassageWord();
  const watched = await watch(page);
  await page.goto('/search/');
  const found = await search(page, word);
  expect(found, `searching "${word}"`).toEqual([`/claims/${slug}/`]);
  // The result shows the passage's words and the claim's state as metadata.
  const result = page.locator('.pagefind-ui__result').first();
  await expect(result.locator('.pagefind-ui__result-excerpt mark').first()).toHaveText(
    new RegExp(word.slice(0, 5), 'i'),
  );
  await expect(result.locator('.pagefind-ui__result-tags')).toContainText(/state/i);
  await result.locator('.pagefind-ui__result-link').click();
  await expect(page).toHaveURL(new RegExp(`/claims/${slug}/`));
  expect(problemsOf(watched)).toEqual({});
});

test('search indexes claims only, each once, under the default model', async ({ page }) => {
  await page.goto('/search/');
  // The town's name is on many pages of the site; only claim pages may answer, one result per claim.
  const found = await search(page, 'Eastbrook');
  expect(found.length).toBeGreaterThan(0);
  for (const path of found) expect(path).toMatch(/^\/claims\/[a-z0-9-]+\/$/);
  expect(new Set(found).size).toBe(found.length);
});

test('the numeric working and the trace are not indexed', async ({ page }) => {
  // Words every scored claim page shows in its working (the logistic step) and its trace (the
  // hashes), and no claim's own inputs hold.
  const claim = claimPages().find((p) => p.urlModel === null && p.trace.result.probability !== null)!;
  const html = readSiteFile(claim.htmlFile);
  await page.goto('/search/');
  for (const word of ['logistic', 'sha256']) {
    expect(html, `${claim.url} shows "${word}"`).toContain(word);
    await page.locator('.pagefind-ui__search-input').fill(word);
    await expect(page.locator('.pagefind-ui__message')).toHaveText(new RegExp(`no results for ${word}`, 'i'), {
      timeout: 10_000,
    });
  }
});

test('only the search page may compile WebAssembly', async ({ page }) => {
  const policy = async (url: string) => {
    await page.goto(url);
    return page.locator('meta[http-equiv="Content-Security-Policy"]').getAttribute('content');
  };
  expect(await policy('/search/')).toContain("script-src 'self' 'wasm-unsafe-eval'");
  expect(await policy('/')).not.toContain('wasm-unsafe-eval');
});

test('the search page with results is accessible, light and dark', async ({ page }) => {
  const { word } = uniquePassageWord();
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    await page.goto('/search/');
    await search(page, word);
    const { violations } = await axeOn(page).analyze();
    expect(
      violations.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(' | ')})`),
      colorScheme,
    ).toEqual([]);
  }
});

test('when the index cannot load (a web archive’s replay), the page says search is unavailable', async ({ page }) => {
  // As a replayed WACZ answers: the entry file Pagefind asks for (with its ?ts= query) is not there.
  await page.route('**/pagefind/pagefind-entry.json*', (route) => route.fulfill({ status: 404, body: 'not found' }));
  await page.goto('/search/');
  const input = page.locator('.pagefind-ui__search-input');
  await expect(input).toBeVisible({ timeout: 10_000 });
  await input.fill('Eastbrook');
  const status = page.locator('[data-search-status]');
  await expect(status).toBeVisible({ timeout: 15_000 });
  await expect(status).toContainText('Search is unavailable');
  await expect(status.getByRole('link', { name: 'The list of claims' })).toBeVisible();
});

test('the search page’s static HTML labels nothing that is not there', () => {
  // Pagefind's input is made by script; a label[for] in the HTML would point at nothing.
  const html = readSiteFile('search/index.html');
  const ids = new Set([...html.matchAll(/\sid="([^"]+)"/g)].map((m) => m[1]));
  const fors = [...html.matchAll(/<label[^>]*\sfor="([^"]+)"/g)].map((m) => m[1]);
  expect(fors.filter((id) => !ids.has(id))).toEqual([]);
  expect(html).toMatch(/id="search-label"/);
});

test('Pagefind’s input is labelled by the page’s visible label', async ({ page }) => {
  await page.goto('/search/');
  const input = page.locator('.pagefind-ui__search-input');
  await expect(input).toBeVisible({ timeout: 10_000 });
  await expect(input).toHaveAccessibleName('Search the claims for');
});

test('a claim page’s facts read apart as text, as search excerpts them (no “Typefactual”)', async ({ page }) => {
  const claim = claimPages().find((p) => p.urlModel === null && p.raw !== null)!;
  const text = await page.evaluate((html: string) => {
    const doc = new DOMParser().parseFromString(html, 'text/html');
    return doc.querySelector('.claim-meta')?.textContent ?? '';
  }, readSiteFile(claim.htmlFile));
  const type = (claim.raw as { input: { type: string } }).input.type;
  expect(text.replace(/\s+/g, ' ')).toContain(`Type: ${type}`);
  expect(text).not.toContain(`Type${type}`);
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the search page explains and links to the claims list', async ({ page }) => {
    await page.goto('/search/');
    const status = page.locator('[data-search-status]');
    await expect(status).toBeVisible();
    await expect(status).toContainText('needs JavaScript');
    await status.getByRole('link', { name: 'the list of claims' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.locator('[data-claims]')).toBeVisible();
  });
});

test.describe('in an offline snapshot', () => {
  let work: string;

  test.beforeAll(() => {
    test.setTimeout(120_000);
    work = mkdtempSync(join(tmpdir(), 'ledger-search-offline-'));
  });

  test.afterAll(() => {
    if (work) rmSync(work, { recursive: true, force: true });
  });

  test('the snapshot accepts the search page, which says search cannot work there and logs no error', async ({
    page,
  }) => {
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
    for (const [path, bytes] of made.files) writeAtomically(join(work, ...path.split('/')), bytes);

    const errors: string[] = [];
    const requested: string[] = [];
    page.on('console', (message) => void (message.type() === 'error' && errors.push(message.text())));
    page.on('pageerror', (error) => errors.push(error.message));
    page.on('request', (request) => requested.push(request.url()));
    await page.goto(pathToFileURL(join(work, 'search', 'index.html')).href);
    const status = page.locator('[data-search-status]');
    await expect(status).toContainText('opened from the disk');
    expect(requested.filter((url) => url.includes('pagefind') && url.endsWith('.js'))).toEqual([]);
    expect(errors).toEqual([]);
    await status.getByRole('link', { name: 'The list of claims' }).click();
    await expect(page.locator('[data-claims]')).toBeVisible();
  });
});
