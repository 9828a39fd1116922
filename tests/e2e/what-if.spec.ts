/**
 * The what-if panel of a claim page, in a real Chromium against the built site: random edits made
 * with its controls each give a what-if trace (downloaded as a reader downloads it) byte-identical
 * to the Node engine's trace of the same edited claim, worked out here from the claim file; the
 * edited claim file it offers reads back into that claim; `ledger score` and the Python reference
 * agree on a sample.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { createScorer, type Model } from '../../src/engine/index.ts';
import { engineCodeHash } from '../../src/lib/input/codeHash.ts';
import { loadLedger, type Ledger } from '../../src/lib/input/load.ts';
import { runChild } from '../support/cli.ts';
import { distDir } from '../support/e2e-env.ts';
import { checkRandomEdits, download, drawnPictures, expectPictures, openPanel } from '../support/what-if.ts';
import { SAMPLE, SAMPLE_EDITS } from '../support/what-if-mirror.ts';

let ledger: Ledger;
let codeHash: string;
let work: string;

test.beforeAll(() => {
  const loaded = loadLedger({ content: 'content', models: 'models' });
  expect(loaded.problems).toEqual([]);
  ledger = loaded.ledger!;
  codeHash = engineCodeHash();
  work = mkdtempSync(join(tmpdir(), 'ledger-what-if-'));
});

test.afterAll(() => {
  if (work) rmSync(work, { recursive: true, force: true });
});

const modelOf = (id: string): Model => ledger.models.find((m) => m.id === id)!.model;

/**
 * Each edit a reader can make, on a sample: this shows that the page runs the edit functions and the
 * engine the unit tests run over many more edits (tests/unit/whatif/randomEdits.test.ts: every claim,
 * every model, 30 edits each), bundled, behind its controls, and offers their trace.
 */
for (const { slug, model, seed } of SAMPLE) {
  test(`what-if on ${slug}: ${SAMPLE_EDITS} random edits each give the Node engine's trace byte for byte`, async ({
    page,
  }) => {
    test.setTimeout(120_000);
    await checkRandomEdits(page, {
      ledger,
      codeHash,
      work,
      slug,
      url: model === null ? `claims/${slug}/` : `claims/${slug}/${model}/`,
      pageModel: model ?? ledger.defaultModel,
      seed,
      edits: SAMPLE_EDITS,
    });
  });
}

/** The kinds of element the drawing functions write, and the panel's own around them. */
const DRAWN = ['h3', 'h4', 'p', 'div', 'figure', 'figcaption', 'svg', 'title', 'desc'];
const SHAPES = ['path', 'line', 'text', 'circle', 'rect'];

test('the pictures are redrawn for the what-if, beside the published ones', async ({ page }) => {
  const slug = 'eastbrook-burglaries-fell';
  const claim = ledger.claims.find((c) => c.slug === slug)!.claim;
  await openPanel(page, `claims/${slug}/`);
  const pictures = page.locator('.what-if-pictures');
  const walk = (mark: string) =>
    pictures.getByRole('img', { name: `${mark}: The log-odds walk from the prior to the posterior` });
  const curve = (mark: string) =>
    pictures.getByRole('img', { name: `${mark}: The logistic curve from log-odds to probability` });
  for (const mark of ['Published', 'What-if']) {
    await expect(walk(mark)).toHaveCount(1);
    await expect(curve(mark)).toHaveCount(1);
  }
  // Unedited, the what-if draws the published picture again, which is the page's own.
  const published = await walk('Published').locator('desc').textContent();
  expect(await page.locator('#sum svg desc').textContent()).toBe(published);
  expect(await walk('What-if').locator('desc').textContent()).toBe(published);
  // The first link off: the what-if walk has no arrow for it, the published one keeps its arrow.
  const off = claim.evidence[0]!.id;
  await page.locator('#what-if-link-0-on').uncheck();
  const trace = createScorer(modelOf(ledger.defaultModel), codeHash).score(slug, {
    ...claim,
    evidence: claim.evidence.slice(1),
  });
  await expect(walk('What-if').locator('desc')).toContainText(
    `posterior log-odds ${trace.working.sum!.posteriorLogOdds},`,
  );
  expectPictures(await drawnPictures(page), trace, `${off} off`);
  const labels = (mark: string) => walk(mark).locator('text').allTextContents();
  expect((await labels('What-if')).some((l) => l.includes(off))).toBe(false);
  expect((await labels('Published')).some((l) => l.includes(off))).toBe(true);
  expect(await walk('Published').locator('desc').textContent()).toBe(published);
  // Built from the drawing's own elements, nothing else (no image, no script, no link).
  const kinds = await pictures.evaluate((root) => [
    ...new Set([...root.querySelectorAll('*')].map((e) => e.localName)),
  ]);
  expect(kinds.filter((k) => !DRAWN.includes(k) && !SHAPES.includes(k))).toEqual([]);
});

test('the downloaded what-if reproduces with `ledger score` and the Python reference', async ({ page }) => {
  test.setTimeout(120_000);
  const slug = 'eastbrook-burglaries-fell';
  await openPanel(page, `claims/${slug}/?what-if=model:ledger-strict@0.1.0;off:gazette-rise;set:police-table:steps:2`);
  const trace = await download(page, 'Download this what-if trace');
  const file = join(work, `${slug}.yaml`);
  writeFileSync(file, await download(page, 'Download the edited claim file'));
  const cli = runChild(['score', file, '--model', 'ledger-strict@0.1.0']);
  expect(cli.stderr).toBe('');
  expect(cli.stdout).toBe(trace);
  // The reference reads a normalised claim in JSON, which is what the edited claim file holds.
  const python = spawnSync(
    'python3',
    ['reference/ledger.py', 'score', file, '--model', join(distDir(), 'models', 'ledger-strict@0.1.0', 'model.json')],
    { encoding: 'utf8' },
  );
  expect(python.stderr).toBe('');
  // Every field but codeHash, which is the hash of the reference's own source there.
  const withoutCode = (text: string): unknown => ({ ...(JSON.parse(text) as object), codeHash: null });
  expect(withoutCode(python.stdout)).toEqual(withoutCode(trace));
});
