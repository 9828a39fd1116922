/**
 * The offline snapshot, as a reader years from now would use it: made from the built site,
 * unpacked into a folder and opened from `file://` with every http(s) request blocked. A walk
 * through home, a claim, a step anchor, its model, a comparison, the default-model toggle and a
 * trace must load every file, log no error and render every formula in KaTeX's own fonts, and the
 * what-if panel works there too (offline-snapshot-verify.spec.ts checks the snapshot with both
 * verifies). Nothing here uses the HTTP server the other browser tests share.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { expect, test, type Page } from '@playwright/test';
import { MANIFEST } from '../../src/lib/snapshot/manifest.ts';
import { csvRows, download, expectStandalone } from '../support/picture-files.ts';
import { makeSnapshot, removeSnapshot, type MadeSnapshot } from '../support/e2e-snapshot.ts';

test.describe.configure({ mode: 'serial' });

let made: MadeSnapshot | undefined;
/** The unpacked snapshot's top folder. */
let root: string;

test.beforeAll(async () => {
  test.setTimeout(180_000);
  made = await makeSnapshot();
  ({ root } = made);
});

test.afterAll(() => removeSnapshot(made));

/** What went wrong while pages of the snapshot were open. */
interface Trouble {
  blocked: string[];
  failed: string[];
  consoleErrors: string[];
  pageErrors: string[];
}

/** Blocks (and records) every request that is not for a file, and records every failure and error. */
async function offline(page: Page): Promise<Trouble> {
  const trouble: Trouble = { blocked: [], failed: [], consoleErrors: [], pageErrors: [] };
  await page.route('**/*', async (route) => {
    const url = route.request().url();
    if (url.startsWith('file:') || url.startsWith('data:')) await route.continue();
    else {
      trouble.blocked.push(`${page.url()} → ${url}`);
      await route.abort('blockedbyclient');
    }
  });
  page.on('requestfailed', (request) => {
    if (!request.url().startsWith('file:')) return; // recorded above as blocked
    const error = request.failure()?.errorText ?? 'failed';
    // The browser's own favicon fetch starts after `load` and is cancelled by the next navigation;
    // a missing icon would fail with net::ERR_FILE_NOT_FOUND instead.
    if (error === 'net::ERR_ABORTED' && request.resourceType() === 'other') return;
    trouble.failed.push(`${request.url()}: ${error}`);
  });
  page.on('console', (message) => {
    if (message.type() === 'error') trouble.consoleErrors.push(`${page.url()}: ${message.text()}`);
  });
  page.on('pageerror', (error) => trouble.pageErrors.push(`${page.url()}: ${error.message}`));
  return trouble;
}

/** The snapshot file a page's URL is, relative to the snapshot's root. */
function fileOf(page: Page): string {
  const url = new URL(page.url());
  return decodeURIComponent(url.pathname).slice(pathToFileURL(root).pathname.length + 1);
}

/** The page's pictures are in the archive itself: drawn, named, and laid out at a real size. */
async function expectPictures(page: Page): Promise<void> {
  const svgs = await page.locator('figure.picture svg').evaluateAll((all) =>
    all.map((svg) => ({
      title: svg.querySelector(':scope > title')?.textContent ?? '',
      width: svg.getBoundingClientRect().width,
      marks: svg.querySelectorAll('path, circle, rect').length,
    })),
  );
  expect(svgs.length, `${fileOf(page)}: pictures`).toBeGreaterThan(0);
  for (const svg of svgs) {
    expect(svg.title, `${fileOf(page)}: a picture's title`).not.toBe('');
    expect(svg.width, `${fileOf(page)}: ${svg.title} is laid out`).toBeGreaterThan(100);
    expect(svg.marks, `${fileOf(page)}: ${svg.title} draws something`).toBeGreaterThan(0);
  }
}

