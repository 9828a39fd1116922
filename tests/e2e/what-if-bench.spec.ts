/**
 * The what-if panel on the bench's synthetic claims (scripts/dev/bench/synthetic.ts), whose many
 * links and votes the repository's claims do not have: a small site built by the real build in a
 * temporary folder (a copy of this site with its claims replaced, as the bench builds its sites),
 * served on a port of its own; random edits on its claim pages each give the Node engine's trace of
 * the same edited claim byte for byte, and the pictures its figures; the Python reference agrees.
 */
import { execFile, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { expect, test } from '@playwright/test';
import { copySite } from '../../scripts/dev/bench/project.ts';
import { claimYaml, syntheticClaim, syntheticSlug } from '../../scripts/dev/bench/synthetic.ts';
import { engineCodeHash } from '../../src/lib/input/codeHash.ts';
import { loadLedger, type Ledger } from '../../src/lib/input/load.ts';
import { sitePrefix } from '../support/e2e-env.ts';
import { createStaticServer } from '../support/static-server.ts';
import { checkRandomEdits, download } from '../support/what-if.ts';

// One site for the file, built once: its tests run in one worker, one after another.
test.describe.configure({ mode: 'serial' });
test.skip(sitePrefix() !== '/', 'the bench site is built at the root; the repository claims cover a base path');

/** Among the first 100 synthetic claims, the three with votes and the most links (12 each). */
const PICKED = Array.from({ length: 100 }, (_, i) => ({ i, claim: syntheticClaim(i) }))
  .filter(({ claim }) => claim.votes.length > 0)
  .sort((a, b) => b.claim.evidence.length - a.claim.evidence.length || a.i - b.i)
  .slice(0, 3)
  .map(({ i, claim }) => ({ slug: syntheticSlug(i), claim }));
/**
 * 60 edits over the three claims, every kind of edit among them with these seeds; the unit tests
 * make many more through the same edit functions (tests/unit/whatif/randomEdits.test.ts), on
 * synthetic claims too.
 */
const EDITS_PER_CLAIM = 20;

let root: string;
let dist: string;
let ledger: Ledger;
let server: Server | undefined;
let origin: string;

test.beforeAll(async () => {
  test.setTimeout(300_000);
  root = mkdtempSync(join(tmpdir(), 'ledger-what-if-bench-'));
  const site = join(root, 'site');
  dist = join(root, 'dist');
  copySite(process.cwd(), site);
  const claims = join(site, 'content', 'claims');
  rmSync(claims, { recursive: true, force: true });
  mkdirSync(claims, { recursive: true });
  for (const { slug, claim } of PICKED) writeFileSync(join(claims, `${slug}.yaml`), claimYaml(claim));
  await promisify(execFile)('npm', ['run', '-s', 'build'], {
    cwd: site,
    maxBuffer: 64 * 1024 * 1024,
    env: {
      ...process.env,
      LEDGER_DIST: dist,
      LEDGER_TRACE_CACHE: join(root, 'cache'),
      LEDGER_BASE: '',
      // Three claims: a pool of worker processes would cost more to start than it saves (the
      // determinism check holds the pool's pages to the same bytes).
      LEDGER_BUILD_WORKERS: '1',
      LEDGER_SITE: process.env['LEDGER_SITE'] ?? 'https://example.org',
      ASTRO_TELEMETRY_DISABLED: '1',
      FORCE_COLOR: '0',
    },
  });
  const loaded = loadLedger({ content: join(site, 'content'), models: join(site, 'models') });
  expect(loaded.problems).toEqual([]);
  ledger = loaded.ledger!;
  const started = createStaticServer(dist);
  server = started;
  await new Promise<void>((done) => started.listen(0, '127.0.0.1', done));
  origin = `http://127.0.0.1:${(started.address() as AddressInfo).port}`;
});

test.afterAll(async () => {
  await new Promise((done) => (server ? server.close(done) : done(undefined)));
  if (root) rmSync(root, { recursive: true, force: true });
});

for (const [n, { slug }] of PICKED.entries()) {
  // The last claim's page under another model than the default.
  const model = n === PICKED.length - 1 ? 'ledger-strict@0.1.0' : null;
  test(`what-if on bench claim ${slug}${model ? ` under ${model}` : ''}: ${EDITS_PER_CLAIM} random edits give the Node engine's trace byte for byte`, async ({
    page,
  }) => {
    test.setTimeout(120_000);
    const work = join(root, `work-${n}`);
    mkdirSync(work);
    await checkRandomEdits(page, {
      ledger,
      codeHash: engineCodeHash(),
      work,
      slug,
      url: `${origin}/claims/${slug}/${model === null ? '' : `${model}/`}`,
      pageModel: model ?? ledger.defaultModel,
      seed: 2000 + n,
      edits: EDITS_PER_CLAIM,
    });
    // The last what-if, scored by the Python reference from the edited claim file, under its model.
    const trace = await download(page, 'Download this what-if trace');
    const file = join(work, `${slug}.yaml`);
    writeFileSync(file, await download(page, 'Download the edited claim file'));
    const modelId = (JSON.parse(trace) as { model: string }).model;
    const python = spawnSync(
      'python3',
      ['reference/ledger.py', 'score', file, '--model', join(dist, 'models', modelId, 'model.json')],
      { encoding: 'utf8' },
    );
    expect(python.stderr).toBe('');
    // Every field but codeHash, which is the hash of the reference's own source there.
    const withoutCode = (text: string): unknown => ({ ...(JSON.parse(text) as object), codeHash: null });
    expect(withoutCode(python.stdout)).toEqual(withoutCode(trace));
  });
}
