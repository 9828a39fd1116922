/** `/claims/<slug>/trace.json`: the trace of the claim under the default model, beside its page. */
import type { APIRoute, GetStaticPaths } from 'astro';
import { traceJson } from '../../../lib/claim/claimView.ts';
import { getSite } from '../../../lib/site/site.ts';

export const getStaticPaths = (() =>
  getSite().claims.map(({ slug }) => ({ params: { slug } }))) satisfies GetStaticPaths;

/** The trace as two-space JSON with a final newline, the same bytes on every build. */
export const GET: APIRoute = ({ params }) => {
  const site = getSite();
  return new Response(traceJson(site.trace(params.slug!, site.defaultModel.id)), {
    headers: { 'Content-Type': 'application/json; charset=utf-8' },
  });
};
