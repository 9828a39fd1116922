/**
 * The build's check on every core (loadOnCores.ts) reads what loadLedger reads: the same claims in
 * the same order, the same problems, and each valid claim's warnings, whichever thread checked a
 * file; and if a worker thread fails, the check is made again in one thread with the same result.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadLedger } from '../../../src/lib/input/load.ts';
import { loadLedgerOnCores } from '../../../src/lib/input/loadOnCores.ts';
import { sortProblems } from '../../../src/lib/input/problems.ts';
import { claimWarnings } from '../../../src/lib/input/warnings.ts';
import { workspace } from '../../support/cli.ts';

const REPO = { content: 'content', models: 'models' };
const plain = (claims: readonly { slug: string; file: string; claim: unknown }[]) =>
  claims.map(({ slug, file, claim }) => ({ slug, file, claim }));

afterEach(() => {
  delete process.env['LEDGER_TEST_FAIL_CHECK_THREAD'];
});

describe('the check on every core', () => {
  it("gives the repository's claims in loadLedger's order, with their warnings, batch by batch on two threads", async () => {
    const { ledger } = loadLedger(REPO);
    // Batches of 4 files: the repository's claims come in 7 batches, all left to two worker threads.
    const checked = await loadLedgerOnCores(REPO, { threads: 3, batch: 4, here: false });
    expect([checked.problems, checked.again]).toEqual([[], false]);
    expect(checked.content!.defaultModel).toBe(ledger!.defaultModel);
    expect(checked.content!.models).toEqual(ledger!.models);
    expect(checked.content!.claims).toEqual(plain(ledger!.claims));
    expect(sortProblems(checked.warnings)).toEqual(sortProblems(ledger!.claims.flatMap(claimWarnings)));
    expect(checked.warnings.length).toBeGreaterThan(0);
  });

  it('gives the same problems as loadLedger for broken claim files, and no content', async () => {
    const ws = workspace();
    ws.copy(join('claims', 'water-plant.yaml'), join('content', 'claims', 'water-plant.yaml'));
    const good = readFileSync(join(ws.claims, 'water-plant.yaml'), 'utf8');
    for (let i = 0; i < 9; i++) ws.write(join('content', 'claims', `good-${i}.yaml`), good);
    ws.write(join('content', 'claims', 'no-statement.yaml'), good.replace(/^statement:.*\n/m, ''));
    ws.write(join('content', 'claims', 'not-yaml.yaml'), 'statement: [unclosed\n');
    ws.write(join('content', 'claims', 'bad-level.yaml'), good.replace(/relevance: \S+/, 'relevance: no-such-level'));
    const folders = { content: ws.content, models: ws.models };
    const { problems } = loadLedger(folders);
    expect(problems.length).toBeGreaterThanOrEqual(3);
    const checked = await loadLedgerOnCores(folders, { threads: 2, batch: 2, here: false });
    expect([checked.content, checked.again]).toEqual([null, false]);
    expect(checked.problems).toEqual(problems);
  });

  it('is made again in one thread, with the same result, when a worker thread fails', async () => {
    process.env['LEDGER_TEST_FAIL_CHECK_THREAD'] = '1';
    const { ledger } = loadLedger(REPO);
    const checked = await loadLedgerOnCores(REPO, { threads: 2, batch: 4, here: false });
    expect(checked.again).toBe(true);
    expect(checked.content!.claims).toEqual(plain(ledger!.claims));
    expect(sortProblems(checked.warnings)).toEqual(sortProblems(ledger!.claims.flatMap(claimWarnings)));
  });
});
