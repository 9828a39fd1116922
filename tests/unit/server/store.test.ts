import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createScorer, type Claim } from '../../../src/engine/index.ts';
import { traceJson } from '../../../src/lib/claim/claimView.ts';
import { engineCodeHash } from '../../../src/lib/input/codeHash.ts';
import { loadLedger } from '../../../src/lib/input/load.ts';
import { orderModels } from '../../../src/lib/site/site.ts';
import { summarise } from '../../../src/lib/site/records.ts';
import {
  openStore,
  STORE_FILE,
  storedSummary,
  storeMismatch,
  type StoreInput,
} from '../../../src/lib/site/store/store.ts';
import { writeStore } from '../../../src/lib/site/store/build.ts';
import { openServedStore, storeSite } from '../../../src/lib/site/store/storeSite.ts';
import { CLAIM_CACHE, etagOf } from '../../../src/lib/site/store/http.ts';
import { claimHeaders } from '../../../src/lib/site/store/serve.ts';

const dir = mkdtempSync(join(tmpdir(), 'ledger-store-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const { ledger } = loadLedger({ content: 'content', models: 'models' });
const models = orderModels(ledger!.models, ledger!.defaultModel);
const claims = ledger!.claims.slice(0, 3).map(({ slug, file, claim }) => ({ slug, file, claim }));
const codeHash = engineCodeHash();
const input = (over: Partial<StoreInput> = {}): StoreInput => ({
  codeHash,
  commit: 'c0ffee',
  buildDate: '2026-12-01',
  base: '/',
  models,
  claims,
  ...over,
});

describe('the trace store', () => {
  it("holds every claim under every model as the engine's trace.json bytes and summary", () => {
    const file = join(dir, 'store.sqlite');
    const meta = writeStore(file, input());
    expect(meta.traces).toBe(claims.length * models.length);
    const store = openStore(file);
    expect(store.meta).toEqual(meta);
    expect(store.meta.models.map((m) => m.id)).toEqual(models.map((m) => m.id));
    const { slug, claim } = claims[1]!;
    const rows = store.rows(slug);
    expect(rows.map((r) => r.model).sort()).toEqual(models.map((m) => m.id).sort());
    for (const { id, model } of models) {
      const trace = createScorer(model, codeHash).score(slug, claim);
      const row = rows.find((r) => r.model === id)!;
      expect(store.trace(slug, id)).toBe(traceJson(trace));
      // The summary is stored without the claim's input, which is stored once for every model.
      expect(JSON.parse(row.summary)).not.toHaveProperty('input');
      expect(storedSummary(row, JSON.parse(store.input(slug)!) as Claim)).toEqual(summarise(trace));
      expect([row.inputHash, row.configHash, row.codeHash]).toEqual([trace.inputHash, trace.configHash, codeHash]);
    }
    expect(store.rows('no-such-claim')).toEqual([]);
    expect(store.input('no-such-claim')).toBeUndefined();
    expect(store.trace('no-such-claim', models[0]!.id)).toBeUndefined();
    store.close();
  });

  it('serves the site from one claim’s rows: models in order, the build’s identity, whole traces', () => {
    const file = join(dir, 'served.sqlite');
    writeStore(file, input());
    const served = openServedStore(file);
    const site = storeSite(served);
    expect(site.models.map((m) => m.id)).toEqual(models.map((m) => m.id));
    expect(site.defaultModel.id).toBe(ledger!.defaultModel);
    expect([site.codeHash, site.commit, site.buildDate]).toEqual([codeHash, 'c0ffee', '2026-12-01']);
    const { slug, claim } = claims[0]!;
    const other = models[2]!;
    expect(site.trace(slug, other.id)).toEqual(createScorer(other.model, codeHash).score(slug, claim));
    expect(() => site.trace('no-such-claim', other.id)).toThrow(/no trace/);
    expect(() => site.claims).toThrow(/prerendered/);
    served.store.close();
  });

  it('names the engine code a store was scored by when it is not the one served', () => {
    const file = join(dir, 'other-code.sqlite');
    writeStore(file, input({ codeHash: 'sha256:other' }));
    expect(() => openServedStore(file)).toThrow(
      `The trace store ${file} was scored by engine code sha256:other, but this server's engine is ${codeHash}: rebuild it with npm run build:server.`,
    );
  });

  it('names the model whose config is not the one served, or that is missing or gone', () => {
    const meta = { models: [{ id: 'a@1.0.0', configHash: 'sha256:1' }], codeHash: 'sha256:code' };
    const served = (configHash: string, id = 'a@1.0.0') => ({ codeHash: 'sha256:code', models: [{ id, configHash }] });
    const check = (s: ReturnType<typeof served>) => storeMismatch('s.sqlite', { ...meta } as never, s);
    expect(check(served('sha256:1'))).toBeNull();
    expect(check(served('sha256:2'))).toBe(
      'The trace store s.sqlite was scored under model a@1.0.0 with config sha256:1, but models/ gives sha256:2: rebuild it with npm run build:server.',
    );
    expect(check(served('sha256:1', 'b@1.0.0'))).toMatch(/holds no traces under model b@1\.0\.0/);
    expect(storeMismatch('s.sqlite', meta as never, { codeHash: 'sha256:code', models: [] })).toMatch(
      /holds model a@1\.0\.0, which models\/ no longer releases/,
    );
  });

  it('is a clear sentence for a file that is missing or not a store', () => {
    expect(() => openStore(join(dir, 'missing.sqlite'))).toThrow(/^Cannot open the trace store .*missing\.sqlite/);
    const junk = join(dir, 'junk.sqlite');
    writeFileSync(junk, 'not a database');
    expect(() => openStore(junk)).toThrow(`${junk} is not a trace store: build it with npm run build:server.`);
  });

  it('makes npm start refuse, in one sentence and exit 1, a store of other engine code', () => {
    const build = join(dir, 'build');
    mkdirSync(join(build, 'server'), { recursive: true });
    // Never imported: the store is checked first.
    writeFileSync(join(build, 'server', 'entry.mjs'), 'throw new Error("the server was started");\n');
    writeStore(join(build, STORE_FILE), input({ codeHash: 'sha256:other' }));
    const run = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/start.ts'], {
      env: { ...process.env, LEDGER_DIST: build, PORT: '0' },
      encoding: 'utf8',
    });
    expect(run.status).toBe(1);
    expect(run.stdout).toBe('');
    expect(run.stderr).toBe(
      `The trace store ${join(build, STORE_FILE)} was scored by engine code sha256:other, but this server's engine is ${codeHash}: rebuild it with npm run build:server.\n`,
    );
  });

  it('makes npm start refuse, in one sentence and exit 1, a server built before its files had a manifest', () => {
    const build = join(dir, 'old-build');
    mkdirSync(join(build, 'server'), { recursive: true });
    writeFileSync(join(build, 'server', 'entry.mjs'), 'throw new Error("the server was started");\n');
    writeStore(join(build, STORE_FILE), input());
    const run = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/start.ts'], {
      env: { ...process.env, LEDGER_DIST: build, PORT: '0' },
      encoding: 'utf8',
    });
    expect([run.status, run.stdout]).toEqual([1, '']);
    expect(run.stderr).toBe(
      `${build} was built by an older version of the ledger (it has no static-files.json): build it again with npm run build:server.\n`,
    );
  });
});

