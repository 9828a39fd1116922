/**
 * A static build's claim pages written whole on the pool of worker processes: `/claims/<slug>/`, each
 * `/claims/<slug>/<model>/`, and their trace.json and explain.json files, straight into the build's
 * output folder. Astro renders one frame of each kind of claim page (claimFrame.ts), hands it over
 * (frameCapture.ts) and writes no file of these routes; the workers write every claim's files while
 * Astro renders the rest of the site, and the build's last hook waits for them (claimPages.ts).
 */
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Explanation } from '../../../engine/explain/index.ts';
import type { KnownMoves } from '../../model/comparePages.ts';
import { astroOutDir } from '../build/paths.ts';
import { getSite } from '../site.ts';
import type { Site } from '../types.ts';
import { cutFrame, type ClaimFrames, type FrameKind } from './claimFrame.ts';
import type { PoolSite } from './claimSite.ts';
import type { WholeClaimTask } from './claimTasks.ts';
import { awaitFrames } from './frameCapture.ts';
import { startPool } from './pool.ts';
import { claimFileAt } from './writeClaim.ts';
import { POOL_ENV } from './workers.ts';

/**
 * Each worker's heap in MB. A task holds one claim's traces and pages, some megabytes; what a worker
 * keeps is the engine's caches, whose link weights under every setting the explanations try grew
 * to 280 MB in use by the end of a 10,000-claim build (each of two workers writing 5,000 claims).
 */
const WORKER_HEAP_MB = 512;

/** How many workers this Astro process has for its claim pages: 1 (none) unless a static build set more. */
function poolSize(): number {
  const size = Number(process.env[POOL_ENV] ?? '1');
  return Number.isInteger(size) && size >= 2 && process.env['LEDGER_OUTPUT'] !== 'server' ? size : 1;
}

/** Whether this build's workers write the claim pages whole (Astro then lists none of their files). */
export function wholePagesOn(): boolean {
  return poolSize() > 1;
}

/** The claim pages a static build's workers write. */
export interface WholePages {
  /** The kind of frame the page at (slug, model) renders, or null: the page is the workers' to write. */
  frameAt(slug: string, model: string | undefined): FrameKind | null;
  /** The settings that moved each claim between two models, from the explanations the workers wrote. */
  readonly knownMoves: KnownMoves;
}

let active: { site: Site; pages: WholePages } | undefined;

/** The build's whole claim pages for `site`, started on first use; null without a pool. */
export function wholePages(site: Site, siteUrl: string | URL): WholePages | null {
  if (!wholePagesOn()) return null;
  if (active !== undefined) return active.site === site ? active.pages : null;
  const init: PoolSite = {
    models: site.models,
    codeHash: site.codeHash,
    buildDate: site.buildDate,
    commit: site.commit,
    siteUrl: String(siteUrl),
    // The folder Astro writes into (astro.config.mjs names it from the same variable).
    outDir: resolve(astroOutDir(process.env, process.cwd())),
  };
  // Astro runs from the project's folder (scripts/build.ts starts it there); its bundle does not
  // keep this module's own path.
  const pool = startPool<WholeClaimTask, string[]>(
    join(process.cwd(), 'src/lib/site/pool/boot.mjs'),
    poolSize(),
    init,
    { heapMb: WORKER_HEAP_MB },
  );
  // The claims whose files are all written: their explain.json can be read back (KnownMoves).
  const done = new Set<string>();
  const outDir = init.outDir!;
  const first = site.claims[0]!.slug;
  const firstModel = site.models[0]!.id;
  const frames: Partial<Record<FrameKind, string>> = {};
  let written!: (tasks: Promise<void>) => void;
  const all = new Promise<void>((resolve) => (written = (tasks) => resolve(tasks)));
  // Every claim's task is queued once both frames are in: the workers hold no page once written, so
  // the queue is the claims alone, and the workers write while Astro renders the other routes.
  const framed = (kind: string, html: string): void => {
    cutFrame(kind as FrameKind, html, siteUrl);
    frames[kind as FrameKind] = html;
    if (frames.default === undefined || frames.model === undefined) return;
    const task = (slug: string): WholeClaimTask => ({
      kind: 'whole',
      claim: site.claim(slug),
      frames: frames as ClaimFrames,
      models: site.models.map(({ id }) => id),
    });
    const run = (slug: string): Promise<void> => pool.run(task(slug)).then(() => void done.add(slug));
    written(Promise.all(site.claims.map(({ slug }) => run(slug))).then(() => pool.close()));
  };
  // Its failure is the build's (the next page Astro renders, or claimPages.ts at the end, throws it).
  awaitFrames(framed, all);
  const pages: WholePages = {
    frameAt: (slug, model) =>
      slug !== first ? null : model === undefined ? 'default' : model === firstModel ? 'model' : null,
    // A compare page of a claim the workers have written reads what moved it from its explain.json
    // rather than working it again (a tenth of a 1,000-claim build's CPU); the rest it works itself.
    knownMoves: (slug, a, b) => {
      if (!done.has(slug)) return undefined;
      const file = claimFileAt(outDir, slug, a, 'explain.json');
      const explanation = JSON.parse(readFileSync(file, 'utf8')) as Pick<Explanation, 'models'>;
      return explanation.models.find((row) => row.model === b)?.settings;
    },
  };
  active = { site, pages };
  return pages;
}

/** What moved each claim between two models, as the workers published it; undefined without a pool. */
export function knownMoves(site: Site): KnownMoves | undefined {
  return active !== undefined && active.site === site ? active.pages.knownMoves : undefined;
}

/** Starts the build's pool for the site (wholePages) ahead of the claim pages; nothing without one. */
export function startWholePages(siteUrl: string | URL): void {
  if (wholePagesOn()) wholePages(getSite(), siteUrl);
}
