/**
 * The offline snapshot, as a reader years from now would use it: made from the built site,
 * unpacked into a folder and opened from `file://` with every http(s) request blocked. A walk
 * through home, a claim, a step anchor, its model, a comparison, the default-model toggle and a
 * trace must load every file, log no error and render every formula in KaTeX's own fonts. Then
 * both verifies pass on the fresh snapshot and name the file once a trace is changed or removed.
 * Nothing here uses the HTTP server the other browser tests share.
 */
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { expect, test, type Page } from '@playwright/test';
import { snapshotCommand } from '../../src/cli/snapshot.ts';
import { verifyCommand } from '../../src/cli/verify.ts';
import { writeAtomically } from '../../src/lib/snapshot/files.ts';
import { MANIFEST } from '../../src/lib/snapshot/manifest.ts';
import { readZip } from '../../src/lib/snapshot/zip.ts';
import { engineCodeHash } from '../../src/lib/input/codeHash.ts';
import { directoryFiles, verifySite } from '../../src/lib/verify/index.ts';
import { distDir } from '../support/e2e-env.ts';
import { csvRows, download, expectStandalone } from '../support/picture-files.ts';

test.describe.configure({ mode: 'serial' });

let work: string;
/** The unpacked snapshot's top folder, and the ZIP it came from. */
let root: string;
let zipPath: string;

test.beforeAll(async () => {
  test.setTimeout(180_000);
  work = mkdtempSync(join(tmpdir(), 'ledger-offline-'));
  let err = '';
  const code = await snapshotCommand(
    { out: () => undefined, err: (text) => void (err += text) },
    { dist: distDir(), out: join(work, 'out') },
    { cwd: process.cwd(), progress: false, env: process.env },
  );
  expect(code, err).toBe(0);
  zipPath = join(
    work,
    'out',
    readdirSync(join(work, 'out')).find((name) => name.endsWith('.zip'))!,
  );
  for (const [path, bytes] of readZip(readFileSync(zipPath)))
    writeAtomically(join(work, 'unpacked', ...path.split('/')), bytes);
  const [top] = readdirSync(join(work, 'unpacked'));
  root = join(work, 'unpacked', top!);
});

test.afterAll(() => {
  if (work) rmSync(work, { recursive: true, force: true });
});

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

/** Checks the formulas on the open page: KaTeX's own fonts loaded and no KaTeX error. */
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

/** `ledger verify <target>`, in-process: exit code and output lines. */
function verify(target: string): { code: number; lines: string[] } {
  let out = '';
  const code = verifyCommand({ out: (text) => void (out += text), err: (text) => void (out += text) }, [target], {
    cwd: process.cwd(),
    progress: false,
  });
  return { code, lines: out.split('\n').filter((line) => line !== '') };
}

function pythonVerify(dir: string): { code: number | null; stdout: string } {
  const run = spawnSync('python3', [join(root, 'reference', 'ledger.py'), 'verify', dir], { encoding: 'utf8' });
  return { code: run.status, stdout: run.stdout };
}

/** A copy of the unpacked snapshot to tamper with. */
function copy(name: string): string {
  const dir = join(work, name);
  cpSync(root, dir, { recursive: true });
  return dir;
}

/** The first trace of a scored claim, and the offset of the first digit of its probability. */
function scoredTrace(dir: string): { path: string; offset: number } {
  for (const line of readFileSync(join(dir, MANIFEST), 'utf8').split('\n')) {
    const path = line.slice(66);
    if (!/^claims\/.+\/trace\.json$/.test(path)) continue;
    const text = readFileSync(join(dir, path), 'latin1');
    // A published trace is one line of JSON ("probability":"0.8123"); no layout is assumed.
    const probability = /"probability":\s*"/g;
    probability.lastIndex = text.indexOf('"result"');
    const found = probability.exec(text);
    const offset = found === null ? -1 : found.index + found[0].length;
    if (offset >= 0 && /\d/.test(text[offset]!)) return { path, offset };
  }
  throw new Error('no scored trace in the snapshot');
}

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

test('verify passes on the fresh snapshot, zipped and unpacked, in TypeScript and in Python', () => {
  test.setTimeout(120_000);
  const listed = readFileSync(join(root, MANIFEST), 'utf8').split('\n');
  const traces = listed.filter((line) => line.endsWith('/trace.json')).length;
  // Every claim under every model has its explanation beside its trace, and both verifies work each again.
  const explanations = listed.filter((line) => line.endsWith('/explain.json')).length;
  expect(explanations).toBeGreaterThan(0);
  for (const target of [zipPath, root]) {
    const { code, lines } = verify(target);
    expect(lines, target).toEqual([
      expect.stringMatching(/^\d+ files match MANIFEST\.sha256$/),
      `${traces} traces reproduced, 0 differ`,
      `${explanations} explanations re-derived, 0 differ`,
    ]);
    expect(code).toBe(0);
  }
  const python = pythonVerify(root);
  expect(python.stdout).toMatch(
    new RegExp(
      `^\\d+ files match MANIFEST\\.sha256\n${traces} traces reproduced, 0 differ\n${explanations} explanations re-derived, 0 differ\n$`,
    ),
  );
  expect(python.code).toBe(0);
});

