/**
 * What the server's middleware does to a request for a claim address: an unknown claim or model
 * is the site's 404 page, without rendering anything; a known one gets its ETag (one per content
 * coding), and a 304 when the client already holds those bytes, else the page (or the stored
 * trace) with its caching headers, compressed as the request asks (coded.ts).
 */
import { withoutBase } from '../../paths.ts';
import { type Combination, type ListingView } from '../../listing/browse.ts';
import { listingPageExists, listingViewOf } from '../../listing/stored.ts';
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
  type BrowseAddress,
  type CompareAddress,
  type HistoryAddress,
} from './http.ts';
import { installServedSite, type ServedStore } from './storeSite.ts';
import { codedResponse, type Answer } from './coded.ts';
import { codingFor } from './encoding.js';
import { framedClaimPage } from './framedPage.ts';

/** What the middleware hands a page it renders: a later browse or compare page's view, built from the store. */
export interface ServedLocals {
  listing?: ListingView;
  compare?: ComparePageView;
}

/** What else a request says that its answer depends on. */
export interface RequestFacts {
  /** Its `Accept-Encoding` header: the answer is compressed as it asks. */
  readonly acceptEncoding?: string | null;
  /**
   * True when the worker handed the address on with a final slash it was written without
   * (slashlessClaim): a page that exists is then a 301 to its address, as a static host answers.
   */
  readonly slashless?: boolean;
  /**
   * The site's address (Astro's `site`): a claim page is then its frame filled in (framedPage.ts),
   * Astro rendering only the first frame of each kind; without it, Astro renders every page.
   */
  readonly site?: URL | undefined;
}

/** The response for `path` (with the base), from `render()` or a 304. */
export async function claimHeaders(
  path: string,
  ifNoneMatch: string | null,
  render: () => Promise<Response>,
  locals: ServedLocals = {},
  facts: RequestFacts = {},
): Promise<Response> {
  const answer = claimAnswer(path, render, locals, facts.site);
  if (answer === null) return facts.slashless ? new Response(null, { status: 404 }) : render();
  if (answer instanceof Response) return answer;
  if (facts.slashless)
    return new Response(null, { status: 301, headers: { Location: path, 'Cache-Control': CLAIM_CACHE } });
  return codedResponse(answer, ifNoneMatch, codingFor(facts.acceptEncoding));
}

/**
 * What a claim address is answered with: its ETag and how to make its bytes, or a 404 (an empty
 * one, not from an endpoint, which Astro never reroutes: it becomes the site's 404 page), or null
 * for an address that is none of the server's.
 */
function claimAnswer(
  path: string,
  render: () => Promise<Response>,
  locals: ServedLocals,
  siteUrl: URL | undefined,
): Answer | Response | null {
  const served = installServedSite();
  const bare = withoutBase(path);
  const browse = browseAddress(bare);
  if (browse !== null) return browseAnswer(served, path, browse, render, locals);
  const compare = compareAddress(bare);
  if (compare !== null) return compareAnswer(served, path, compare, render, locals);
  const history = historyAddress(bare);
  if (history !== null) return historyAnswer(served, path, history, render);
  const address = claimAddress(bare);
  if (address === null) return null;
  const row = served.claim(address.slug)?.rows.get(address.model ?? served.models[0]!.id);
  if (row === undefined) return new Response(null, { status: 404 });
  // The stored trace is traceJson() of the engine's trace, the bytes the endpoint would make again
  // after parsing it: served as it is, a trace costs a lookup instead of a parse and a stringify.
  const claim = { slug: address.slug, modelId: row.model, onDefaultRoute: address.model === null };
  const body =
    address.kind === 'trace'
      ? () => Promise.resolve(served.store.trace(address.slug, row.model)!)
      : siteUrl === undefined
        ? render
        : () => framedClaimPage({ ...claim, siteUrl }, render, locals);
  return { etag: etagOf(path, row, served.store.id), type: contentType(address), body };
}

/**
 * The same for a claim's history page and its revision traces, from the claim's history row: an
 * unknown claim, commit or model is the 404 page; a trace is its stored bytes, nothing rendered.
 */
function historyAnswer(
  served: ServedStore,
  path: string,
  address: HistoryAddress,
  render: () => Promise<Response>,
): Answer | Response {
  const row = served.historyRow(address.slug);
  if (row === null) return new Response(null, { status: 404 });
  const trace = address.commit === null ? null : served.store.historyTrace(address.slug, address.commit, address.model);
  if (address.kind === 'trace' && trace === undefined) return new Response(null, { status: 404 });
  const etag = historyEtagOf(path, row.hash, served.store.id);
  const body = typeof trace === 'string' ? () => Promise.resolve(trace) : render;
  return { etag, type: contentType(address), body };
}

/** A page number as a build writes it in an address (`2`, never `02`), or 0 for anything else. */
const pageNumber = (text: string): number => (/^[1-9][0-9]{0,8}$/.test(text) ? Number(text) : 0);

/**
 * The same for a later browse page, from the store's listing: a combination the build does not
 * list, or a page past its last (or page 1, or a number written otherwise), is the 404 page; the
 * page's rows are one indexed SELECT, the rest of its view the small counts table.
 */
function browseAnswer(
  served: ServedStore,
  path: string,
  address: BrowseAddress,
  render: () => Promise<Response>,
  locals: ServedLocals,
): Answer | Response {
  const { store } = served;
  const states = served.models[0]!.model.states.map((s) => s.state);
  const combination = { type: address.type, state: address.state, sort: address.sort } as Combination;
  const page = pageNumber(address.page);
  if (page < 2 || !listingPageExists(store.listingCounts, states, combination, page, store.meta.pageSize))
    return new Response(null, { status: 404 });
  const body = (): Promise<Response> => {
    const listed = store.listingPage(combination, page);
    locals.listing = listingViewOf(listed, store.listingCounts, states, combination, page, store.meta.pageSize);
    return render();
  };
  return { etag: listingEtagOf(path, store.meta.listingHash, store.id), type: contentType({ kind: 'page' }), body };
}

/**
 * The same for a later compare page, from the store's compare rows: a pair the build does not
 * compare, or a page past its last (or page 1, or a number written otherwise), is the 404 page; the
 * page's rows are one SELECT of a range of the primary key, the rest of its view the pair's counts.
 */
function compareAnswer(
  served: ServedStore,
  path: string,
  address: CompareAddress,
  render: () => Promise<Response>,
  locals: ServedLocals,
): Answer | Response {
  const { store } = served;
  const page = pageNumber(address.page);
  const size = store.meta.pageSize;
  if (page < 2 || !comparePageExists(store.compareCounts, address.a, address.b, page, size))
    return new Response(null, { status: 404 });
  const body = (): Promise<Response> => {
    const count = store.compareCounts.find((c) => c.a === address.a && c.b === address.b)!;
    locals.compare = comparePageViewOf(store.comparePage(address.a, address.b, page), count, page, size);
    return render();
  };
  return { etag: compareEtagOf(path, store.meta.compareHash, store.id), type: contentType({ kind: 'page' }), body };
}
