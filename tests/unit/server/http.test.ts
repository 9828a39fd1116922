import { describe, expect, it } from 'vitest';
import {
  CLAIM_CACHE,
  claimAddress,
  etagOf,
  historyAddress,
  historyEtagOf,
  matchesEtag,
  routedUrl,
} from '../../../src/lib/site/store/http.ts';
import { claimHeaders } from '../../../src/lib/site/store/serve.ts';
import { slashlessClaim } from '../../../src/lib/site/store/routedUrl.js';
import type { StoreRow } from '../../../src/lib/site/store/store.ts';

const row: StoreRow = {
  model: 'm@1.0.0',
  inputHash: 'sha256:in',
  configHash: 'sha256:config',
  codeHash: 'sha256:code',
  summary: '{}',
};

describe("a server's claim addresses", () => {
  it('are the two pages and two traces of a claim, and nothing else', () => {
    expect(claimAddress('/claims/a/')).toEqual({ slug: 'a', model: null, kind: 'page' });
    expect(claimAddress('/claims/a/m@1.0.0/')).toEqual({ slug: 'a', model: 'm@1.0.0', kind: 'page' });
    expect(claimAddress('/claims/a/trace.json/')).toEqual({ slug: 'a', model: null, kind: 'trace' });
    expect(claimAddress('/claims/a/m@1.0.0/trace.json/')).toEqual({ slug: 'a', model: 'm@1.0.0', kind: 'trace' });
    for (const other of ['/claims/', '/claims/a', '/claims/a/history/', '/claims/a/b/c/', '/models/m@1.0.0/', '/'])
      expect(claimAddress(other)).toBeNull();
  });

  it('hand Astro …/trace.json with the slash its dynamic routes need, and …/trace.json/ to no route', () => {
    expect(routedUrl('/claims/a/trace.json')).toBe('/claims/a/trace.json/');
    expect(routedUrl('/claims/a/m/trace.json?x=1')).toBe('/claims/a/m/trace.json/?x=1');
    expect(claimAddress(routedUrl('/claims/a/trace.json/'))).toBeNull();
    expect(routedUrl('/claims/a/')).toBe('/claims/a/');
  });

  it("hand Astro a history picture's files as they hand it trace.json, and nothing else", () => {
    expect(routedUrl('/claims/a/history/history.svg')).toBe('/claims/a/history/history.svg/');
    expect(routedUrl('/claims/a/history/history.csv?x=1')).toBe('/claims/a/history/history.csv/?x=1');
    expect(routedUrl('/favicon.svg')).toBe('/favicon.svg');
    expect(routedUrl('/data/scores.csv')).toBe('/data/scores.csv');
    expect(slashlessClaim('/claims/a/history/history.svg')).toBe(false);
    expect(slashlessClaim('/claims/a/m@1.0.0')).toBe(true);
  });

  it('are no picture files beside a claim page: its pictures download from the page itself', () => {
    expect(routedUrl('/claims/a/walk.svg')).toBe('/claims/a/walk.svg');
    expect(claimAddress(routedUrl('/claims/a/walk.svg'))).toBeNull();
  });

  it('are cached briefly and revalidated, never as immutable (their bytes change when the claim does)', () => {
    expect(CLAIM_CACHE).toMatch(/^public, max-age=\d+, stale-while-revalidate=\d+$/);
    expect(CLAIM_CACHE).not.toMatch(/immutable/);
  });
});

describe("a server's history addresses", () => {
  it('are the history page and its two kinds of revision trace, and nothing else', () => {
    expect(historyAddress('/claims/a/history/')).toEqual({ slug: 'a', commit: null, model: null, kind: 'page' });
    expect(historyAddress(routedUrl('/claims/a/history/0cd3376fbe99/trace.json'))).toEqual({
      slug: 'a',
      commit: '0cd3376fbe99',
      model: null,
      kind: 'trace',
    });
    expect(historyAddress(routedUrl('/claims/a/history/0cd3376fbe99/m@1.0.0/trace.json'))).toEqual({
      slug: 'a',
      commit: '0cd3376fbe99',
      model: 'm@1.0.0',
      kind: 'trace',
    });
    // The history picture's two files, rendered on request as the page is.
    for (const kind of ['svg', 'csv'] as const)
      expect(historyAddress(routedUrl(`/claims/a/history/history.${kind}`))).toEqual({
        slug: 'a',
        commit: null,
        model: null,
        kind,
      });
    for (const other of [
      '/claims/a/',
      routedUrl('/claims/a/history/walk.svg'),
      '/claims/a/history',
      '/claims/a/history/0cd3376fbe99/',
      routedUrl('/claims/a/history/0cd3376fbe99/trace.json/'),
      '/claims/a/history/c/m/x/trace.json/',
      '/claims/history/',
    ])
      expect(historyAddress(other)).toBeNull();
  });

  it('have ETags that change with the address, the history and the store', () => {
    const tags = new Set([
      historyEtagOf('/claims/a/history/', 'h1', 's1'),
      historyEtagOf('/claims/b/history/', 'h1', 's1'),
      historyEtagOf('/claims/a/history/', 'h2', 's1'),
      historyEtagOf('/claims/a/history/', 'h1', 's2'),
    ]);
    expect(tags.size).toBe(4);
    for (const tag of tags) expect(tag).toMatch(/^"[A-Za-z0-9_-]+"$/);
  });
});

describe('ETags', () => {
  it('change with the address, each of the hashes and the store', () => {
    const tags = new Set([
      etagOf('/claims/a/', row, 'store'),
      etagOf('/claims/a/m@1.0.0/', row, 'store'),
      etagOf('/claims/a/', { ...row, inputHash: 'sha256:in2' }, 'store'),
      etagOf('/claims/a/', { ...row, configHash: 'sha256:config2' }, 'store'),
      etagOf('/claims/a/', { ...row, codeHash: 'sha256:code2' }, 'store'),
      etagOf('/claims/a/', row, 'another store'),
    ]);
    expect(tags.size).toBe(6);
    expect(etagOf('/claims/a/', row, 'store')).toBe(etagOf('/claims/a/', { ...row, summary: 'x' }, 'store'));
    expect(etagOf('/claims/a/', row, 'store')).toMatch(/^"[A-Za-z0-9_-]+"$/);
  });

  it('match If-None-Match by weak comparison, in a list or as *', () => {
    expect(matchesEtag('"x"', '"x"')).toBe(true);
    expect(matchesEtag('"y", W/"x"', '"x"')).toBe(true);
    expect(matchesEtag('*', '"x"')).toBe(true);
    expect(matchesEtag('"y"', '"x"')).toBe(false);
    expect(matchesEtag(null, '"x"')).toBe(false);
  });
});

describe('claimHeaders off a server', () => {
  it('needs a store: without LEDGER_STORE it says how to start one', async () => {
    const saved = process.env['LEDGER_STORE'];
    delete process.env['LEDGER_STORE'];
    await expect(claimHeaders('/claims/a/', null, () => Promise.resolve(new Response('x')))).rejects.toThrow(
      'LEDGER_STORE names no trace store: start the server with npm start.',
    );
    if (saved !== undefined) process.env['LEDGER_STORE'] = saved;
  });
});
