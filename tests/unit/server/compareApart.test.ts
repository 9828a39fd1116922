/**
 * A server build's compare rows worked in a process of their own (compareApart.ts) make the same
 * store as the scoring pass writing them itself (writeStore): the same rows, counts and digest.
 */
import Database from 'better-sqlite3';
import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { engineCodeHash } from '../../../src/lib/input/codeHash.ts';
import { handOver } from '../../../src/lib/input/handedLedger.ts';
import { loadLedger } from '../../../src/lib/input/load.ts';
import { orderClaims, orderModels } from '../../../src/lib/site/site.ts';
import { writeStore } from '../../../src/lib/site/store/build.ts';
import { writeCompareApart } from '../../../src/lib/site/store/compareApart.ts';
import { mergeCompareApart, startCompareApart } from '../../../src/lib/site/store/compareApartBuild.ts';
import { COMPARE_APART } from '../../../src/lib/site/store/storeWriter.ts';

const dir = mkdtempSync(join(tmpdir(), 'ledger-compare-apart-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const { ledger } = loadLedger({ content: 'content', models: 'models' });
const codeHash = engineCodeHash();
// A small page, so that most claims have rows past page 1 in every pair.
const SIZE = 3;

/** Every row of a store's compare tables and its meta, for comparing two stores. */
function compareOf(file: string): { rows: unknown[]; counts: unknown[]; meta: unknown } {
  const db = new Database(file, { readonly: true });
  try {
    return {
      rows: db.prepare('SELECT a, b, rank, row FROM compare ORDER BY a, b, rank').all(),
      counts: db.prepare('SELECT a, b, differ, agree FROM compare_counts ORDER BY a, b').all(),
      meta: JSON.parse(db.prepare("SELECT value FROM meta WHERE key = 'meta'").pluck().get() as string),
    };
  } finally {
    db.close();
  }
}

/** A copy of the store at `from` as a build's scoring pass leaves it when the rows are worked apart. */
function withoutCompare(from: string, to: string): void {
  copyFileSync(from, to);
  const db = new Database(to);
  db.exec('DELETE FROM compare; DELETE FROM compare_counts');
  const meta = JSON.parse(db.prepare("SELECT value FROM meta WHERE key = 'meta'").pluck().get() as string) as object;
  db.prepare("UPDATE meta SET value = ? WHERE key = 'meta'").run(
    JSON.stringify({ ...meta, compareHash: COMPARE_APART }),
  );
  db.close();
}

describe('compare rows worked apart', () => {
  const whole = join(dir, 'whole.sqlite');
  writeStore(whole, {
    codeHash,
    commit: 'c0ffee',
    buildDate: '2026-12-01',
    base: '/',
    models: orderModels(ledger!.models, ledger!.defaultModel),
    claims: orderClaims(ledger!.claims),
    pageSize: SIZE,
  });

  it('give the store the rows, counts and digest the scoring pass gives it', () => {
    const expected = compareOf(whole);
    expect(expected.rows.length).toBeGreaterThan(100);
    const apartStore = join(dir, 'apart.sqlite');
    withoutCompare(whole, apartStore);
    const apartFile = join(dir, 'rows.sqlite');
    writeCompareApart(apartFile, ledger!, codeHash, SIZE);
    expect(mergeCompareApart(apartStore, apartFile)).toBeNull();
    expect(compareOf(apartStore)).toEqual(expected);
  });

  it('are refused by a store that does not wait for them, and when incomplete', () => {
    const apartFile = join(dir, 'rows-2.sqlite');
    writeCompareApart(apartFile, ledger!, codeHash, SIZE);
    const copy = join(dir, 'whole-2.sqlite');
    copyFileSync(whole, copy);
    expect(mergeCompareApart(copy, apartFile)).toMatch(/does not wait for compare rows/);
    const waiting = join(dir, 'apart-2.sqlite');
    withoutCompare(whole, waiting);
    const db = new Database(apartFile);
    db.exec('DELETE FROM meta');
    db.close();
    expect(mergeCompareApart(waiting, apartFile)).toMatch(/incomplete/);
  });

  it('are worked from the content the build handed over, without reading the folders again', async () => {
    const checked = join(dir, 'checked.v8');
    handOver(checked, ledger!);
    const apartFile = join(dir, 'rows-handed.sqlite');
    const before = process.env['LEDGER_PAGE_SIZE'];
    process.env['LEDGER_PAGE_SIZE'] = String(SIZE);
    try {
      // Folders that do not exist: the content can only come from the file handed over.
      const folders = { content: join(dir, 'no-content'), models: join(dir, 'no-models') };
      expect((await startCompareApart(apartFile, folders, checked).finished()).problem).toBeNull();
    } finally {
      if (before === undefined) delete process.env['LEDGER_PAGE_SIZE'];
      else process.env['LEDGER_PAGE_SIZE'] = before;
    }
    const apartStore = join(dir, 'apart-handed.sqlite');
    withoutCompare(whole, apartStore);
    expect(mergeCompareApart(apartStore, apartFile)).toBeNull();
    expect(compareOf(apartStore)).toEqual(compareOf(whole));
  });

  it('stop with one line that says why when the content handed over is not there', async () => {
    const run = startCompareApart(
      join(dir, 'never-3.sqlite'),
      { content: 'content', models: 'models' },
      join(dir, 'gone.v8'),
    );
    const { problem } = await run.finished();
    expect(problem).toBe(
      `the compare rows could not be worked: the checked content was not handed over (${join(dir, 'gone.v8')})`,
    );
  });

  it('stop with one line that says why when the content does not load', async () => {
    const run = startCompareApart(join(dir, 'never.sqlite'), { content: join(dir, 'no-content'), models: 'models' });
    const { problem } = await run.finished();
    expect(problem).toMatch(/^the compare rows could not be worked: the content did not load \(\d+ problems?\)$/);
  });

  it('stop with one sentence when their process runs out of memory', async () => {
    const before = process.env['NODE_OPTIONS'];
    process.env['NODE_OPTIONS'] = '--max-old-space-size=8';
    try {
      const run = startCompareApart(join(dir, 'never-2.sqlite'), { content: 'content', models: 'models' });
      expect((await run.finished()).problem).toBe('the process working the compare rows ran out of memory');
    } finally {
      if (before === undefined) delete process.env['NODE_OPTIONS'];
      else process.env['NODE_OPTIONS'] = before;
    }
  });
});
