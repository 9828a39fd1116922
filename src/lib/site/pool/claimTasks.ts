/**
 * The work a static build hands its pool: one claim's pages, traces and explanations, written whole
 * into the build's folder (writeClaim.ts) from the claim's traces scored afresh in the worker.
 * Without a pool, and on a server, Astro renders the same pages with the same functions (articleOf,
 * claimFrameParts, traceJson, explanationJson), so a page is the same bytes whichever wrote it.
 */
import { claimArticleHtml, type ClaimArticleProps } from '../../claim/html/claimArticle.ts';
import type { SiteClaim } from '../records.ts';
import type { Site } from '../types.ts';
import type { ClaimFrames } from './claimFrame.ts';

/** A task: every file of one claim's pages, written whole into the build's folder (writeClaim.ts). */
export interface WholeClaimTask {
  readonly kind: 'whole';
  readonly claim: SiteClaim;
  /** The frames Astro rendered with placeholders, one per kind of claim page. */
  readonly frames: ClaimFrames;
  /** The released models, the default first. */
  readonly models: readonly string[];
}

/**
 * The article of one claim page. `LEDGER_TEST_FAIL_CLAIM=<slug>` makes that claim's page fail, as a
 * page that cannot be written would: the tests stop a build with it, with and without a pool.
 */
export function articleOf(site: Site, props: ClaimArticleProps): string {
  if (process.env['LEDGER_TEST_FAIL_CLAIM'] === props.slug)
    throw new Error(`the page of ${props.slug} could not be written (LEDGER_TEST_FAIL_CLAIM)`);
  return claimArticleHtml(site, props);
}