/** Checks the formulas on the open page: KaTeX's own fonts loaded and no KaTeX error. */
async function expectFormulasRendered(page: Page, atLeastOne: boolean): Promise<void> {
  const katex = await page.evaluate(async () => {
    await document.fonts.ready;
    const faces = [...document.fonts].filter((face) => face.family.replace(/["']/g, '').startsWith('KaTeX'));
    return {
      formulas: document.querySelectorAll('.katex').length,
      errors: document.querySelectorAll('.katex-error').length,
      loaded: faces.filter((face) => face.status === 'loaded').length,
      failed: faces.filter((face) => face.status === 'error').map((face) => face.family),
    };
  });
  expect(katex.errors, `${fileOf(page)}: .katex-error`).toBe(0);
  expect(katex.failed, `${fileOf(page)}: KaTeX fonts that failed to load`).toEqual([]);
  if (atLeastOne) expect(katex.formulas, `${fileOf(page)}: formulas`).toBeGreaterThan(0);
  if (katex.formulas > 0) expect(katex.loaded, `${fileOf(page)}: KaTeX fonts loaded`).toBeGreaterThan(0);
}

/** Follows the first link matching `selector` (by clicking it) and waits for the page to load. */
async function follow(page: Page, selector: string): Promise<void> {
  const link = page.locator(selector).first();
  await expect(link, `${fileOf(page)}: a link ${selector}`).toBeAttached();
  await Promise.all([page.waitForLoadState('load'), link.click()]);
  await page.waitForLoadState('load');
}

test('walks the snapshot from file:// with the network blocked', async ({ page }) => {
  test.setTimeout(90_000);
  const trouble = await offline(page);

  // Home: the list of claims.
  await page.goto(pathToFileURL(join(root, 'index.html')).href);
  expect(fileOf(page)).toBe('index.html');
  await expect(page.locator('h1')).toBeVisible();

  // A claim, under the default model: its full working with formulas.
  await follow(page, 'main a[href^="claims/"][href$="/index.html"]');
  expect(fileOf(page)).toMatch(/^claims\/[^/]+\/index\.html$/);
  const claimFile = fileOf(page);
  const slug = claimFile.split('/')[1]!;
  await expectFormulasRendered(page, true);
  await expectPictures(page);
  // A picture and its numbers download from the disk too (the SVG made in the page, the CSV in its link).
  await expectStandalone(page, (await download(page, 'walk.svg')).text, 'walk.svg from file://');
  expect(csvRows((await download(page, 'walk.csv')).text).at(-1)?.['part']).toBe('posterior');

  // A step anchor lands on its step.
  await follow(page, 'a[href="#probability"]');
  expect(new URL(page.url()).hash).toBe('#probability');
  await expect(page.locator('#probability')).toBeInViewport();

  // The trace beside it: the JSON file itself, readable from the disk.
  const traceHref = await page.locator('a[href$="trace.json"]').first().getAttribute('href');
  expect(traceHref).toBe('trace.json');

  // The claim under another model, then the toggle back to the default model, keeping the anchor.
  const defaultModel = (JSON.parse(readFileSync(join(root, 'claims', slug, 'trace.json'), 'utf8')) as { model: string })
    .model;
  const otherModel = await page.evaluate((skip) => {
    const links = [...document.querySelectorAll<HTMLAnchorElement>('a[href]')].map((a) => a.href);
    return (
      links.find(
        (href) => /\/claims\/[^/]+\/[^/]+\/index\.html$/.test(href) && !href.endsWith(`/${skip}/index.html`),
      ) ?? null
    );
  }, defaultModel);
  expect(otherModel, 'a link to the claim under another model').not.toBeNull();
  await page.goto(`${otherModel!}#probability`);
  expect(fileOf(page)).toMatch(new RegExp(`^claims/${slug}/[^/]+/index\\.html$`));
  await expectFormulasRendered(page, true);
  await follow(page, 'a[data-default-toggle]');
  expect(fileOf(page)).toBe(claimFile);
  expect(new URL(page.url()).hash).toBe('#probability');

  // The default model's page, from the header.
  await follow(page, '.default-model a');
  expect(fileOf(page)).toMatch(/^models\/[^/]+\/index\.html$/);
  await expectFormulasRendered(page, true);

  // Two models compared.
  await follow(page, 'main a[href*="compare/"][href$="/index.html"]:not([href$="compare/index.html"])');
  expect(fileOf(page)).toMatch(/^compare\/[^/]+\/[^/]+\/index\.html$/);
  await expectFormulasRendered(page, false);
  await expectPictures(page);

  // The trace, opened as a file.
  await page.goto(pathToFileURL(join(root, 'claims', slug, 'trace.json')).href);
  const trace = JSON.parse((await page.locator('body').innerText()) || '{}') as { claim?: string; model?: string };
  expect(trace.claim).toBe(slug);
  expect(JSON.parse(readFileSync(join(root, 'claims', slug, 'trace.json'), 'utf8'))).toEqual(trace);

  expect(trouble).toEqual({ blocked: [], failed: [], consoleErrors: [], pageErrors: [] });
});

test('every page of the snapshot loads offline with its stylesheets, scripts and fonts', async ({ page }) => {
  test.setTimeout(120_000);
  const trouble = await offline(page);
  const pages = (readFileSync(join(root, MANIFEST), 'utf8').match(/^[0-9a-f]{64} {2}(.+\.html)$/gm) ?? []).map((line) =>
    line.slice(66),
  );
  // One of each kind of page, so the run stays short: home, a claim, a claim under a model, a model, a comparison, the rest.
  const kindOf = (path: string): string => `${path.split('/')[0]!} ${path.split('/').length}`;
  const kinds = new Map<string, string>();
  for (const path of pages) if (!kinds.has(kindOf(path))) kinds.set(kindOf(path), path);
  for (const path of kinds.values()) {
    await page.goto(pathToFileURL(join(root, path)).href);
    await page.waitForLoadState('load');
    const sheets = await page.evaluate(() =>
      [...document.styleSheets].map((sheet) => sheet.href).filter((href) => href !== null),
    );
    expect(sheets.length, `${path}: stylesheets`).toBeGreaterThan(0);
    await expectFormulasRendered(page, false);
  }
  expect(trouble).toEqual({ blocked: [], failed: [], consoleErrors: [], pageErrors: [] });
});

test('the what-if panel re-scores a claim from file://, and its address keeps the what-if', async ({ page }) => {
  test.setTimeout(60_000);
  const trouble = await offline(page);
  await page.goto(pathToFileURL(join(root, 'claims', 'eastbrook-burglaries-fell', 'index.html')).href);
  const published = await page.locator('.claim-result [data-field="result.probability"]').textContent();
  await page.getByRole('button', { name: 'What if…' }).click();
  const headline = page.locator('.what-if-headline');
  await expect(headline).toHaveText(new RegExp(`^${published} → ${published},`));
  await page.locator('#what-if-link-0-on').uncheck();
  await expect(headline).not.toHaveText(new RegExp(`→ ${published},`));
  const changed = await headline.textContent();
  // The pictures are redrawn from file:// too.
  await expect(page.getByRole('img', { name: /^What-if: The log-odds walk/ })).toBeVisible();
  await expect(page).toHaveURL(/\?what-if=off:/);
  // Opened again from its address, the page re-applies the what-if by itself.
  await page.reload();
  await expect(headline).toHaveText(changed!);
  expect(trouble).toEqual({ blocked: [], failed: [], consoleErrors: [], pageErrors: [] });
});
