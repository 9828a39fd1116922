// @ts-check
/** A history picture's file beside its page (pagePictures.ts): `history.svg` or `history.csv`. */
const PICTURE_FILE = /\/claims\/[^/]+\/history\/history\.(?:svg|csv)$/;

/**
 * The URL Astro's router is handed for a request's URL, so that a claim address is answered in
 * every form a static host answers it:
 * - a percent-escape of a character an address may hold as it is is decoded (`ledger%401.0.0` is
 *   `ledger@1.0.0`, as a static host finds the same folder);
 * - `…/index.html` is the folder's page (`/claims/<slug>/index.html` is `/claims/<slug>/`);
 * - Astro matches a route with a dynamic segment by `trailingSlash: 'always'` even when it ends in
 *   a file name, so `/claims/<slug>/trace.json` is handed on as `…/trace.json/`; and
 *   `…/trace.json/`, which a static host does not serve either, as an address no route holds; a
 *   history picture's file (`…/history/history.svg`, `.csv`) likewise.
 *
 * Plain JavaScript (type-checked by its JSDoc), because the server's workers import it with no
 * TypeScript loader (scripts/serve-worker.js).
 *
 * @param {string} url
 * @returns {string}
 */
export function routedUrl(url) {
  const cut = url.search(/[?#]/);
  const written = normalPath(cut < 0 ? url : url.slice(0, cut));
  const rest = cut < 0 ? '' : url.slice(cut);
  const path = /\/claims\/.+\/index\.html$/.test(written) ? written.slice(0, -'index.html'.length) : written;
  if (path.endsWith('/trace.json') || PICTURE_FILE.test(path)) return `${path}/${rest}`;
  if (path.endsWith('/trace.json/') || (path.endsWith('/') && PICTURE_FILE.test(path.slice(0, -1))))
    return `${path}-/${rest}`;
  return `${path}${rest}`;
}

/**
 * A path with its needless percent-escapes decoded: RFC 3986's unreserved characters and `@`, the
 * only others a slug or a model id holds (`%2F`, `%25` and every other escape stay as they are).
 *
 * @param {string} path
 * @returns {string}
 */
function normalPath(path) {
  return path.replace(/%([0-9A-Fa-f]{2})/g, (escape, hex) => {
    const char = String.fromCharCode(Number.parseInt(hex, 16));
    return /^[A-Za-z0-9\-._~@]$/.test(char) ? char : escape;
  });
}

/**
 * True when a routed path (without the base) is a claim address written without its final slash
 * whose last segment looks like a file name, as a model id does (`/claims/<slug>/ledger@1.0.0`):
 * a static host redirects it to the folder, which Astro's adapter only does for a segment with no
 * dot. The worker hands it on with the slash and asks the middleware to redirect if it exists.
 *
 * @param {string} path
 * @returns {boolean}
 */
export function slashlessClaim(path) {
  return (
    /^\/claims\/[^/]+(?:\/[^/]+)*$/.test(path) &&
    !/\/(?:trace\.json|index\.html)$/.test(path) &&
    !PICTURE_FILE.test(path)
  );
}

/** The request header by which the worker asks the middleware for that redirect (never a client's). */
export const SLASHLESS_HEADER = 'x-ledger-slashless';