describe('claimHeaders on a server', () => {
  it('gives a claim address its ETag and caching headers, a 304 for a matching ETag and an empty 404 for an unknown claim or model, rendering neither', async () => {
    const file = join(dir, 'http.sqlite');
    writeStore(file, input());
    process.env['LEDGER_STORE'] = file;
    let renders = 0;
    const render = () => {
      renders += 1;
      return Promise.resolve(new Response('<p>page</p>', { headers: { 'Content-Type': 'text/html' } }));
    };
    const path = `/claims/${claims[0]!.slug}/`;
    const first = await claimHeaders(path, null, render);
    expect([first.status, await first.text(), renders]).toEqual([200, '<p>page</p>', 1]);
    expect(first.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(first.headers.get('cache-control')).toBe(CLAIM_CACHE);
    const etag = first.headers.get('etag')!;
    const trace = await claimHeaders(`/claims/${claims[0]!.slug}/${models[1]!.id}/trace.json/`, null, render);
    // A trace is the engine's trace.json bytes straight from the store, with nothing rendered.
    const engine = createScorer(models[1]!.model, codeHash).score(claims[0]!.slug, claims[0]!.claim);
    expect([await trace.text(), renders]).toEqual([traceJson(engine), 1]);
    expect(trace.headers.get('cache-control')).toBe(CLAIM_CACHE);
    expect(trace.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(trace.headers.get('etag')).not.toBe(etag);
    renders = 0;
    const again = await claimHeaders(path, `"other", ${etag}`, render);
    expect([again.status, again.body, again.headers.get('etag'), renders]).toEqual([304, null, etag, 0]);
    for (const unknown of ['/claims/no-such-claim/', `/claims/${claims[0]!.slug}/no-such-model/`]) {
      const missing = await claimHeaders(unknown, null, render);
      expect([missing.status, missing.body, renders]).toEqual([404, null, 0]);
    }
    expect((await claimHeaders('/models/', null, render)).headers.get('etag')).toBeNull();
    expect(renders).toBe(1);
  });

  it('never calls a model-pinned trace.json immutable: editing the claim changes the bytes at that address', async () => {
    // The same claim and model, before and after its statement was reworded: one address, two traces.
    const { slug, file: claimFile, claim } = claims[0]!;
    const edited = { slug, file: claimFile, claim: { ...claim, statement: `${claim.statement} (reworded)` } };
    const before = join(dir, 'before.sqlite');
    const after = join(dir, 'after.sqlite');
    writeStore(before, input({ claims: [claims[0]!] }));
    writeStore(after, input({ claims: [edited] }));
    const model = models[1]!.id;
    const [old, now] = [before, after].map((f) => {
      const store = openStore(f);
      const row = store.rows(slug).find((r) => r.model === model)!;
      const trace = store.trace(slug, model)!;
      store.close();
      return { row, trace, id: store.id };
    });
    expect(now!.trace).not.toBe(old!.trace);
    const path = `/claims/${slug}/${model}/trace.json/`;
    // A cache that revalidates sees the change: the ETag moves with the input hash.
    expect(etagOf(path, now!.row, now!.id)).not.toBe(etagOf(path, old!.row, old!.id));
    const served = await claimHeaders(path, null, () => Promise.resolve(new Response(now!.trace)));
    const cache = served.headers.get('cache-control')!;
    expect(cache).not.toMatch(/immutable/);
    const maxAge = Number(/max-age=(\d+)/.exec(cache)?.[1]);
    expect(maxAge).toBeLessThanOrEqual(3600);
    expect(cache).toMatch(/stale-while-revalidate=\d+/);
  });
});
