/**
 * The claim pages' articles, the published traces and the explanations, as a static build's pages
 * ask for them: on
 * the build's pool of threads when scripts/build.ts started Astro with one (`LEDGER_BUILD_POOL`, the
 * number of threads, from `LEDGER_BUILD_WORKERS`), else in this thread, by the same functions.
 *
 * A claim's work is one task (all its pages, or all its traces under a route), started a window of
 * claims ahead of the page that asks (ahead.ts), in the order Astro renders the routes' pages: the
 * order of the site's claims. A failed task rejects the page that takes it, and the build stops.
 */
import { join } from 'node:path';
import { explanationJson, explanationOf } from '../../claim/explanation.ts';
import { traceJson } from '../../claim/page.ts';
import type { ClaimArticleProps } from '../../claim/html/claimArticle.ts';
import type { Site } from '../types.ts';
import { ahead, type Ahead } from './ahead.ts';
import type { PoolSite } from './claimSite.ts';
import { articleOf, type ClaimPageRequest, type ClaimTask } from './claimTasks.ts';
import { startPool, type WorkerPool } from './pool.ts';
import { POOL_ENV } from './workers.ts';

/** How many claims ahead of the page being rendered each thread's work is started. */
const CLAIMS_AHEAD_PER_THREAD = 4;

/**
 * Each thread's heap: a task holds one claim's traces and pages, some megabytes, so a small heap is
 * collected often and keeps the threads' share of the build's memory small (a thread with V8's own
 * limits grew to 150 MB resident writing the repository's pages ten times over; with these, 95 MB).
 */
const THREAD_HEAP = { maxOldGenerationSizeMb: 128, maxYoungGenerationSizeMb: 16 };

/** Which published trace a route asks for: `/claims/<slug>/trace.json` or `…/<model>/trace.json`. */
export type TraceRoute = 'default' | 'model';

interface Active {
  readonly site: Site;
  readonly pool: WorkerPool<ClaimTask, string[]>;
  readonly pages: Ahead<string[]>;
  readonly traces: Record<TraceRoute, Ahead<string[]>>;
  readonly explains: Ahead<string[]>;
}

let active: Active | null | undefined;

/** The pages one claim has, in the claim route's order: `/claims/<slug>/`, then each model's. */
function pagesOf(site: Site): ClaimPageRequest[] {
  return [
    { modelId: site.defaultModel.id, onDefaultRoute: true },
    ...site.models.map(({ id }) => ({ modelId: id, onDefaultRoute: false })),
  ];
}

/** The build's pool for `site`, started on first use; null without one (or for another site). */
function activeFor(site: Site, siteUrl: string | URL): Active | null {
  if (active === undefined) {
    const size = Number(process.env[POOL_ENV] ?? '1');
    if (!Number.isInteger(size) || size < 2) return (active = null);
    const init: PoolSite = {
      models: site.models,
      codeHash: site.codeHash,
      buildDate: site.buildDate,
      commit: site.commit,
      siteUrl: String(siteUrl),
    };
    // Astro runs from the project's folder (scripts/build.ts starts it there); its bundle does not
    // keep this module's own path.
    const pool = startPool<ClaimTask, string[]>(join(process.cwd(), 'src/lib/site/pool/boot.mjs'), size, init, {
      resourceLimits: THREAD_HEAP,
    });
    const order = site.claims.map(({ slug }) => slug);
    const window = CLAIMS_AHEAD_PER_THREAD * size;
    const pages = pagesOf(site);
    const models = site.models.map(({ id }) => id);
    const run = (task: ClaimTask): Promise<string[]> => pool.run(task);
    active = {
      site,
      pool,
      pages: ahead(order, pages.length, window, (slug) => run({ kind: 'pages', claim: site.claim(slug), pages })),
      traces: {
        default: ahead(order, 1, window, (slug) =>
          run({ kind: 'traces', claim: site.claim(slug), models: [site.defaultModel.id] }),
        ),
        model: ahead(order, models.length, window, (slug) => run({ kind: 'traces', claim: site.claim(slug), models })),
      },
      explains: ahead(order, models.length, window, (slug) =>
        run({ kind: 'explains', claim: site.claim(slug), models }),
      ),
    };
  }
  return active !== null && active.site === site ? active : null;
}

/** The `<article>` of a claim page: written by the pool when the build has one, else here. */
export async function claimArticle(site: Site, props: ClaimArticleProps): Promise<string> {
  const pool = activeFor(site, props.siteUrl);
  if (pool === null) return articleOf(site, props);
  const index = pagesOf(site).findIndex(
    (p) => p.onDefaultRoute === props.onDefaultRoute && p.modelId === props.modelId,
  );
  return (await pool.pages.take(props.slug))[index]!;
}

/** A published trace.json's bytes (traceJson): from the pool when the build has one, else here. */
export async function claimTrace(
  site: Site,
  slug: string,
  model: string,
  route: TraceRoute,
  siteUrl: string | URL,
): Promise<string> {
  const pool = activeFor(site, siteUrl);
  if (pool === null) return traceJson(site.trace(slug, model));
  const traces = await pool.traces[route].take(slug);
  return route === 'default' ? traces[0]! : traces[site.models.findIndex((m) => m.id === model)]!;
}

/** A published explain.json's bytes (explanationJson): from the pool when the build has one, else here. */
export async function claimExplain(site: Site, slug: string, model: string, siteUrl: string | URL): Promise<string> {
  const pool = activeFor(site, siteUrl);
  if (pool === null) return explanationJson(explanationOf(site, slug, model));
  return (await pool.explains.take(slug))[site.models.findIndex((m) => m.id === model)]!;
}
