import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { defaultListing, listingView, type ListingView } from '../../../src/lib/listing/browse.ts';
import { getSite } from '../../../src/lib/site/site.ts';
import { openStore } from '../../../src/lib/site/store/store.ts';
import { countingRender, expectNotServed, expectServed, storeOfFormat } from '../../support/served.ts';

const dir = mkdtempSync(join(tmpdir(), 'ledger-store-browse-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const SIZE = 5;
const folders = { content: 'content', models: 'models' };
// A server build's one pass (getSite with LEDGER_STORE_OUT) writes the store, at SIZE a page.
const file = join(dir, 'store.sqlite');
process.env['LEDGER_STORE_OUT'] = file;
process.env['LEDGER_PAGE_SIZE'] = String(SIZE);
const { rows, states } = defaultListing(getSite(folders));
delete process.env['LEDGER_STORE_OUT'];
delete process.env['LEDGER_PAGE_SIZE'];
process.env['LEDGER_STORE'] = file;

const render = countingRender();
const { page } = render;
const type = rows[0]!.typeSegment;

describe('a later browse page on a server', () => {
  it('is rendered from the view the store gives, with its ETag, Cache-Control and type, and a 304 without rendering', async () => {
    render.count = 0;
    const etags = new Set<string>();
    for (const sort of ['recorded', 'probability', 'coverage'] as const)
      for (const n of [2, 6]) {
        const path = `/browse/all/all/${sort}/${n}/`;
        const locals: { listing?: ListingView } = {};
        etags.add(await expectServed(path, page, locals));
        expect(locals.listing).toEqual(listingView(rows, states, { type: 'all', state: 'all', sort }, n, SIZE));
      }
    expect(etags.size).toBe(6);
    expect(render.count).toBe(6);
  });

  it('is an empty 404 (the site’s 404 page) for a combination or page the build does not write, rendering nothing', async () => {
    const pagesOfType = Math.ceil(rows.filter((r) => r.typeSegment === type).length / SIZE);
    await expectNotServed(
      [
        '/browse/all/all/recorded/1/',
        '/browse/all/all/recorded/7/',
        '/browse/all/all/recorded/02/',
        '/browse/all/all/recorded/two/',
        '/browse/all/all/recorded/99999999999999999999/',
        '/browse/no-such-type/all/recorded/2/',
        '/browse/all/no-such-state/recorded/2/',
        '/browse/all/all/alphabetical/2/',
        `/browse/${type}/all/recorded/${pagesOfType + 1}/`,
      ],
      render,
    );
  });
});

describe('a store of the format before the listing', () => {
  it('is refused in one sentence', () => {
    const old = storeOfFormat(dir, openStore(file).meta, 2);
    expect(() => openStore(old)).toThrow(
      `${old} is a trace store of format 2, not 7: build it again with npm run build:server.`,
    );
  });
});
