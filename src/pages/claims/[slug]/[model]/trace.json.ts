/** `/claims/<slug>/<model>/trace.json`: the trace of the claim under one model, beside its page. */
import type { APIRoute, GetStaticPaths } from 'astro';
import { getSite } from '../../../../lib/site/site.ts';
import { traceJson } from '../../../../lib/claim/page.ts';
import { wholePagesOn } from '../../../../lib/site/pool/wholePages.ts';
import { hasTrace } from '../../../../lib/site/store/http.ts';

// A static build on threads writes these files there (wholePages.ts): Astro lists none.
export const getStaticPaths = (() => {
  if (wholePagesOn()) return [];
  const site = getSite();
  return site.claims.flatMap(({ slug }) => site.models.map(({ id }) => ({ params: { slug, model: id } })));
}) satisfies GetStaticPaths;

/** The trace as one line of JSON with a final newline (traceJson), the same bytes on every build. */
export const GET: APIRoute = ({ params, isPrerendered }) => {
  const site = getSite();
  // On a server the address is whatever was asked for: an unknown claim or model is the site's 404 page.
  if (!isPrerendered && !hasTrace(site, params.slug!, params.model!)) return new Response(null, { status: 404 });
  const json = traceJson(site.trace(params.slug!, params.model!));
  return new Response(json, {
    headers: { 'Content-Type': 'application/json; charset=utf-8' },
  });
};
