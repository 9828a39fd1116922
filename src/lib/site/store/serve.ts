/**
 * What the server's middleware does to a request for a claim address: an unknown claim or model
 * is the site's 404 page, without rendering anything; a known one gets its ETag, and a
 * 304 when the client already holds those bytes, else the page with its caching headers.
 */
import { withoutBase } from '../../paths.ts';
import { cacheControl, claimAddress, contentType, etagOf, matchesEtag } from './http.ts';
import { installServedSite } from './storeSite.ts';

/** The response for `path` (with the base), from `render()` or a 304. */
export async function claimHeaders(
  path: string,
  ifNoneMatch: string | null,
  render: () => Promise<Response>,
): Promise<Response> {
  const served = installServedSite();
  const address = claimAddress(withoutBase(path));
  if (address === null) return render();
  const row = served.claimRows(address.slug)?.get(address.model ?? served.models[0]!.id);
  // An empty 404 from here (not from an endpoint, which Astro never reroutes) becomes the site's 404 page.
  if (row === undefined) return new Response(null, { status: 404 });
  const etag = etagOf(path, row, served.store.id);
  const headers = { ETag: etag, 'Cache-Control': cacheControl(address) };
  if (matchesEtag(ifNoneMatch, etag)) return new Response(null, { status: 304, headers });
  const response = await render();
  if (response.status !== 200) return response;
  const out = new Headers(response.headers);
  for (const [key, value] of Object.entries(headers)) out.set(key, value);
  out.set('Content-Type', contentType(address));
  return new Response(response.body, { status: 200, headers: out });
}
