import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { byCodeUnit } from '../../../src/engine/order.ts';
import { createScorer } from '../../../src/engine/index.ts';
import { browseRows, combinations, listingView, type Combination } from '../../../src/lib/listing/browse.ts';
import { listingPageExists, listingViewOf } from '../../../src/lib/listing/stored.ts';
import { pageCount } from '../../../src/lib/listing/paging.ts';
import { engineCodeHash } from '../../../src/lib/input/codeHash.ts';
import { loadLedger } from '../../../src/lib/input/load.ts';
import { getSite, orderModels } from '../../../src/lib/site/site.ts';
import { summarise } from '../../../src/lib/site/records.ts';
import { openStore } from '../../../src/lib/site/store/store.ts';

const dir = mkdtempSync(join(tmpdir(), 'ledger-store-listing-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const SIZE = 5;
const folders = { content: 'content', models: 'models' };

// The rows every listing page of a build is cut from, scored here on their own (none of the
// build's summaries reused), in the site's order: newest recorded first, then by slug.
const { ledger } = loadLedger(folders);
const models = orderModels(ledger!.models, ledger!.defaultModel);
const scorer = createScorer(models[0]!.model, engineCodeHash());
const rows = browseRows(
  [...ledger!.claims]
    .sort((a, b) => byCodeUnit(b.claim.recorded, a.claim.recorded) || byCodeUnit(a.slug, b.slug))
    .map(({ slug, claim }) => ({ slug, trace: summarise(scorer.score(slug, claim)) })),
);
const states = models[0]!.model.states.map((s) => s.state);

// A server build's one pass (getSite with LEDGER_STORE_OUT) writes the store under test, at SIZE a page.
const file = join(dir, 'store.sqlite');
process.env['LEDGER_STORE_OUT'] = file;
process.env['LEDGER_PAGE_SIZE'] = String(SIZE);
getSite(folders);
delete process.env['LEDGER_STORE_OUT'];
delete process.env['LEDGER_PAGE_SIZE'];
const store = openStore(file);
afterAll(() => store.close());

const pagesOf = (c: Combination): number =>
  pageCount(
    rows.filter((r) => (c.type === 'all' || r.typeSegment === c.type) && (c.state === 'all' || r.state === c.state))
      .length,
    SIZE,
  );

describe("a server build's browse listing", () => {
  it('gives every page of every combination the view listingView gives from every row', () => {
    expect(store.meta.pageSize).toBe(SIZE);
    let pages = 0;
    for (const combination of combinations(rows, states))
      for (let page = 1; page <= pagesOf(combination); page += 1) {
        const fromStore = listingViewOf(
          store.listingPage(combination, page),
          store.listingCounts,
          states,
          combination,
          page,
          SIZE,
        );
        expect(fromStore).toEqual(listingView(rows, states, combination, page, SIZE));
        pages += 1;
      }
    // The content pages: 27 claims at 5 a page, so every sort of all claims has 6 pages.
    expect(rows.length).toBe(27);
    expect(pagesOf({ type: 'all', state: 'all', sort: 'probability' })).toBe(6);
    expect(pages).toBeGreaterThan(combinations(rows, states).length);
  });

  it('orders claims with no probability last and ties by the default order, as sortRows does', () => {
    // The probability order puts refused claims (no number) last: the last page holds some of them.
    const last = store.listingPage({ type: 'all', state: 'all', sort: 'probability' }, 6);
    expect(last.length).toBe(27 - 5 * 5);
    expect(rows.some((r) => r.probability === null)).toBe(true);
    expect(last.at(-1)!.probability).toBeNull();
  });

  it('says which pages exist: a type and a state present (or all), a sort, a page the rows reach', () => {
    for (const combination of combinations(rows, states)) {
      const pages = pagesOf(combination);
      expect(listingPageExists(store.listingCounts, states, combination, pages, SIZE)).toBe(true);
      expect(listingPageExists(store.listingCounts, states, combination, pages + 1, SIZE)).toBe(false);
      expect(store.listingPage(combination, pages + 1)).toEqual([]);
    }
    const some = rows[0]!;
    const exists = (c: Combination, page = 1) => listingPageExists(store.listingCounts, states, c, page, SIZE);
    expect(exists({ type: some.typeSegment, state: some.state, sort: 'coverage' })).toBe(true);
    expect(exists({ type: 'no-such-type', state: 'all', sort: 'recorded' })).toBe(false);
    expect(exists({ type: 'all', state: 'no-such-state', sort: 'recorded' })).toBe(false);
    expect(exists({ type: 'all', state: 'all', sort: 'alphabetical' as Combination['sort'] })).toBe(false);
    expect(exists({ type: 'all', state: 'all', sort: 'recorded' }, 0)).toBe(false);
  });
});
