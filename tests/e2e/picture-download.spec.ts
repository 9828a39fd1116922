/**
 * Take the picture with you: each picture of a claim page downloads as a standalone SVG (the SVG
 * namespace, a title, its colours inlined, parsed by the browser as an SVG document on its own),
 * made in the page from the figure it draws, the same file the build's own function makes of that
 * figure; and its numbers as CSV, each number the trace's own string, with JavaScript on or off:
 * checked against the claim's trace.json beside the page (and every model's, for the claim under
 * every model). A claim writes no file per picture.
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { standaloneSvg } from '../../src/lib/render/pictures/svgFile.ts';
import { distDir } from '../support/e2e-env.ts';
import { claimPages, isScored } from '../support/e2e-site.ts';
import { csvRows, download, expectStandalone } from '../support/picture-files.ts';

/** A trace as these checks read it. */
interface Trace {
  claim: string;
  model: string;
  result: { state: string; probability: string | null };
  working: {
    prior: { logOdds: string; probability: string } | null;
    sum: { posteriorLogOdds: string } | null;
    links: { id: string; direction: string; kept: boolean; weight: string }[];
    state: { thresholds: { state: string; from: string }[] } | null;
    stability: { rescores: { scale: string; logOdds: string; probability: string }[] } | null;
    gradient: { value: string; votes: { voter: string; value: string; weight: string }[] };
  };
}

const traceAt = (dir: string): Trace => JSON.parse(readFileSync(join(distDir(), dir, 'trace.json'), 'utf8')) as Trace;

const scoredPage = () =>
  claimPages().find(
    (p) =>
      p.urlModel === null &&
      p.raw !== null &&
      isScored(p.trace) &&
      (p.raw as Trace).working.gradient.votes.length > 0 &&
      (p.raw as Trace).working.links.length > 1,
  )!;

/** The figure drawn before a picture's download links in the page's HTML as the build wrote it. */
function figureBefore(page: string, name: string): string {
  const links = page.indexOf(`download="`, page.indexOf(`--${name}.svg"`) - 200);
  const start = page.lastIndexOf('<figure', links);
  return page.slice(start, page.indexOf('</figure>', start) + '</figure>'.length);
}

test('a scored claim page offers each picture as SVG and its numbers as CSV, the trace’s own strings', async ({
  page,
}) => {
  const claim = scoredPage();
  expect(claim, 'the site has a scored claim with votes').toBeDefined();
  const trace = traceAt(`claims/${claim.slug}`);
  const html = readFileSync(join(distDir(), claim.htmlFile), 'utf8');
  await page.goto(claim.url);
  // The script that makes the SVG files loads only once a reader asks for one.
  const picturesScript = () =>
    page.evaluate(() => [...document.scripts].filter((s) => s.src.endsWith('/what-if/pictures.js')).length);
  expect(await picturesScript()).toBe(0);
  const names = ['every-model', 'walk', 'logistic', 'votes'];
  const csv: Record<string, Record<string, string>[]> = {};
  for (const name of names) {
    const svg = await download(page, `${name}.svg`);
    expect(svg.file).toBe(`${claim.slug}--${trace.model}--${name}.svg`);
    await expectStandalone(page, svg.text, `${name}.svg`);
    expect(svg.text, `${name}.svg is the build's file of the figure`).toBe(standaloneSvg(figureBefore(html, name)));
    // Nothing is written beside the page for it.
    expect(existsSync(join(distDir(), dirname(claim.htmlFile), `${name}.svg`))).toBe(false);
    const numbers = await download(page, `${name}.csv`);
    expect(numbers.file).toBe(`${claim.slug}--${trace.model}--${name}.csv`);
    csv[name] = csvRows(numbers.text);
  }
  expect(await picturesScript()).toBe(1);

  const { prior, sum, links, state, stability, gradient } = trace.working;
  const walk = csv['walk']!;
  expect(walk[0]).toMatchObject({ part: 'prior', log_odds: prior!.logOdds, probability: prior!.probability });
  expect(walk.at(-1)).toMatchObject({
    part: 'posterior',
    log_odds: sum!.posteriorLogOdds,
    probability: trace.result.probability!,
  });
  const walked = walk.filter((r) => r.part === 'link');
  expect(walked.map((r) => r.link).sort()).toEqual(links.map((l) => l.id).sort());
  for (const l of links)
    expect(
      walked.find((r) => r.link === l.id),
      l.id,
    ).toMatchObject({
      direction: l.direction,
      weight: l.weight,
      counted: l.kept ? 'yes' : 'no',
    });

  const logistic = csv['logistic']!;
  expect(logistic.filter((r) => r.part === 'state-from').map((r) => [r.state, r.probability])).toEqual(
    state!.thresholds.map((t) => [t.state, t.from]),
  );
  expect(logistic.find((r) => r.part === 'claim')).toMatchObject({
    state: trace.result.state,
    log_odds: sum!.posteriorLogOdds,
    probability: trace.result.probability!,
  });
  expect(logistic.filter((r) => r.part === 're-score').map((r) => [r.scale, r.log_odds, r.probability])).toEqual(
    (stability?.rescores ?? []).map((r) => [r.scale, r.logOdds, r.probability]),
  );

  const votes = csv['votes']!;
  expect(votes.filter((r) => r.part === 'vote').map((r) => [r.voter, r.value, r.weight])).toEqual(
    gradient.votes.map((v) => [v.voter, v.value, v.weight]),
  );
  expect(votes.find((r) => r.part === 'gradient')?.value).toBe(gradient.value);

  for (const name of ['every-model']) {
    const rows = csv[name]!;
    expect(rows.length, `${name}.csv: one row per model`).toBeGreaterThan(1);
    for (const row of rows) {
      const theirs = traceAt(`claims/${claim.slug}/${row.model}`);
      expect([row.state, row.probability], `${name}.csv: ${row.model}`).toEqual([
        theirs.result.state,
        theirs.result.probability ?? '',
      ]);
    }
  }
});

