/**
 * Server mode's HTTP for claim pages rendered on request (src/lib/site/store/http.ts): the `ETag`
 * and a 304 before rendering, `Cache-Control`, the content type and the content coding. Prerendered
 * pages, and so the whole static build, pass through untouched; the store is only loaded on a server.
 */
import type { MiddlewareHandler } from 'astro';
import { SLASHLESS_HEADER } from './lib/site/store/routedUrl.js';
import { prerendered } from './lib/site/pool/frameCapture.ts';
import { startPoolEarly } from './lib/site/pool/startEarly.ts';

// Imported once: under a loader with hooks (tsx), every import() call is resolved again, off-thread.
let serve: Promise<typeof import('./lib/site/store/serve.ts')> | undefined;

/** Adds the claim pages' caching headers on a server; does nothing to a prerendered page. */
export const onRequest: MiddlewareHandler = async (context, next) => {
  // A static build on worker processes takes a claim page's frame here (frameCapture.ts); any other page passes.
  if (context.isPrerendered) {
    await startPoolEarly(context.site);
    return prerendered(context.locals, next);
  }
  const { claimHeaders } = await (serve ??= import('./lib/site/store/serve.ts'));
  const { headers } = context.request;
  return claimHeaders(context.url.pathname, headers.get('if-none-match'), next, context.locals, {
    acceptEncoding: headers.get('accept-encoding'),
    slashless: headers.get(SLASHLESS_HEADER) === '1',
    site: context.site,
  });
};
