/**
 * The TypeScript engine and the Python reference, written apart, must give the same traces: on
 * every published trace of the repository's own content, and on thousands of random valid cases.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createScorer, type Trace } from '../../../src/engine/index.ts';
import { engineCodeHash } from '../../../src/lib/input/codeHash.ts';
import { loadModelFile } from '../../../src/lib/input/load.ts';
import { readLock } from '../../../src/lib/input/lock.ts';
import { directoryFiles, reportLines, verifySite } from '../../../src/lib/verify/index.ts';
import { REPO_ROOT, tempDir } from '../../support/cli.ts';
import { TEST_CODE_HASH } from '../../support/score.ts';
import { repositoryContent, writeSiteLayout } from '../verify/layout.ts';
import { describeMismatch, differences, differential, REFERENCE, referenceBatch } from './differential.ts';

/** The first seed of the random cases; set LEDGER_FUZZ_SEED to try others. */
const SEED = Number(process.env['LEDGER_FUZZ_SEED'] ?? 20261102);
const CASES = 2000;

const folders: string[] = [];
afterAll(() => folders.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

describe("the repository's own content", () => {
  const site = tempDir('ledger-site-');
  folders.push(site);
  const count = writeSiteLayout(site, repositoryContent());

  it('is reproduced trace by trace by the Python reference', () => {
    const run = spawnSync('python3', [REFERENCE, 'verify', site], { encoding: 'utf8' });
    expect(run.stdout).toBe(`${count} traces reproduced, 0 differ\n`);
    expect(run.status).toBe(0);
  });

  it('has every figure of every working reproduced by the Python reference', () => {
    const { models, claims } = repositoryContent();
    const cases = models.flatMap(({ model }) =>
      claims.map(({ slug, claim }) => ({
        slug,
        model,
        claim,
        trace: createScorer(model, TEST_CODE_HASH).score(slug, claim),
      })),
    );
    const reference = referenceBatch(cases);
    const found = cases.flatMap((c, i) =>
      differences(c.trace, reference[i]).map((d) => `${c.slug} under ${c.trace.model}: ${d}`),
    );
    expect(found).toEqual([]);
    expect(cases.filter((c) => c.trace.working.stability !== null).length).toBeGreaterThan(0);
  });

  it('is reproduced by the TypeScript verify, and every published model matches its release', () => {
    const released = readLock(join(REPO_ROOT, 'models')).entries.map(({ id, configHash }) => ({
      id,
      configHash,
      lockFile: 'models/released.lock',
    }));
    // The site's traces carry this engine's codeHash; another one would be a warning line.
    const report = verifySite(directoryFiles(site), { codeHash: engineCodeHash(), released });
    expect(reportLines(report)).toEqual([`${count} traces reproduced, 0 differ`]);
    expect(report.ok).toBe(true);
  });
});

describe('the golden traces', () => {
  const GOLDEN = join(REPO_ROOT, 'tests', 'golden');
  const names = readdirSync(GOLDEN)
    .filter((name) => existsSync(join(GOLDEN, name, 'trace.json')))
    .sort();

  it('are reproduced by the Python reference in every compared field and every working figure', () => {
    const cases = names.map((name) => {
      const trace = JSON.parse(readFileSync(join(GOLDEN, name, 'trace.json'), 'utf8')) as Trace;
      const { loaded } = loadModelFile(join(GOLDEN, name, 'model.yaml'));
      return { slug: trace.claim, model: loaded!.model, claim: trace.input, trace };
    });
    const reference = referenceBatch(cases);
    expect(names.length).toBeGreaterThanOrEqual(5);
    cases.forEach((c, i) => expect(differences(c.trace, reference[i]), names[i]).toEqual([]));
  });
});

describe(`${CASES} random valid cases from seed ${SEED}`, () => {
  it('score the same in every field of links, result and working, and hash the same', { timeout: 120_000 }, () => {
    const mismatches = differential(SEED, CASES);
    const shown = mismatches.slice(0, 5).map(describeMismatch).join('\n\n');
    expect(mismatches.length, `${mismatches.length} of ${CASES} cases differ:\n${shown}`).toBe(0);
  });
});
