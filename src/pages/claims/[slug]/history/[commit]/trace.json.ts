/** `/claims/<slug>/history/<commit>/trace.json`: the claim as it was at a commit, under today's default model. */
import type { APIRoute, GetStaticPaths } from 'astro';
import type { Trace } from '../../../../../engine/index.ts';
import { traceJson } from '../../../../../lib/claim/claimView.ts';
import { getHistory } from '../../../../../lib/history/siteHistory.ts';
import { getSite } from '../../../../../lib/site/site.ts';

export const getStaticPaths = (() =>
  getHistory(getSite())
    .traces.filter((t) => t.model === null)
    .map((t) => ({ params: { slug: t.slug, commit: t.commit }, props: { trace: t.trace } }))) satisfies GetStaticPaths;

/** The trace as one line of JSON with a final newline, like every published trace (traceJson). */
export const GET: APIRoute = ({ props, isPrerendered }) =>
  // On a server the middleware answers every history trace with the store's bytes (serve.ts); a
  // request that gets here has no trace, and an empty 404 is what the middleware makes of that.
  isPrerendered
    ? new Response(traceJson((props as { trace: () => Trace }).trace()), {
        headers: { 'Content-Type': 'application/json; charset=utf-8' },
      })
    : new Response(null, { status: 404 });
