/**
 * What the server's middleware does to a request for a claim address: an unknown claim or model
 * is the site's 404 page, without rendering anything; a known one gets its ETag, and a 304 when the client already holds those bytes, else
 * the page (or the stored trace) with its caching headers.
 */
import { withoutBase } from '../../paths.ts';
import { listingPageExists, listingViewOf, type Combination, type ListingView } from '../../listing/browse.ts';
import { comparePageExists, comparePageViewOf, type ComparePageView } from '../../model/comparePages.ts';
import {
  browseAddress,
  CLAIM_CACHE,
  claimAddress,
  compareAddress,
  compareEtagOf,
  contentType,
  etagOf,
  historyAddress,
  historyEtagOf,
  listingEtagOf,
  matchesEtag,
  type BrowseAddress,
  type CompareAddress,
  type HistoryAddress,
} from './http.ts';
import { installServedSite, type ServedStore } from './storeSite.ts';

/** What the middleware hands a page it renders: a later browse or compare page's view, built from the store. */
export interface ServedLocals {
  listing?: ListingView;
  compare?: ComparePageView;
}

/** The response for `path` (with the base), from `render()` or a 304. */
export async function claimHeaders(
  path: string,
  ifNoneMatch: string | null,
  render: () => Promise<Response>,
  locals: ServedLocals = {},
): Promise<Response> {
  const served = installServedSite();
  const bare = withoutBase(path);
  const browse = browseAddress(bare);
  if (browse !== null) return browseHeaders(served, path, browse, ifNoneMatch, render, locals);
  const compare = compareAddress(bare);
  if (compare !== null) return compareHeaders(served, path, compare, ifNoneMatch, render, locals);
  const history = historyAddress(bare);
  if (history !== null) return historyHeaders(served, path, history, ifNoneMatch, render);
  const address = claimAddress(bare);
  if (address === null) return render();
  const row = served.claim(address.slug)?.rows.get(address.model ?? served.models[0]!.id);
  // An empty 404 from here (not from an endpoint, which Astro never reroutes) becomes the site's 404 page.
  if (row === undefined) return new Response(null, { status: 404 });
  const etag = etagOf(path, row, served.store.id);
  const headers = { ETag: etag, 'Cache-Control': CLAIM_CACHE };
  if (matchesEtag(ifNoneMatch, etag)) return new Response(null, { status: 304, headers });
  // The stored trace is traceJson() of the engine's trace, the bytes the endpoint would make again
  // after parsing it: served as it is, a trace costs a lookup instead of a parse and a stringify.
  if (address.kind === 'trace')
    return new Response(served.store.trace(address.slug, row.model), {
      status: 200,
      headers: { ...headers, 'Content-Type': contentType(address) },
    });
  return withHeaders(await render(), headers, contentType(address));
}

/** A rendered page with its caching headers and content type (any other status passes as it is). */
function withHeaders(response: Response, headers: Record<string, string>, type: string): Response {
  if (response.status !== 200) return response;
  const out = new Headers(response.headers);
  for (const [key, value] of Object.entries(headers)) out.set(key, value);
  out.set('Content-Type', type);
  return new Response(response.body, { status: 200, headers: out });
}

/**
 * The same for a claim's history page and its revision traces, from the claim's history row: an
 * unknown claim, commit or model is the 404 page; a trace is its stored bytes, nothing rendered.
 */
async function historyHeaders(
  served: ServedStore,
  path: string,
  address: HistoryAddress,
  ifNoneMatch: string | null,
  render: () => Promise<Response>,
): Promise<Response> {
  const row = served.historyRow(address.slug);
  if (row === null) return new Response(null, { status: 404 });
  const trace = address.commit === null ? null : served.store.historyTrace(address.slug, address.commit, address.model);
  if (address.kind === 'trace' && trace === undefined) return new Response(null, { status: 404 });
  const etag = historyEtagOf(path, row.hash, served.store.id);
  const headers = { ETag: etag, 'Cache-Control': CLAIM_CACHE };
  if (matchesEtag(ifNoneMatch, etag)) return new Response(null, { status: 304, headers });
  if (trace !== null && trace !== undefined)
    return new Response(trace, { status: 200, headers: { ...headers, 'Content-Type': contentType(address) } });
  return withHeaders(await render(), headers, contentType(address));
}

/** A page number as a build writes it in an address (`2`, never `02`), or 0 for anything else. */
const pageNumber = (text: string): number => (/^[1-9][0-9]{0,8}$/.test(text) ? Number(text) : 0);

/**
 * The same for a later browse page, from the store's listing: a combination the build does not
 * list, or a page past its last (or page 1, or a number written otherwise), is the 404 page; the
 * page's rows are one indexed SELECT, the rest of its view the small counts table.
 */
async function browseHeaders(
  served: ServedStore,
  path: string,
  address: BrowseAddress,
  ifNoneMatch: string | null,
  render: () => Promise<Response>,
  locals: ServedLocals,
): Promise<Response> {
  const { store } = served;
  const states = served.models[0]!.model.states.map((s) => s.state);
  const combination = { type: address.type, state: address.state, sort: address.sort } as Combination;
  const page = pageNumber(address.page);
  if (page < 2 || !listingPageExists(store.listingCounts, states, combination, page, store.meta.pageSize))
    return new Response(null, { status: 404 });
  const etag = listingEtagOf(path, store.meta.listingHash, store.id);
  const headers = { ETag: etag, 'Cache-Control': CLAIM_CACHE };
  if (matchesEtag(ifNoneMatch, etag)) return new Response(null, { status: 304, headers });
  const listed = store.listingPage(combination, page);
  locals.listing = listingViewOf(listed, store.listingCounts, states, combination, page, store.meta.pageSize);
  return withHeaders(await render(), headers, contentType({ kind: 'page' }));
}

/**
 * The same for a later compare page, from the store's compare rows: a pair the build does not
 * compare, or a page past its last (or page 1, or a number written otherwise), is the 404 page; the
 * page's rows are one SELECT of a range of the primary key, the rest of its view the pair's counts.
 */
async function compareHeaders(
  served: ServedStore,
  path: string,
  address: CompareAddress,
  ifNoneMatch: string | null,
  render: () => Promise<Response>,
  locals: ServedLocals,
): Promise<Response> {
  const { store } = served;
  const page = pageNumber(address.page);
  const size = store.meta.pageSize;
  if (page < 2 || !comparePageExists(store.compareCounts, address.a, address.b, page, size))
    return new Response(null, { status: 404 });
  const etag = compareEtagOf(path, store.meta.compareHash, store.id);
  const headers = { ETag: etag, 'Cache-Control': CLAIM_CACHE };
  if (matchesEtag(ifNoneMatch, etag)) return new Response(null, { status: 304, headers });
  const count = store.compareCounts.find((c) => c.a === address.a && c.b === address.b)!;
  locals.compare = comparePageViewOf(store.comparePage(address.a, address.b, page), count, page, size);
  return withHeaders(await render(), headers, contentType({ kind: 'page' }));
}
