/**
 * The work a build hands its pool: a claim's pages (the article of each, claimArticleHtml), its
 * published traces (traceJson) and its explanations (explanationJson), each written from the
 * claim's traces scored afresh in the thread.
 * The build's own thread writes them with the same functions when it has no pool, so a page is the
 * same bytes whichever thread wrote it.
 */
import type { Scorer } from '../../../engine/index.ts';
import { explanationJson, explanationOf } from '../../claim/explanation.ts';
import { traceJson } from '../../claim/page.ts';
import { claimArticleHtml, type ClaimArticleProps } from '../../claim/html/claimArticle.ts';
import type { SiteClaim } from '../records.ts';
import type { Site } from '../types.ts';
import type { ClaimFrames } from './claimFrame.ts';
import { claimSite, type PoolSite } from './claimSite.ts';

/** One page of a claim: under which model, and whether at `/claims/<slug>/` itself. */
export interface ClaimPageRequest {
  readonly modelId: string;
  readonly onDefaultRoute: boolean;
}

/** A task: every file of one claim's pages, written whole into the build's folder (writeClaim.ts). */
export interface WholeClaimTask {
  readonly kind: 'whole';
  readonly claim: SiteClaim;
  /** The frames Astro rendered with placeholders, one per kind of claim page. */
  readonly frames: ClaimFrames;
  /** The released models, the default first. */
  readonly models: readonly string[];
}

/** A task: every listed page of one claim, or its traces or explanations under the listed models. */
export type ClaimTask =
  | { readonly kind: 'pages'; readonly claim: SiteClaim; readonly pages: readonly ClaimPageRequest[] }
  | { readonly kind: 'traces' | 'explains'; readonly claim: SiteClaim; readonly models: readonly string[] }
  | WholeClaimTask;

/**
 * The article of one claim page. `LEDGER_TEST_FAIL_CLAIM=<slug>` makes that claim's page fail, as a
 * page that cannot be written would: the tests stop a build with it, with and without a pool.
 */
export function articleOf(site: Site, props: ClaimArticleProps): string {
  if (process.env['LEDGER_TEST_FAIL_CLAIM'] === props.slug)
    throw new Error(`the page of ${props.slug} could not be written (LEDGER_TEST_FAIL_CLAIM)`);
  return claimArticleHtml(site, props);
}

/** Runs a task in a thread whose site is `init`: the HTML of each page, or the JSON of each trace or explanation. */
export function runClaimTask(
  init: PoolSite,
  scorers: ReadonlyMap<string, Scorer>,
  task: Exclude<ClaimTask, WholeClaimTask>,
): string[] {
  const site = claimSite(init, scorers, task.claim);
  const { slug } = task.claim;
  if (task.kind !== 'pages')
    return task.models.map((model) =>
      task.kind === 'traces' ? traceJson(site.trace(slug, model)) : explanationJson(explanationOf(site, slug, model)),
    );
  const siteUrl = new URL(init.siteUrl);
  return task.pages.map(({ modelId, onDefaultRoute }) => articleOf(site, { slug, modelId, onDefaultRoute, siteUrl }));
}
