import Database from 'better-sqlite3';
import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { comparePageCount, orderedPairs } from '../../../src/lib/model/compare.ts';
import {
  comparePageExists,
  comparePageView,
  comparePageViewOf,
  type ComparePageView,
} from '../../../src/lib/model/comparePages.ts';
import { getSite } from '../../../src/lib/site/site.ts';
import { openStore, type Store } from '../../../src/lib/site/store/store.ts';
import { countingRender, expectNotServed, expectServed, storeOfFormat } from '../../support/served.ts';

const dir = mkdtempSync(join(tmpdir(), 'ledger-store-compare-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const SIZE = 5;
const folders = { content: 'content', models: 'models' };
// A server build's one pass (getSite with LEDGER_STORE_OUT) writes the store, at SIZE a page; the
// site it returns is the build's, which the static pages are rendered from.
const file = join(dir, 'store.sqlite');
process.env['LEDGER_STORE_OUT'] = file;
process.env['LEDGER_PAGE_SIZE'] = String(SIZE);
const site = getSite(folders);
delete process.env['LEDGER_STORE_OUT'];
delete process.env['LEDGER_PAGE_SIZE'];
const store = openStore(file);
afterAll(() => store.close());

const ids = site.models.map((m) => m.id);
const pairs = orderedPairs(ids);
const pages = comparePageCount(site.claims.length, SIZE);

/** Page `page` of `a` beside `b` as a server builds it from `from`'s compare rows and counts. */
const served = (from: Store, a: string, b: string, page: number): ComparePageView =>
  comparePageViewOf(
    from.comparePage(a, b, page),
    from.compareCounts.find((c) => c.a === a && c.b === b)!,
    page,
    from.meta.pageSize,
  );

describe("a server build's compare rows", () => {
  it('give every later page of every pair the view comparePageView gives from every claim', () => {
    // The content: 27 claims at 5 a page, 6 models, so 30 pairs of 6 pages, 5 of them later pages.
    expect([site.claims.length, ids.length, pages]).toEqual([27, 6, 6]);
    expect(store.compareCounts).toHaveLength(30);
    let compared = 0;
    let reasons = 0;
    let agreeing = 0;
    for (const [a, b] of pairs)
      for (let page = 2; page <= pages; page += 1) {
        const fromStore = served(store, a, b, page);
        expect(fromStore).toEqual(comparePageView(site, a, b, page, SIZE));
        reasons += fromStore.differ.filter((d) => d.reasons.length > 0).length;
        agreeing += fromStore.agreeing.length;
        compared += 1;
      }
    expect(compared).toBe(30 * 5);
    // The later pages hold changes of state with their reasons, and claims that agree.
    expect(reasons).toBeGreaterThan(0);
    expect(agreeing).toBeGreaterThan(0);
  });

  it('hold no row of a first page (prerendered) and none past the last page', () => {
    for (const [a, b] of pairs) {
      expect(store.comparePage(a, b, 1)).toEqual([]);
      expect(store.comparePage(a, b, pages + 1)).toEqual([]);
    }
  });

  it('say which pages exist: a pair of two released models and a page the claims reach', () => {
    const { compareCounts: counts } = store;
    const [a, b] = pairs[0]!;
    expect(comparePageExists(counts, a, b, pages, SIZE)).toBe(true);
    expect(comparePageExists(counts, a, b, pages + 1, SIZE)).toBe(false);
    expect(comparePageExists(counts, a, b, 0, SIZE)).toBe(false);
    expect(comparePageExists(counts, a, a, 2, SIZE)).toBe(false);
    expect(comparePageExists(counts, a, 'no-such-model', 2, SIZE)).toBe(false);
  });

  it('give another view when two ranks are swapped (the comparison above would catch it)', () => {
    const swapped = join(dir, 'swapped.sqlite');
    copyFileSync(file, swapped);
    const db = new Database(swapped);
    const [a, b] = pairs[0]!;
    // Ranks 5 and 6 (the first two claims of page 2) change places.
    db.prepare('UPDATE compare SET rank = -1 WHERE a = ? AND b = ? AND rank = 5').run(a, b);
    db.prepare('UPDATE compare SET rank = 5 WHERE a = ? AND b = ? AND rank = 6').run(a, b);
    db.prepare('UPDATE compare SET rank = 6 WHERE a = ? AND b = ? AND rank = -1').run(a, b);
    db.close();
    const other = openStore(swapped);
    try {
      expect(served(other, a, b, 2)).not.toEqual(comparePageView(site, a, b, 2, SIZE));
      expect(served(other, a, b, 3)).toEqual(comparePageView(site, a, b, 3, SIZE));
    } finally {
      other.close();
    }
  });
});

describe('a later compare page on a server', () => {
  const render = countingRender();
  const { page } = render;

  it('is rendered from the view the store gives, with its ETag, Cache-Control and type, and a 304 without rendering', async () => {
    // The static views first: once the server's site is installed, getSite() reads the store.
    const [a, b] = pairs[0]!;
    const [c, d] = pairs.at(-1)!;
    const wanted = [
      [a, b, 2],
      [a, b, pages],
      [c, d, 3],
    ].map(([x, y, n]) => ({
      path: `/compare/${x}/${y}/${n}/`,
      view: comparePageView(site, `${x}`, `${y}`, +n!, SIZE),
    }));
    process.env['LEDGER_STORE'] = file;
    render.count = 0;
    const etags = new Set<string>();
    for (const { path, view } of wanted) {
      const locals: { compare?: ComparePageView } = {};
      etags.add(await expectServed(path, page, locals));
      expect(locals.compare).toEqual(view);
    }
    expect(etags.size).toBe(3);
    expect(render.count).toBe(3);
  });

  it('is an empty 404 (the site’s 404 page) for a pair or page the build does not write, rendering nothing', async () => {
    process.env['LEDGER_STORE'] = file;
    const [a, b] = pairs[0]!;
    await expectNotServed(
      [
        `/compare/${a}/${b}/1/`,
        `/compare/${a}/${b}/${pages + 1}/`,
        `/compare/${a}/${b}/02/`,
        `/compare/${a}/${b}/two/`,
        `/compare/${a}/${b}/99999999999999999999/`,
        `/compare/${a}/${a}/2/`,
        `/compare/${a}/no-such-model/2/`,
        `/compare/no-such-model/${b}/2/`,
      ],
      render,
    );
  });
});

describe('a store of the format before the compare rows', () => {
  it('is refused in one sentence', () => {
    const old = storeOfFormat(dir, store.meta, 3);
    expect(() => openStore(old)).toThrow(
      `${old} is a trace store of format 3, not 7: build it again with npm run build:server.`,
    );
  });
});
