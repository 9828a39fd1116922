import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createScorer, type Claim } from '../../../src/engine/index.ts';
import { traceJson } from '../../../src/lib/claim/page.ts';
import { engineCodeHash } from '../../../src/lib/input/codeHash.ts';
import { loadLedger } from '../../../src/lib/input/load.ts';
import { getSite } from '../../../src/lib/site/site.ts';
import { summarise } from '../../../src/lib/site/records.ts';
import { openStore, storedSummary } from '../../../src/lib/site/store/store.ts';

const dir = mkdtempSync(join(tmpdir(), 'ledger-score-once-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("a server build's one scoring pass", () => {
  it('fills the trace store named by LEDGER_STORE_OUT with every trace, and writes no trace cache', () => {
    const file = join(dir, 'store.sqlite.partial');
    const cache = join(dir, 'cache');
    process.env['LEDGER_STORE_OUT'] = file;
    process.env['LEDGER_TRACE_CACHE'] = cache;
    const site = getSite({ content: 'content', models: 'models' });
    delete process.env['LEDGER_STORE_OUT'];
    // The store is the cache's replacement in a server build, not a second copy beside it.
    expect(existsSync(cache)).toBe(false);
    const { ledger } = loadLedger({ content: 'content', models: 'models' });
    const store = openStore(file);
    expect([store.meta.claims, store.meta.traces]).toEqual([ledger!.claims.length, ledger!.claims.length * 6]);
    expect(store.meta.models.map((m) => m.id)).toEqual(site.models.map((m) => m.id));
    expect([store.meta.codeHash, store.meta.commit, store.meta.buildDate]).toEqual([
      site.codeHash,
      site.commit,
      site.buildDate,
    ]);
    // Every row is the engine's own trace, scored here independently of the pass under test.
    for (const { slug, claim } of ledger!.claims) {
      const rows = new Map(store.rows(slug).map((r) => [r.model, r]));
      expect(rows.size).toBe(ledger!.models.length);
      for (const { id, model } of ledger!.models) {
        const trace = createScorer(model, engineCodeHash()).score(slug, claim);
        expect(store.trace(slug, id)).toBe(traceJson(trace));
        expect(storedSummary(rows.get(id)!, JSON.parse(store.input(slug)!) as Claim)).toEqual(summarise(trace));
        expect(site.summary(slug, id)).toEqual(summarise(trace));
      }
    }
    store.close();
  });
});
