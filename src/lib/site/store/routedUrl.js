// @ts-check
/**
 * The URL Astro's router is handed for a request's URL. Astro matches a route with a dynamic segment
 * by `trailingSlash: 'always'` even when it ends in a file name, so `/claims/<slug>/trace.json` is
 * handed on as `…/trace.json/`; and `…/trace.json/`, which a static host does not serve either, as
 * an address no route holds (the 404 page).
 *
 * Plain JavaScript (type-checked by its JSDoc), because the server's workers import it with no
 * TypeScript loader (scripts/serve-worker.js).
 *
 * @param {string} url
 * @returns {string}
 */
export function routedUrl(url) {
  const cut = url.search(/[?#]/);
  const path = cut < 0 ? url : url.slice(0, cut);
  const rest = cut < 0 ? '' : url.slice(cut);
  if (path.endsWith('/trace.json')) return `${path}/${rest}`;
  if (path.endsWith('/trace.json/')) return `${path}-/${rest}`;
  return url;
}
