/**
 * HTTP for the pages a server renders on request: which address is which claim page, its `ETag`
 * (from the trace's hashes and the store's identity, so it changes exactly when the bytes can), a
 * 304 for a matching `If-None-Match` before anything is rendered, and `Cache-Control` long enough
 * for a CDN in front of any number of servers to do the scaling.
 */
import { PICTURE_TYPES } from '../../render/pictures/pictureTypes.ts';
import { createHash } from 'node:crypto';
import type { Site } from '../types.ts';
import type { StoreRow } from './store.ts';

/** A claim address a server renders: a page or a trace.json, under the default model or a named one. */
export interface ClaimAddress {
  readonly slug: string;
  /** null on `/claims/<slug>/` and `/claims/<slug>/trace.json` (the default model). */
  readonly model: string | null;
  readonly kind: 'page' | 'trace';
}

/** The claim address of a routed path (see routedUrl) without the site's base, or null for any other path. */
export function claimAddress(path: string): ClaimAddress | null {
  const parts = /^\/claims\/(.+)\/$/.exec(path)?.[1]?.split('/');
  if (parts === undefined) return null;
  const kind = parts.at(-1) === 'trace.json' ? 'trace' : 'page';
  if (kind === 'trace') parts.pop();
  const [slug, model, ...more] = parts;
  if (!slug || model === '' || model === 'history' || more.length > 0) return null;
  return { slug, model: model ?? null, kind };
}

/**
 * A claim's history address a server renders: the page, or the trace.json of a revision under
 * today's default model (`model` null) or under the model that was the default at that commit.
 */
export interface HistoryAddress {
  readonly slug: string;
  /** The revision's short commit; null on the history page itself. */
  readonly commit: string | null;
  readonly model: string | null;
  /** The page, a revision's trace, or the page's picture as a file (`history.svg`, `history.csv`). */
  readonly kind: 'page' | 'trace' | 'svg' | 'csv';
}

/** The history address of a routed path (see routedUrl) without the site's base, or null for any other path. */
export function historyAddress(path: string): HistoryAddress | null {
  const parts = /^\/claims\/([^/]+)\/history\/(.*)$/.exec(path);
  if (parts === null) return null;
  const slug = parts[1]!;
  const rest = parts[2]!;
  if (rest === '') return { slug, commit: null, model: null, kind: 'page' };
  const picture = /^history\.(svg|csv)\/$/.exec(rest)?.[1] as 'svg' | 'csv' | undefined;
  if (picture !== undefined) return { slug, commit: null, model: null, kind: picture };
  const trace = /^([^/]+)\/(?:([^/]+)\/)?trace\.json\/$/.exec(rest);
  if (trace === null) return null;
  return { slug, commit: trace[1]!, model: trace[2] ?? null, kind: 'trace' };
}

/**
 * The Cache-Control of every claim address, pages and traces alike: how long a cache may serve it
 * before asking again (a 304 for an unchanged ETag costs one primary-key lookup), and how long it
 * may serve it stale meanwhile. None is `immutable`: `/claims/<slug>/<model>/trace.json` names its
 * model, but not the claim's input nor the engine's code, and editing the claim file (or the engine)
 * changes the bytes at that same address, which a cache told `immutable` would never ask for again.
 * Only an address that names its bytes' hash never changes: the adapter serves the hashed `_astro/`
 * assets as `immutable`.
 */
export const CLAIM_CACHE = 'public, max-age=300, stale-while-revalidate=86400';

/** The Content-Type of an address. */
export function contentType(address: Pick<HistoryAddress, 'kind'>): string {
  if (address.kind === 'svg' || address.kind === 'csv') return PICTURE_TYPES[address.kind];
  return address.kind === 'trace' ? 'application/json; charset=utf-8' : 'text/html; charset=utf-8';
}

/**
 * A strong ETag: the address, the row's input, config and code hashes, and the store's identity
 * (its code hash, commit, date and every model's config hash, which the page's other parts show).
 */
export function etagOf(path: string, row: StoreRow, storeId: string): string {
  return strongEtag([path, row.inputHash, row.configHash, row.codeHash, storeId]);
}

/** A strong ETag of what makes a response's bytes, one part a line: 27 characters of a SHA-256. */
function strongEtag(parts: readonly string[]): string {
  return `"${createHash('sha256').update(parts.join('\n')).digest('base64url').slice(0, 27)}"`;
}

/**
 * A strong ETag for a history address: the address, the digest of the claim's stored history (the
 * revisions, their changes and scores, from which its traces are scored) and the store's identity.
 */
export function historyEtagOf(path: string, historyHash: string, storeId: string): string {
  return strongEtag([path, 'history', historyHash, storeId]);
}

/** True when an `If-None-Match` header names `etag` (weak comparison, as RFC 9110 asks for GET). */
export { matchesEtag } from './encoding.js';

/** True when `site` has a trace of `slug` under `model`: a server's routes answer 404 otherwise. */
export function hasTrace(site: Pick<Site, 'models' | 'summary'>, slug: string, model: string): boolean {
  if (!site.models.some((m) => m.id === model)) return false;
  try {
    site.summary(slug, model);
    return true;
  } catch {
    return false;
  }
}

/** The URL Astro's router is handed for a request's URL (plain JavaScript, for the workers). */
export { routedUrl } from './routedUrl.js';

/** A later browse page a server renders: `/browse/<type>/<state>/<sort>/<page>/`, the segments as they stand. */
export interface BrowseAddress {
  readonly type: string;
  readonly state: string;
  readonly sort: string;
  /** The page segment; only a page number from 2 without a leading zero is a page a build writes. */
  readonly page: string;
}

/** The browse address of a routed path without the site's base, or null for any other path. */
export function browseAddress(path: string): BrowseAddress | null {
  const parts = /^\/browse\/([^/]+)\/([^/]+)\/([^/]+)\/([^/]+)\/$/.exec(path);
  if (parts === null) return null;
  return { type: parts[1]!, state: parts[2]!, sort: parts[3]!, page: parts[4]! };
}

/**
 * A strong ETag for a browse page: the address, the digest of the store's listing (every row and
 * the page size, one per build) and the store's identity.
 */
export function listingEtagOf(path: string, listingHash: string, storeId: string): string {
  return strongEtag([path, 'listing', listingHash, storeId]);
}

/** A later compare page a server renders: `/compare/<a>/<b>/<page>/`, the segments as they stand. */
export interface CompareAddress {
  readonly a: string;
  readonly b: string;
  /** The page segment; only a page number from 2 without a leading zero is a page a build writes. */
  readonly page: string;
}

/** The compare address of a routed path without the site's base, or null for any other path. */
export function compareAddress(path: string): CompareAddress | null {
  const parts = /^\/compare\/([^/]+)\/([^/]+)\/([^/]+)\/$/.exec(path);
  if (parts === null) return null;
  return { a: parts[1]!, b: parts[2]!, page: parts[3]! };
}

/**
 * A strong ETag for a later compare page: the address, the digest of the store's compare rows
 * (every pair's, and the page size, one per build) and the store's identity.
 */
export function compareEtagOf(path: string, compareHash: string, storeId: string): string {
  return strongEtag([path, 'compare', compareHash, storeId]);
}
