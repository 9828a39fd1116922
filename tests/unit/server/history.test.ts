import Database from 'better-sqlite3';
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { traceJson } from '../../../src/lib/claim/page.ts';
import { historyChart } from '../../../src/lib/history/chart.ts';
import { historyPageOf, readSiteHistory } from '../../../src/lib/history/siteHistory.ts';
import { engineCodeHash } from '../../../src/lib/input/codeHash.ts';
import { loadLedger } from '../../../src/lib/input/load.ts';
import { getSite, orderModels } from '../../../src/lib/site/site.ts';
import { CLAIM_CACHE } from '../../../src/lib/site/store/http.ts';
import { claimHeaders } from '../../../src/lib/site/store/serve.ts';
import { openStore, STORE_FILE, STORE_FORMAT } from '../../../src/lib/site/store/store.ts';
import { openServedStore, storeSite } from '../../../src/lib/site/store/storeSite.ts';

const dir = mkdtempSync(join(tmpdir(), 'ledger-store-history-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const folders = { content: 'content', models: 'models' };
const { ledger } = loadLedger(folders);
const models = orderModels(ledger!.models, ledger!.defaultModel);
const today = models[0]!.id;
const claims = ledger!.claims.map(({ slug, file, claim }) => ({ slug, file, claim }));
// The git-backed history the static build's pages show, read and scored here on its own (with none
// of the build's summaries reused), to hold the store's rows against.
const history = readSiteHistory(folders, claims, models, today, engineCodeHash());
const LONG = 'eastbrook-lead-limit';

// A server build's one pass (getSite with LEDGER_STORE_OUT) writes the store under test.
const file = join(dir, 'store.sqlite');
process.env['LEDGER_STORE_OUT'] = file;
getSite(folders);
delete process.env['LEDGER_STORE_OUT'];
process.env['LEDGER_STORE'] = file;

describe("a server build's trace store", () => {
  it("holds every claim's history page as the git-backed history view, statement and gap included", () => {
    const site = storeSite(openServedStore(file));
    for (const claim of claims) expect(site.history(claim.slug)).toEqual(historyPageOf(history, claim));
    // The repository's content has real history: a claim with several revisions, scores and changes.
    const long = site.history(LONG);
    expect(long.entries.length).toBeGreaterThanOrEqual(3);
    expect(long.statement).toBe(claims.find((c) => c.slug === LONG)!.claim.statement);
    expect(() => site.history('no-such-claim')).toThrow(/no history/);
  });

  it('holds every revision trace the history pages link to, as the bytes the static build writes, and no other', () => {
    const store = openStore(file);
    expect(history.traces.some((t) => t.model !== null)).toBe(true);
    for (const t of history.traces) expect(store.historyTrace(t.slug, t.commit, t.model)).toBe(traceJson(t.trace()));
    const db = new Database(file, { readonly: true });
    const { n } = db.prepare('SELECT count(*) AS n FROM history_traces').get() as { n: number };
    db.close();
    expect(n).toBe(history.traces.length);
    expect(store.meta.historyTraces).toBe(history.traces.length);
    const { slug, commit } = history.traces[0]!;
    // Under today's default a revision's trace has no model segment; naming the default is no address.
    expect(store.historyTrace(slug, commit, today)).toBeUndefined();
    expect(store.historyTrace(slug, '0000000', null)).toBeUndefined();
    store.close();
  });

  it('gives the history page what it draws from, the same as in the static build', () => {
    const site = storeSite(openServedStore(file));
    expect(site.defaultModel.id).toBe(today);
    for (const claim of claims) {
      const git = historyPageOf(history, claim);
      expect(historyChart(site.history(claim.slug).entries, today)).toEqual(historyChart(git.entries, today));
    }
  });
});

describe('claimHeaders for a claim’s history', () => {
  const render = { count: 0 };
  const page = () => {
    render.count += 1;
    return Promise.resolve(new Response('<p>history</p>', { headers: { 'Content-Type': 'text/html' } }));
  };

  it('renders the page once with its ETag and caching headers, and answers a matching ETag with a 304', async () => {
    const path = `/claims/${LONG}/history/`;
    const first = await claimHeaders(path, null, page);
    expect([first.status, await first.text(), render.count]).toEqual([200, '<p>history</p>', 1]);
    expect(first.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(first.headers.get('cache-control')).toBe(CLAIM_CACHE);
    const etag = first.headers.get('etag')!;
    expect(etag).toMatch(/^"[^"]+"$/);
    const again = await claimHeaders(path, `"other", ${etag}`, page);
    expect([again.status, again.body, again.headers.get('etag'), render.count]).toEqual([304, null, etag, 1]);
  });

  it('serves both kinds of revision trace from the store, rendering nothing', async () => {
    render.count = 0;
    const etags = new Set<string>();
    for (const t of history.traces.filter((t) => t.slug === LONG)) {
      const path = `/claims/${LONG}/history/${t.commit}/${t.model === null ? '' : `${t.model}/`}trace.json/`;
      const response = await claimHeaders(path, null, page);
      expect([response.status, await response.text()]).toEqual([200, traceJson(t.trace())]);
      expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8');
      expect(response.headers.get('cache-control')).toBe(CLAIM_CACHE);
      etags.add(response.headers.get('etag')!);
    }
    expect(etags.size).toBe(history.traces.filter((t) => t.slug === LONG).length);
    expect(render.count).toBe(0);
  });

  it('is an empty 404 (the site’s 404 page) for an unknown claim, commit or model, rendering nothing', async () => {
    render.count = 0;
    const { commit } = history.traces.find((t) => t.slug === LONG)!;
    for (const path of [
      '/claims/no-such-claim/history/',
      '/claims/no-such-claim/history/0000000/trace.json/',
      `/claims/${LONG}/history/0000000/trace.json/`,
      `/claims/${LONG}/history/${commit}/no-such-model/trace.json/`,
      `/claims/${LONG}/history/${commit}/${today}/trace.json/`,
    ]) {
      const response = await claimHeaders(path, null, page);
      expect([path, response.status, response.body]).toEqual([path, 404, null]);
    }
    expect(render.count).toBe(0);
  });
});

describe('a store of the format before history', () => {
  // The layout of format 1: the meta and the traces, no history tables.
  const oldStore = (at: string, format: number): void => {
    const db = new Database(at);
    db.exec(`CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL) WITHOUT ROWID;
CREATE TABLE traces (slug TEXT NOT NULL, model TEXT NOT NULL, input_hash TEXT NOT NULL, config_hash TEXT NOT NULL,
  code_hash TEXT NOT NULL, trace TEXT NOT NULL, summary TEXT NOT NULL, PRIMARY KEY (slug, model)) WITHOUT ROWID;`);
    const meta = { ...openStore(file).meta, format };
    db.prepare('INSERT INTO meta (key, value) VALUES (?, ?)').run('meta', JSON.stringify(meta));
    db.close();
  };

  it('is refused in one sentence, and so is one that names the new format without its tables', () => {
    const old = join(dir, 'old.sqlite');
    oldStore(old, 1);
    expect(() => openStore(old)).toThrow(
      `${old} is a trace store of format 1, not 7: build it again with npm run build:server.`,
    );
    const lacking = join(dir, 'lacking.sqlite');
    oldStore(lacking, STORE_FORMAT);
    expect(() => openStore(lacking)).toThrow(
      new RegExp(
        `^${lacking.replaceAll('.', '\\.')} says it is a trace store of format ${STORE_FORMAT} but lacks its tables \\(`,
      ),
    );
  });

  it('makes npm start refuse it, in one sentence and exit 1', () => {
    const build = join(dir, 'build');
    mkdirSync(join(build, 'server'), { recursive: true });
    // Never imported: the store is checked first.
    writeFileSync(join(build, 'server', 'entry.mjs'), 'throw new Error("the server was started");\n');
    oldStore(join(build, STORE_FILE), 1);
    const run = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/start.ts'], {
      env: { ...process.env, LEDGER_DIST: build, PORT: '0' },
      encoding: 'utf8',
    });
    expect([run.status, run.stdout]).toEqual([1, '']);
    expect(run.stderr).toBe(
      `${join(build, STORE_FILE)} is a trace store of format 1, not 7: build it again with npm run build:server.\n`,
    );
  });
});
