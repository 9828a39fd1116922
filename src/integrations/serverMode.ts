/**
 * `LEDGER_OUTPUT=server`: the claim routes (every `/claims/<slug>/…` page and trace.json, the
 * claim's history and its revision traces included) and the browse and compare pages after the
 * first render on request from the trace store instead of at build time, and `/healthz/` reports
 * the store. Every other page stays prerendered. Only astro.config.mjs adds this, and only in server mode, so the
 * static build is exactly what it was.
 */
import type { AstroIntegration } from 'astro';

/** The routes a server renders on request, by their files under src/pages. */
export const ON_DEMAND_ROUTES: readonly string[] = [
  'src/pages/claims/[slug]/[...model].astro',
  'src/pages/claims/[slug]/trace.json.ts',
  'src/pages/claims/[slug]/[model]/trace.json.ts',
  'src/pages/claims/[slug]/[model]/explain.json.ts',
  'src/pages/claims/[slug]/history/index.astro',
  'src/pages/claims/[slug]/history/history.svg.ts',
  'src/pages/claims/[slug]/history/history.csv.ts',
  'src/pages/claims/[slug]/history/[commit]/trace.json.ts',
  'src/pages/claims/[slug]/history/[commit]/[model]/trace.json.ts',
  // Only the later pages: the first pages of the browse combinations stay prerendered (filter.js's
  // links without JavaScript land on them, and their number does not grow with the claims).
  'src/pages/browse/[type]/[state]/[sort]/[page]/index.astro',
  // Likewise only the later compare pages: a pair's first page (its declared numbers, picture and
  // counts) stays prerendered, as docs/design.md §9 keeps the compare pages; 30 pairs, not 30 × pages.
  'src/pages/compare/[a]/[b]/[page]/index.astro',
];

/** The integration: marks ON_DEMAND_ROUTES as rendered on request and adds the health endpoint. */
export default function serverMode(): AstroIntegration {
  return {
    name: 'ledger-server-mode',
    hooks: {
      'astro:config:setup': ({ injectRoute }) => {
        injectRoute({ pattern: '/healthz', entrypoint: './src/lib/site/store/healthz.ts', prerender: false });
      },
      'astro:route:setup': ({ route }) => {
        if (ON_DEMAND_ROUTES.includes(route.component)) route.prerender = false;
      },
    },
  };
}
