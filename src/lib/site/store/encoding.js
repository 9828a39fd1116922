// @ts-check
/**
 * Content codings in server mode: which coding a request's `Accept-Encoding` asks for (Brotli, then
 * gzip, never one the client refuses with `q=0`), the ETag of each coding's bytes, and how a
 * request's `If-None-Match` is compared. Plain JavaScript (type-checked by its JSDoc): the workers
 * (scripts/serve-worker.js) import it with no TypeScript loader, the middleware through serve.ts.
 */

/** @typedef {'br' | 'gzip' | null} Coding */

/** The codings the server sends, best first: Brotli is smaller, gzip is understood everywhere. */
export const CODINGS = /** @type {const} */ (['br', 'gzip']);

/** The suffix a coding adds to a file's name on disk (written once at build time) and to its ETag. */
export const SUFFIX = /** @type {const} */ ({ br: 'br', gzip: 'gz' });

/**
 * The coding to send for an `Accept-Encoding` header: the best one the client accepts with a
 * non-zero weight (an explicit weight wins over `*`), or null for the bytes as they are.
 *
 * @param {string | null | undefined} header
 * @returns {Coding}
 */
export function codingFor(header) {
  if (!header) return null;
  /** @type {Map<string, number>} */
  const weights = new Map();
  for (const part of header.split(',')) {
    const [name = '', ...params] = part.split(';').map((p) => p.trim().toLowerCase());
    if (name === '') continue;
    const q = params.find((p) => p.startsWith('q='));
    const weight = q === undefined ? 1 : Number(q.slice(2));
    weights.set(name, Number.isFinite(weight) ? weight : 0);
  }
  /** @type {Coding} */
  let best = null;
  let bestWeight = 0;
  for (const coding of CODINGS) {
    const weight = weights.get(coding) ?? weights.get('*') ?? 0;
    if (weight > bestWeight) [best, bestWeight] = [coding, weight];
  }
  return best;
}

/**
 * The ETag of one coding of a representation whose identity bytes have the strong ETag `etag`
 * (`"abc"` → `"abc-br"`): each coding is different bytes, so each has its own (RFC 9110 §8.8.3).
 *
 * @param {string} etag
 * @param {Coding} coding
 * @returns {string}
 */
export function codedEtag(etag, coding) {
  return coding === null ? etag : `${etag.slice(0, -1)}-${SUFFIX[coding]}"`;
}

/**
 * True when an `If-None-Match` header names `etag` (the weak comparison RFC 9110 asks for GET: a
 * `W/` prefix, once, is ignored; `W/W/"…"` is not a tag and matches nothing), or is `*`.
 *
 * @param {string | null | undefined} ifNoneMatch
 * @param {string} etag
 * @returns {boolean}
 */
export function matchesEtag(ifNoneMatch, etag) {
  if (!ifNoneMatch) return false;
  const bare = etag.replace(/^W\//, '');
  return ifNoneMatch.split(',').some((tag) => {
    const t = tag.trim();
    return t === '*' || (/^(?:W\/)?"[^"]*"$/.test(t) && t.replace(/^W\//, '') === bare);
  });
}