test('verify fails, naming the file, after one byte of one trace is changed', () => {
  test.setTimeout(120_000);
  const dir = copy('changed');
  const { path, offset } = scoredTrace(dir);
  const bytes = readFileSync(join(dir, path));
  bytes[offset] = bytes[offset] === 0x30 ? 0x31 : 0x30;
  writeFileSync(join(dir, path), bytes);
  const { code, lines } = verify(dir);
  expect(code).toBe(1);
  expect(lines[0]).toBe('1 file does not match MANIFEST.sha256');
  expect(lines).toContainEqual(
    expect.stringMatching(new RegExp(`^${escape(path)}: changed after the snapshot was made`)),
  );
  expect(lines).toContainEqual(expect.stringMatching(new RegExp(`^${escape(path)}: result\\.probability: expected`)));
  const python = pythonVerify(dir);
  expect(python.code).toBe(1);
  expect(python.stdout).toContain(`${path}: result.probability: expected`);
});

test('verify fails, naming the file, after a file is removed', () => {
  test.setTimeout(120_000);
  const dir = copy('removed');
  const { path } = scoredTrace(dir);
  rmSync(join(dir, path));
  const { code, lines } = verify(dir);
  expect(code).toBe(1);
  expect(lines).toContain(`${path}: listed in MANIFEST.sha256 but missing (removed after the snapshot was made)`);
});

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\@]/g, '\\$&');
}

/** Writes the snapshot's MANIFEST.sha256 again for the files it has now, as a careful forger would. */
function remanifest(dir: string): void {
  const manifest = join(dir, MANIFEST);
  const lines = readFileSync(manifest, 'utf8')
    .split('\n')
    .filter((line) => line !== '')
    .map((line) => line.slice(66))
    .filter((path) => existsSync(join(dir, path)))
    .map(
      (path) =>
        `${createHash('sha256')
          .update(readFileSync(join(dir, path)))
          .digest('hex')}  ${path}`,
    );
  writeFileSync(manifest, `${lines.join('\n')}\n`);
}

test('verify fails on what a reader sees, even with the manifest written again', () => {
  test.setTimeout(180_000);
  const dir = copy('reader');
  const defaultModel = (JSON.parse(readFileSync(join(dir, 'data', 'scores.json'), 'utf8')) as { defaultModel: string })
    .defaultModel;
  const moved = `claims/eastbrook-burglaries-fell/${defaultModel}/trace.json`;
  cpSync(join(dir, `claims/eastbrook-lead-limit/${defaultModel}/trace.json`), join(dir, moved));
  const deleted = `claims/eastbrook-gigabit-broadband/${defaultModel}/trace.json`;
  rmSync(join(dir, deleted));
  const page = 'claims/eastbrook-council-tax-rise/index.html';
  const trace = JSON.parse(readFileSync(join(dir, 'claims/eastbrook-council-tax-rise/trace.json'), 'utf8')) as {
    result: { probability: string };
  };
  const html = readFileSync(join(dir, page), 'utf8');
  writeFileSync(
    join(dir, page),
    html.replaceAll(
      `data-field="result.probability">${trace.result.probability}<`,
      'data-field="result.probability">0.0001<',
    ),
  );
  remanifest(dir);
  const { code, lines } = verify(dir);
  const python = pythonVerify(dir);
  for (const [exit, output] of [
    [code, lines.join('\n')],
    [python.code, python.stdout],
  ] as const) {
    expect(exit).toBe(1);
    expect(output).toMatch(/^\d+ files match MANIFEST\.sha256\n\d+ traces reproduced, 1 differ, 1 missing\n/);
    expect(output).toContain(
      `${moved}: claim: is "eastbrook-lead-limit", but this is the address of claim eastbrook-burglaries-fell's trace`,
    );
    expect(output).toContain(
      `${deleted}: missing: claim eastbrook-gigabit-broadband is published but has no trace under ${defaultModel}`,
    );
  }
  // The edited figure is named too (beyond the first twenty lines, it is in the full list).
  const report = verifySite(directoryFiles(dir), { codeHash: engineCodeHash() });
  expect(report.findings.map((f) => `${f.file}: ${f.field}: ${f.message}`)).toContain(
    `${page}: result.probability: the page shows "0.0001", the trace holds "${trace.result.probability}"`,
  );
});
