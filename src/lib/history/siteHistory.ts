/**
 * The site's history, computed once per build: every claim's revisions read in one walk, scored,
 * and the traces the history pages publish. Pages and the changes feed read it from here.
 */
import { readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { createScorer, type Trace } from '../../engine/index.ts';
import { ledgerFolders } from '../input/folders.ts';
import type { LoadedModel } from '../input/load.ts';
import { summarise, type SiteClaim, type TraceSummary } from '../site/records.ts';
import type { Site } from '../site/types.ts';
import { claimHistory, type ScoreWith } from './claimHistory.ts';
import type { ClaimHistoryPage, ClaimHistoryView, HistoryTrace, KnownSummary, SiteHistory } from './historyTypes.ts';
import { readHistory, type ContentHistory } from './read.ts';
import { changesFeed, FEED_ENTRIES, feedOf, newestChanges } from './changesFeed.ts';
import type { AtomFeed } from '../publish/feeds.ts';

/** The history page of one claim of the site from the site's history. */
export function historyPageOf(history: SiteHistory, claim: SiteClaim): ClaimHistoryPage {
  return { ...history.of(claim.slug), statement: claim.claim.statement, gap: history.gap };
}

/** The history page of a claim of the site's content, read from git (the static build's `Site.history`). */
export function gitHistoryPage(site: Site, slug: string): ClaimHistoryPage {
  return historyPageOf(getHistory(site), site.claim(slug));
}

/**
 * The history of the given claims: `current(claim)` returns the bytes the site was built from, to
 * tell whether the last revision is what the site shows.
 */
export function siteHistoryOf(
  history: ContentHistory,
  claims: readonly SiteClaim[],
  models: readonly LoadedModel[],
  defaultModel: string,
  codeHash: string,
  current: (claim: SiteClaim) => Uint8Array | null,
  known?: KnownSummary,
): SiteHistory {
  const scorers = new Map(models.map((m) => [m.id, createScorer(m.model, codeHash)]));
  const whole = (summary: TraceSummary) => (): Trace => scorers.get(summary.model)!.score(summary.claim, summary.input);
  const viewOf = claimHistoryViews(history, models, defaultModel, scorers, current, known);
  const views: ClaimHistoryView[] = claims.map(viewOf);
  const bySlug = new Map(views.map((v) => [v.slug, v]));
  const traces: HistoryTrace[] = views.flatMap(({ slug, entries }) =>
    entries.flatMap(({ revision, then, today }) => [
      ...(today.trace
        ? [{ slug, commit: revision.short, model: null, summary: today.trace, trace: whole(today.trace) }]
        : []),
      ...(then.trace && then.model !== defaultModel
        ? [{ slug, commit: revision.short, model: then.model, summary: then.trace, trace: whole(then.trace) }]
        : []),
    ]),
  );
  return {
    gap: history.gap,
    defaultModel,
    claims: views,
    traces,
    of: (slug) => {
      const found = bySlug.get(slug);
      if (!found) throw new Error(`no history for ${slug}`);
      return found;
    },
  };
}

/**
 * One claim's history view from the content's history, scoring each revision with the build's
 * scorers. A revision with the bytes of the site's file is the claim the loader read (not parsed
 * again), and with `known` its scores are the ones the build already has (not scored again).
 */
function claimHistoryViews(
  history: ContentHistory,
  models: readonly LoadedModel[],
  defaultModel: string,
  scorers: ReadonlyMap<string, ReturnType<typeof createScorer>>,
  current: (claim: SiteClaim) => Uint8Array | null,
  known?: KnownSummary,
): (claim: SiteClaim) => ClaimHistoryView {
  return (site) => {
    const score: ScoreWith = (model, slug, claim) =>
      known !== undefined && claim === site.claim && slug === site.slug
        ? known(slug, model.id)
        : summarise(scorers.get(model.id)!.score(slug, claim));
    const revisions = history.revisions(basename(site.file));
    const last = revisions[revisions.length - 1];
    const bytes = current(site);
    const uncommitted =
      last === undefined || bytes === null || Buffer.compare(Buffer.from(last.bytes), Buffer.from(bytes)) !== 0;
    const loaded = bytes === null ? null : { bytes, claim: site };
    return { slug: site.slug, entries: claimHistory(revisions, models, defaultModel, score, loaded), uncommitted };
  };
}

/**
 * The feed of the `limit` newest score changes from the content's history, reading and scoring
 * only the claims it has to: the log orders every revision by its commit (no file read), and the
 * claims are then worked out newest revision first, a batch at a time, until `limit` entries are
 * found. The same entries as the whole history's feed, cut at `limit` (`changesFeed`).
 */
export function recentChangesOf(
  history: ContentHistory,
  claims: readonly SiteClaim[],
  models: readonly LoadedModel[],
  defaultModel: string,
  codeHash: string,
  site: string,
  buildDate: string,
  limit: number,
  options: {
    /** How many claims are read and scored together (32). */
    readonly batch?: number;
    /** The bytes of the site's file of a claim, to reuse the claim the loader read. */
    readonly current?: (claim: SiteClaim) => Uint8Array | null;
    readonly known?: KnownSummary;
  } = {},
): { feed: AtomFeed; claimsRead: number } {
  const scorers = new Map(models.map((m) => [m.id, createScorer(m.model, codeHash)]));
  const viewOf = claimHistoryViews(
    history,
    models,
    defaultModel,
    scorers,
    options.current ?? (() => null),
    options.known,
  );
  const byName = new Map(claims.map((c) => [basename(c.file), c]));
  const views = new Map<string, ClaimHistoryView>();
  const result = newestChanges(
    claims.map((c) => ({ slug: c.slug, name: basename(c.file) })),
    (name) => history.stamps(name),
    (names) => {
      history.prefetch(names);
      for (const name of names) views.set(name, viewOf(byName.get(name)!));
    },
    (name) => views.get(name)!,
    defaultModel,
    site,
    limit,
    options.batch,
  );
  return { feed: feedOf(result, defaultModel, site, buildDate, limit), claimsRead: views.size };
}

/** Reads the history of the content in `folders` for the given claims and models, as a build does. */
export function readSiteHistory(
  folders: { content: string; models: string },
  claims: readonly SiteClaim[],
  models: readonly LoadedModel[],
  defaultModel: string,
  codeHash: string,
  known?: KnownSummary,
): SiteHistory {
  return siteHistoryOf(readHistory(folders), claims, models, defaultModel, codeHash, siteFile(folders), known);
}

/** The bytes of a claim's file in the content folder, as the site was built from it (null when unreadable). */
function siteFile(folders: { content: string }): (claim: SiteClaim) => Uint8Array | null {
  const claimsDir = join(folders.content, 'claims');
  return (claim) => {
    try {
      return readFileSync(join(claimsDir, basename(claim.file)));
    } catch {
      return null;
    }
  };
}

/**
 * The feed of the newest score changes of the site's content (`FEED_ENTRIES` of them), as a build
 * publishes it: from the whole history when the history pages already worked it out (the same
 * entries, for nothing), else by reading only the claims it lists.
 */
export function getRecentChanges(ledger: Site, site: string): AtomFeed {
  if (cached) return changesFeed(cached.claims, cached.defaultModel, site, ledger.buildDate, FEED_ENTRIES);
  const folders = ledgerFolders();
  const history = readHistory(folders);
  return recentChangesOf(
    history,
    ledger.claims,
    ledger.models,
    ledger.defaultModel.id,
    ledger.codeHash,
    site,
    ledger.buildDate,
    FEED_ENTRIES,
    { current: siteFile(folders), known: (slug, model) => ledger.summary(slug, model) },
  ).feed;
}

let cached: SiteHistory | null = null;

/**
 * Makes `history` the site's history (getHistory): a server build works out the whole history for
 * its store before any page is built, and the changes feed then takes its entries from it (the
 * same entries, see getRecentChanges) instead of reading and scoring the revisions again.
 */
export function keepHistory(history: SiteHistory): void {
  cached = history;
}

/** The history of the site's content, read once per process. */
export function getHistory(site: Site): SiteHistory {
  if (cached) return cached;
  cached = readSiteHistory(
    ledgerFolders(),
    site.claims,
    site.models,
    site.defaultModel.id,
    site.codeHash,
    (slug, model) => site.summary(slug, model),
  );
  return cached;
}
