import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { codedEtag, codingFor, matchesEtag } from '../../../src/lib/site/store/encoding.js';
import { routedUrl, slashlessClaim } from '../../../src/lib/site/store/routedUrl.js';
import { claimPaths, laterPagePaths, sitemapFiles } from '../../../src/lib/site/store/sitemap.ts';
import { STORE_FORMAT } from '../../../src/lib/site/store/store.ts';
import { REPO_ROOT } from '../../support/cli.ts';

describe('the content coding a request asks for', () => {
  it.each([
    [null, null],
    ['', null],
    ['identity', null],
    ['gzip', 'gzip'],
    ['br', 'br'],
    ['gzip, deflate, br, zstd', 'br'],
    ['gzip, deflate', 'gzip'],
    ['br;q=0, gzip', 'gzip'],
    ['br;q=0.5, gzip;q=0.8', 'gzip'],
    ['*', 'br'],
    ['*;q=0', null],
    ['gzip;q=0, *', 'br'],
    ['BR', 'br'],
    ['zstd, deflate', null],
  ] as const)('Accept-Encoding %j gives %j', (header, coding) => {
    expect(codingFor(header)).toBe(coding);
  });
});

describe('ETags per coding', () => {
  it('differ per coding and match only their own bytes', () => {
    expect(codedEtag('"abc"', null)).toBe('"abc"');
    expect(codedEtag('"abc"', 'br')).toBe('"abc-br"');
    expect(codedEtag('"abc"', 'gzip')).toBe('"abc-gz"');
    expect(matchesEtag('"abc-br"', codedEtag('"abc"', 'gzip'))).toBe(false);
  });
  it.each([
    ['"x"', true],
    ['W/"x"', true],
    ['"y", W/"x"', true],
    ['*', true],
    ['W/W/"x"', false],
    ['x', false],
    ['"y"', false],
    ['', false],
  ])('If-None-Match %j against "x" is %j', (header, match) => {
    expect(matchesEtag(header, '"x"')).toBe(match);
  });
});

describe('claim addresses in the forms a static host answers', () => {
  it.each([
    ['/claims/a/ledger%401.0.0/', '/claims/a/ledger@1.0.0/'],
    ['/claims/a/%6Cedger@1.0.0/', '/claims/a/ledger@1.0.0/'],
    ['/claims/a/index.html', '/claims/a/'],
    ['/claims/a/m@1.0.0/index.html?x=1', '/claims/a/m@1.0.0/?x=1'],
    ['/claims/a/history/index.html', '/claims/a/history/'],
    ['/claims/a/trace.json/index.html', '/claims/a/trace.json/-/'],
    ['/claims/a%2Fb/', '/claims/a%2Fb/'],
    ['/claims/a%25b/', '/claims/a%25b/'],
    ['/index.html', '/index.html'],
  ])('%s is routed as %s', (url, routed) => {
    expect(routedUrl(url)).toBe(routed);
  });
  it('redirects a claim address written without its final slash', () => {
    expect(slashlessClaim('/claims/a/m@1.0.0')).toBe(true);
    expect(slashlessClaim('/claims/a')).toBe(true);
    for (const path of ['/claims/a/', '/claims/a/trace.json', '/claims/', '/models/m@1.0.0', '/claims/a/index.html'])
      expect(slashlessClaim(path)).toBe(false);
  });
});

describe('the claim sitemaps', () => {
  it('list every claim address the static sitemap lists, the default model once', () => {
    const paths = [...claimPaths({ slugs: ['a', 'b'], models: ['m@1', 'n@1'], hasHistory: (s) => s === 'a' })];
    expect(paths).toEqual(['claims/a/', 'claims/a/history/', 'claims/a/n@1/', 'claims/b/', 'claims/b/n@1/']);
  });
  it('keep each file within its limits of addresses and bytes', () => {
    const paths = Array.from({ length: 7 }, (_, i) => `claims/c${i}/`);
    const byCount = [...sitemapFiles('https://x.org/', paths, { urls: 3, bytes: 1e6 })];
    expect(byCount.map((f) => f.match(/<loc>/g)!.length)).toEqual([3, 3, 1]);
    const entry = '<url><loc>https://x.org/claims/c0/</loc></url>'.length;
    const head = sitemapFiles('https://x.org/', [], { urls: 1, bytes: 1 }).next();
    expect(head.done).toBe(true);
    const byBytes = [...sitemapFiles('https://x.org/', paths, { urls: 100, bytes: 200 + 2 * entry })];
    for (const file of byBytes) expect(Buffer.byteLength(file)).toBeLessThanOrEqual(200 + 2 * entry);
    expect(byBytes.flatMap((f) => [...f.matchAll(/<loc>([^<]+)</g)].map((m) => m[1]))).toEqual(
      paths.map((p) => `https://x.org/${p}`),
    );
  });
  it('list the later listing and compare pages a server renders on request, and only those', () => {
    // 4 claims: 3 factual and likely, 1 causal and uncertain; pages of 2. Worked by hand: all/all,
    // all/likely, factual/all and factual/likely fill 2 pages (3 or 4 claims), in each of 3 orders;
    // the other filters hold 1 claim. The pair m, n compares 5 claims: pages 2 and 3.
    const listing = [
      { typeSegment: 'factual', type: 'factual', state: 'likely', n: 3 },
      { typeSegment: 'causal', type: 'causal', state: 'uncertain', n: 1 },
    ];
    const compare = [{ a: 'm@1', b: 'n@1', differ: 1, agree: 4 }];
    const paths = [...laterPagePaths(listing, compare, 2)];
    const browse = ['all/all', 'all/likely', 'factual/all', 'factual/likely'].flatMap((filter) =>
      ['recorded', 'probability', 'coverage'].map((sort) => `browse/${filter}/${sort}/2/`),
    );
    expect(new Set(paths)).toEqual(new Set([...browse, 'compare/m@1/n@1/2/', 'compare/m@1/n@1/3/']));
    expect(paths).toHaveLength(browse.length + 2);
    expect([...laterPagePaths(listing, compare, 100)]).toEqual([]);
  });
  it('escape what XML must', () => {
    expect([...sitemapFiles('https://x.org/?a=1&b=', ['c'])][0]).toContain('<loc>https://x.org/?a=1&amp;b=c</loc>');
  });
});

describe('docs/server-mode.md', () => {
  it('names the store format /healthz/ reports', () => {
    const docs = readFileSync(join(REPO_ROOT, 'docs', 'server-mode.md'), 'utf8');
    expect([...docs.matchAll(/the store \(format (\d+)\)/g)].map((m) => Number(m[1]))).toEqual([STORE_FORMAT]);
  });
});
