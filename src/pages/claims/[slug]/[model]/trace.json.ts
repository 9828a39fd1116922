/** `/claims/<slug>/<model>/trace.json`: the trace of the claim under one model, beside its page. */
import type { APIRoute, GetStaticPaths } from 'astro';
import { traceJson } from '../../../../lib/claim/claimView.ts';
import { getSite } from '../../../../lib/site/site.ts';

export const getStaticPaths = (() => {
  const site = getSite();
  return site.claims.flatMap(({ slug }) => site.models.map(({ id }) => ({ params: { slug, model: id } })));
}) satisfies GetStaticPaths;

/** The trace as two-space JSON with a final newline, the same bytes on every build. */
export const GET: APIRoute = ({ params }) =>
  new Response(traceJson(getSite().trace(params.slug!, params.model!)), {
    headers: { 'Content-Type': 'application/json; charset=utf-8' },
  });
