/**
 * Take the picture with you, beyond the claim pages: with JavaScript off, each picture of a model
 * page, a compare page and a history page downloads as a standalone SVG and its numbers as CSV.
 * The numbers are checked against what they come from, read independently: the model's YAML
 * file (worked here with decimal.js: the factor max(floor, 1 − stepCost × steps), a vote's weight
 * round_w(max(floor, ln(1 + r))) at the reputations 0, 10, 100, 500, 1000 and 10000), and each
 * claim's trace.json under both models, or at each revision of its history.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import Decimal from 'decimal.js';
import { parse } from 'yaml';
import { expect, test } from '@playwright/test';
import { distDir } from '../support/e2e-env.ts';
import { claimPages, defaultModelId } from '../support/e2e-site.ts';
import { csvRows, download, expectStandalone } from '../support/picture-files.ts';

test.use({ javaScriptEnabled: false });

/** A model file as written: the failsafe schema keeps every number as its source text. */
interface ModelFile {
  states: { from: string; state: string }[];
  interpretation: { stepCost: string; floor: string };
  gradient: { floor: string };
  rounding: { mode: string; weight: string };
}
const modelFile = (id: string): ModelFile =>
  parse(readFileSync(join('models', `${id}.yaml`), 'utf8'), { schema: 'failsafe' }) as ModelFile;

/** A trace's result, as trace.json publishes it. */
const resultAt = (dir: string): { state: string; probability: string | null } =>
  (
    JSON.parse(readFileSync(join(distDir(), dir, 'trace.json'), 'utf8')) as {
      result: { state: string; probability: string | null };
    }
  ).result;

const D = Decimal.clone({ precision: 40 });

/** Downloads a picture's two files from the page, checks their names and the SVG, and returns the CSV's rows. */
async function takeAway(page: import('@playwright/test').Page, name: string, saveAs: string) {
  const svg = await download(page, `${name}.svg`);
  expect(svg.file).toBe(`${saveAs}.svg`);
  await expectStandalone(page, svg.text, `${saveAs}.svg`);
  const csv = await download(page, `${name}.csv`);
  expect(csv.file).toBe(`${saveAs}.csv`);
  return csvRows(csv.text);
}

const models = [defaultModelId(), 'ledger-strict@0.1.0'];

for (const id of models) {
  test(`the model page of ${id} offers its three pictures, their numbers the model file's`, async ({ page }) => {
    const file = modelFile(id);
    await page.goto(`/models/${id}/`);

    const states = await takeAway(page, 'states', `${id}--states`);
    expect(states.map((r) => [r['state'], r['from'], r['below']])).toEqual(
      file.states.map((s, i) => [s.state, s.from, file.states[i + 1]?.from ?? '']),
    );

    const factors = await takeAway(page, 'interpretation', `${id}--interpretation`);
    expect(factors.length).toBeGreaterThan(1);
    const floor = new D(file.interpretation.floor);
    factors.forEach((row, steps) => {
      const raw = new D(1).minus(new D(file.interpretation.stepCost).times(steps));
      expect(row['steps']).toBe(String(steps));
      expect(new D(row['factor']!).equals(D.max(floor, raw)), `${steps} steps: ${row['factor']}`).toBe(true);
      expect(row['floored']).toBe(floor.greaterThan(raw) ? 'yes' : 'no');
    });

    const weights = await takeAway(page, 'vote-weight', `${id}--vote-weight`);
    const places = Number(file.rounding.weight);
    const mode = file.rounding.mode === 'half-even' ? Decimal.ROUND_HALF_EVEN : Decimal.ROUND_HALF_UP;
    const gradientFloor = new D(file.gradient.floor);
    expect(weights.map((r) => r['reputation'])).toEqual(['0', '10', '100', '500', '1000', '10000']);
    for (const row of weights) {
      const ln = new D(row['reputation']!).plus(1).ln();
      const weight = D.max(gradientFloor, ln).toDecimalPlaces(places, mode).toFixed(places);
      expect(row['weight'], `reputation ${row['reputation']}`).toBe(weight);
      expect(row['floored']).toBe(gradientFloor.greaterThan(ln) ? 'yes' : 'no');
    }
  });
}

test('a compare page offers its picture, a row per claim with both traces’ own figures', async ({ page }) => {
  const [a, b] = models as [string, string];
  await page.goto(`/compare/${a}/${b}/`);
  const rows = await takeAway(page, 'compare', `${a}--${b}--compare`);
  const slugs = claimPages()
    .filter((p) => p.urlModel === null)
    .map((p) => p.slug);
  expect(rows.map((r) => r['claim']).sort()).toEqual([...slugs].sort());
  for (const row of rows) {
    const ra = resultAt(`claims/${row['claim']}/${a}`);
    const rb = resultAt(`claims/${row['claim']}/${b}`);
    expect([row['model_a'], row['state_a'], row['probability_a']], row['claim']).toEqual([
      a,
      ra.state,
      ra.probability ?? '',
    ]);
    expect([row['model_b'], row['state_b'], row['probability_b']], row['claim']).toEqual([
      b,
      rb.state,
      rb.probability ?? '',
    ]);
    expect(row['changes_state']).toBe(ra.state !== rb.state ? 'yes' : 'no');
  }
  // The claim whose state changes because one model refuses it is in the file too.
  expect(
    rows.some((r) => r['changes_state'] === 'yes' && (r['probability_a'] === '' || r['probability_b'] === '')),
  ).toBe(true);
});

test('a history page offers its picture, a row per revision with its trace’s own figures', async ({ page }) => {
  // The claim with the most revisions, each a folder of the history page holding its trace.
  const commitsOf = (slug: string): string[] => {
    const dir = join(distDir(), 'claims', slug, 'history');
    return existsSync(dir)
      ? readdirSync(dir, { withFileTypes: true })
          .filter((e) => e.isDirectory())
          .map((e) => e.name)
      : [];
  };
  const slug = claimPages()
    .filter((p) => p.urlModel === null)
    .map((p) => p.slug)
    .sort((x, y) => commitsOf(y).length - commitsOf(x).length)[0]!;
  expect(commitsOf(slug).length, 'a claim with several revisions').toBeGreaterThan(2);
  await page.goto(`/claims/${slug}/history/`);
  const rows = await takeAway(page, 'history', `${slug}--history`);
  const commits = commitsOf(slug);
  for (const commit of commits) expect(rows.map((r) => r['commit'])).toContain(commit);
  for (const row of rows) {
    // A revision with no trace under today's default (it does not validate) has no figures.
    const dir = `claims/${slug}/history/${row['commit']}`;
    const then = existsSync(join(distDir(), dir, 'trace.json')) ? resultAt(dir) : { state: '', probability: null };
    expect([row['model'], row['state'], row['probability']], row['commit']).toEqual([
      defaultModelId(),
      then.state,
      then.probability ?? '',
    ]);
    expect(row['date'], 'the commit’s time, as ISO 8601').toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
  }
});
