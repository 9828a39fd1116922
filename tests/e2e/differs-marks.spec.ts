/**
 * On a page under a model other than the default, each declared setting that differs from the
 * default's is marked where the page uses it, as each factor is in its own cell: the prior, the
 * rounding, each state threshold; and the state step says when the default's thresholds would
 * name the same probability otherwise. Expected values come from the two models' YAML files
 * (read with the failsafe schema, every number its source text) and the claim's trace.json.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import Decimal from 'decimal.js';
import { parse } from 'yaml';
import { axeOn } from '../support/axe.ts';
import { expect, test } from '@playwright/test';
import { distDir } from '../support/e2e-env.ts';
import { defaultModelId } from '../support/e2e-site.ts';

test.use({ javaScriptEnabled: false });

interface ModelFile {
  priors: Record<string, string>;
  states: { from: string; state: string }[];
  rounding: { mode: string };
}
const modelFile = (id: string): ModelFile =>
  parse(readFileSync(join('models', `${id}.yaml`), 'utf8'), { schema: 'failsafe' }) as ModelFile;
const traceOf = (slug: string, model: string) =>
  JSON.parse(readFileSync(join(distDir(), 'claims', slug, model, 'trace.json'), 'utf8')) as {
    working: { type: string };
    result: { state: string; probability: string };
  };

const d = defaultModelId();
// ledger-sceptic@1.0.0 sets lower priors, higher thresholds and rounds half-up (its model file);
// this claim's probability under it falls in a band the default's thresholds name otherwise.
const other = 'ledger-sceptic@1.0.0';
const slug = 'ashcombe-factory-job-cuts';
const url = `/claims/${slug}/${other}/`;
const words = (id: string): string => id.replaceAll('-', ' ');

/** The state a probability falls in among `states` (the last whose `from` is at or below it). */
const stateAt = (states: ModelFile['states'], p: string): string =>
  states.filter((s) => new Decimal(s.from).lessThanOrEqualTo(p)).at(-1)!.state;

test('the prior, the rounding and each threshold that differ are marked where they are used', async ({ page }) => {
  const here = modelFile(other);
  const there = modelFile(d);
  const trace = traceOf(slug, other);
  await page.goto(url);

  const type = trace.working.type;
  expect(new Decimal(here.priors[type]!).equals(there.priors[type]!), 'the two priors differ').toBe(false);
  await expect(page.locator('#prior .claim-differs-mark').first()).toHaveText(
    `differs ${there.priors[type]} under ${d}`,
  );

  expect(here.rounding.mode).not.toBe(there.rounding.mode);
  for (const step of ['#prior', '#probability'])
    await expect(page.locator(`${step} .claim-differs-mark`, { hasText: 'half' })).toHaveText(
      `differs ${words(there.rounding.mode)} under ${d}`,
    );

  const rows = page.locator('#state table.claim-states tbody tr');
  await expect(rows).toHaveCount(here.states.length);
  let marked = 0;
  for (const [i, s] of here.states.entries()) {
    const theirs = there.states.find((t) => t.state === s.state);
    const mark = rows.nth(i).locator('td[data-label="From"] .claim-differs-mark');
    if (theirs !== undefined && new Decimal(theirs.from).equals(s.from)) await expect(mark).toHaveCount(0);
    else {
      marked += 1;
      await expect(mark).toHaveText(`differs ${theirs?.from ?? 'not declared'} under ${d}`);
    }
  }
  expect(marked).toBeGreaterThan(0);

  const p = trace.result.probability;
  const theirState = stateAt(there.states, p);
  expect(theirState).not.toBe(trace.result.state);
  const at = there.states.findIndex((s) => s.state === theirState);
  const band = `${there.states[at]!.from} to below ${there.states[at + 1]!.from}`;
  await expect(page.locator('#state .claim-differs-note')).toHaveText(
    `Under the default model’s thresholds the same probability, ${p}, would be ${words(theirState)} (${band}).`,
  );
});

test('the default model’s page marks nothing, and a setting the models share is not marked', async ({ page }) => {
  await page.goto(`/claims/${slug}/${d}/`);
  await expect(page.locator('.claim-differs-mark')).toHaveCount(0);
  await expect(page.locator('.claim-differs-note')).toHaveCount(0);
  // ledger-strict@0.1.0 differs from the default only in a causal claim's prior, among priors, and
  // shares the default's thresholds and rounding.
  const strict = 'ledger-strict@0.1.0';
  const type = traceOf(slug, strict).working.type;
  const same = new Decimal(modelFile(strict).priors[type]!).equals(modelFile(d).priors[type]!);
  await page.goto(`/claims/${slug}/${strict}/`);
  await expect(
    page.locator('#prior .claim-differs-mark, #probability .claim-differs-mark, #state .claim-differs-mark'),
  ).toHaveCount(same ? 0 : 1);
});

test.describe('at 375 px', () => {
  // axe runs in the page's own script context.
  test.use({ javaScriptEnabled: true });
  test('375 px: the marks stay within the page, readable, and axe finds nothing in those steps', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 667 });
    await page.goto(url);
    const marks = page.locator('.claim-differs-mark');
    expect(await marks.count()).toBeGreaterThan(3);
    for (const box of await marks.evaluateAll((all) => all.map((m) => m.getBoundingClientRect().toJSON() as DOMRect)))
      expect(box.right).toBeLessThanOrEqual(375);
    const sizes = await marks.evaluateAll((all) =>
      all.flatMap((m) => [m, ...m.querySelectorAll('*')].map((e) => parseFloat(getComputedStyle(e).fontSize))),
    );
    expect(Math.min(...sizes)).toBeGreaterThanOrEqual(12);
    const { violations } = await axeOn(page).include('#prior').include('#probability').include('#state').analyze();
    expect(violations.map((v) => v.id)).toEqual([]);
  });
});
