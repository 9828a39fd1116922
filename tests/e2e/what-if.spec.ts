/**
 * The what-if panel of a claim page, in a real Chromium against the built site: random edits made
 * with its controls each give a what-if trace (downloaded as a reader downloads it) byte-identical
 * to the Node engine's trace of the same edited claim, worked out here from the claim file; the
 * edited claim file it offers reads back into that claim; `ledger score` and the Python reference
 * agree on a sample.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { createScorer, type Claim, type Model } from '../../src/engine/index.ts';
import { engineCodeHash, loadClaimFile, loadLedger, type Ledger } from '../../src/lib/input/load.ts';
import { runChild } from '../support/cli.ts';
import { distDir } from '../support/e2e-env.ts';
import { editedClaim, mirrorOf, randomEdit, seeded, sharedLevels } from '../support/what-if.ts';

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
/** The trace as `ledger score` prints it, from the Node engine in this process. */
const nodeTrace = (slug: string, model: string, claim: Claim): string =>
  `${JSON.stringify(createScorer(modelOf(model), codeHash).score(slug, claim))}\n`;

/**
 * Downloads a file through one of the panel's links and returns its text. Chromium now and then
 * drops one of many downloads a page starts in quick succession (here 30 in a few seconds; waiting
 * 250 ms before each press made it vanish in 8 runs of 8), so the link is pressed again, as a
 * reader would, when nothing arrives within five seconds.
 */
async function download(page: Page, name: string): Promise<string> {
  const link = page.getByRole('link', { name });
  for (let press = 1; ; press++) {
    const arrived = page.waitForEvent('download', { timeout: 5_000 });
    await link.click();
    try {
      return readFileSync(await (await arrived).path(), 'utf8');
    } catch (error) {
      if (press === 3) throw error;
    }
  }
}

/** Opens a claim page's panel: by its button, or by itself when the address holds a what-if. */
async function openPanel(page: Page, url: string): Promise<void> {
  await page.goto(url);
  if (!url.includes('what-if=')) await page.getByRole('button', { name: 'What if…' }).click();
  await expect(page.locator('.what-if-headline')).toContainText('→');
}

/** Claims of the repository with several links and votes first, each page under its own model. */
const CASES = [
  { slug: 'eastbrook-burglaries-fell', model: null },
  { slug: 'who-benefits-from-the-ring-road', model: 'ledger-counted@1.0.0' },
  { slug: 'millford-bus-ridership-fell', model: 'ledger-strict@0.1.0' },
  { slug: 'eastbrook-lead-limit', model: null },
  { slug: 'river-lark-record-level', model: 'ledger-sceptic@1.0.0' },
  { slug: 'ashcombe-clinic-waiting-times', model: null },
  { slug: 'old-mill-sold-below-valuation', model: 'ledger@1.0.0' },
  { slug: 'larkfield-school-idling-pollution', model: null },
] as const;
const EDITS_PER_CLAIM = 25;

for (const [n, { slug, model }] of CASES.entries()) {
  test(`what-if on ${slug}: ${EDITS_PER_CLAIM} random edits each give the Node engine's trace byte for byte`, async ({
    page,
  }) => {
    test.setTimeout(120_000);
    const pageModel = model ?? ledger.defaultModel;
    const claim = ledger.claims.find((c) => c.slug === slug)!.claim;
    await openPanel(page, model === null ? `claims/${slug}/` : `claims/${slug}/${model}/`);
    const random = seeded(1000 + n);
    const mirror = mirrorOf(pageModel);
    const ids = ledger.models.map((m) => m.id);
    const levels = sharedLevels(ledger.models.map((m) => m.model));
    const done: string[] = [];
    for (let i = 0; i < EDITS_PER_CLAIM; i++) {
      done.push(await randomEdit(page, random, claim, mirror, ids, levels, pageModel));
      const edited = editedClaim(claim, mirror);
      const expected = nodeTrace(slug, mirror.model, edited);
      expect(await download(page, 'Download this what-if trace'), done.join(' · ')).toBe(expected);
      if (i % 5 === 4) {
        // The edited claim file reads back into the same claim, which `score` turns into the same trace.
        const file = join(work, `${slug}.yaml`);
        writeFileSync(file, await download(page, 'Download the edited claim file'));
        const { loaded, problems } = loadClaimFile(file, ledger.models);
        expect(problems).toEqual([]);
        expect(nodeTrace(slug, mirror.model, loaded!.claim)).toBe(expected);
      }
    }
  });
}

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