test.describe('with JavaScript off', () => {
  test.use({ javaScriptEnabled: false });

  test('the numbers still download as CSV, and no SVG link leads nowhere', async ({ page }) => {
    const claim = scoredPage();
    const trace = traceAt(`claims/${claim.slug}`);
    await page.goto(claim.url);
    await expect(page.getByRole('link', { name: 'walk.svg', exact: true })).toHaveCount(0);
    const walk = await download(page, 'walk.csv');
    expect(walk.file).toBe(`${claim.slug}--${trace.model}--walk.csv`);
    expect(csvRows(walk.text).at(-1)?.['log_odds']).toBe(trace.working.sum!.posteriorLogOdds);
  });
});

/** The links of the pictures a page offers, by name. */
const offered = (page: Page): Promise<string[]> =>
  page.locator('.picture-downloads a').evaluateAll((links) => links.map((a) => a.textContent ?? ''));

test('a claim under another model names its own files; a refusal has no walk or curve to take', async ({ page }) => {
  const other = claimPages().find(
    (p) =>
      p.urlModel !== null && p.raw !== null && p.urlModel !== traceAt(`claims/${p.slug}`).model && isScored(p.trace),
  )!;
  await page.goto(other.url);
  const walk = await download(page, 'walk.csv');
  const trace = traceAt(`claims/${other.slug}/${other.urlModel}`);
  expect(walk.file).toBe(`${other.slug}--${other.urlModel}--walk.csv`);
  expect(csvRows(walk.text).at(-1)?.['log_odds']).toBe(trace.working.sum!.posteriorLogOdds);

  const svg = await download(page, 'walk.svg');
  expect(svg.file).toBe(`${other.slug}--${other.urlModel}--walk.svg`);
  expect(svg.text).toBe(standaloneSvg(figureBefore(readFileSync(join(distDir(), other.htmlFile), 'utf8'), 'walk')));

  const refused = claimPages().find((p) => p.urlModel === null && p.raw !== null && !isScored(p.trace))!;
  await page.goto(refused.url);
  await expect(page.getByRole('link', { name: 'every-model.svg', exact: true })).toBeVisible();
  expect(await offered(page)).toEqual(['every-model.svg', 'every-model.csv', 'votes.svg', 'votes.csv']);
  const strip = await download(page, 'every-model.svg');
  await expectStandalone(page, strip.text, 'every-model.svg of a refusal');
});
