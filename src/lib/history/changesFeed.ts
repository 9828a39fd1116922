/**
 * The Atom feed of score changes: the newest committed revisions of claims (FEED_ENTRIES at most)
 * that changed a state or probability under today's default model, newest first, dated by its
 * commit (never the clock).
 */
import { byCodeUnit } from '../../engine/order.ts';
import { PUBLISHER_NAME } from '../publish/claimReview.ts';
import { dateTime, type AtomEntry, type AtomFeed } from '../publish/feeds.ts';
import {
  absoluteUrl,
  changesFeedPath,
  historyPath,
  historyRevisionAnchor,
  historyTracePath,
  homePath,
  withAnchor,
} from '../paths.ts';
import type { ClaimHistoryView } from './historyTypes.ts';
import type { HistoryEntry, ScoreThen } from './claimHistory.ts';
import type { RevisionStamp } from './read.ts';

/** A result in a sentence: `likely, probability 0.8123` or `insufficient evidence`. */
export function scoreWords(s: ScoreThen): string {
  if (s.trace === null) return 'not scored';
  const { state, probability } = s.trace.result;
  return probability === null
    ? state.replaceAll('-', ' ')
    : `${state.replaceAll('-', ' ')}, probability ${probability}`;
}

/** How many revisions the feed lists at most: the newest, as feeds do (a reader's feed reader keeps the older ones). */
export const FEED_ENTRIES = 50;

/** The address of a revision on its claim's history page: the entry's id and link. */
const revisionUrl = (slug: string, short: string, site: string): string =>
  absoluteUrl(withAnchor(historyPath(slug), historyRevisionAnchor(short)), site);

/** The entry of one revision that changed the score; `before` is the claim's score before it, if it had one. */
function feedEntry(
  slug: string,
  entry: HistoryEntry,
  before: ScoreThen | null,
  defaultModel: string,
  site: string,
): AtomEntry {
  const url = revisionUrl(slug, entry.revision.short, site);
  const from = before === null ? 'first scored' : `from ${scoreWords(before)}`;
  const summary = `${scoreWords(entry.today)} under ${defaultModel} (${from}).`;
  return {
    id: url,
    title: `${slug}: ${scoreWords(entry.today)}`,
    updated: entry.revision.date,
    published: entry.revision.date,
    author: PUBLISHER_NAME,
    summary,
    content: `${summary}\n\nCommit ${entry.revision.short}: ${entry.revision.subject}\n\n${entry.changes.join('\n')}`,
    links: [
      { rel: 'alternate', type: 'text/html', href: url },
      {
        rel: 'related',
        type: 'application/json',
        href: absoluteUrl(historyTracePath(slug, entry.revision.short), site),
      },
    ],
    category: slug,
  };
}

/** The feed's order: newest commit first, then by address. */
const newestFirst = (a: { updated: string; id: string }, b: { updated: string; id: string }): number =>
  byCodeUnit(b.updated, a.updated) || byCodeUnit(a.id, b.id);

/** The feed around its entries (at most `limit`, newest first). */
export function feedOf(
  entries: readonly AtomEntry[],
  defaultModel: string,
  site: string,
  buildDate: string,
  limit: number,
): AtomFeed {
  const self = absoluteUrl(changesFeedPath(), site);
  return {
    id: self,
    title: 'The claim ledger: score changes',
    subtitle: `The newest committed revisions of claims (${limit} at most) that changed a state or probability under ${defaultModel}.`,
    updated: entries[0]?.updated ?? dateTime(buildDate),
    author: { name: PUBLISHER_NAME, uri: absoluteUrl(homePath(), site) },
    links: [
      { rel: 'self', type: 'application/atom+xml', href: self },
      { rel: 'alternate', type: 'text/html', href: absoluteUrl(homePath(), site) },
    ],
    entries: [...entries],
  };
}

/** Every entry of one claim's history: the revisions that changed its score, each with the score before. */
function claimEntries(view: ClaimHistoryView, defaultModel: string, site: string): AtomEntry[] {
  const out: AtomEntry[] = [];
  let before: ScoreThen | null = null;
  for (const entry of view.entries) {
    if (entry.scoreChanged) out.push(feedEntry(view.slug, entry, before, defaultModel, site));
    if (entry.today.trace !== null) before = entry.today;
  }
  return out;
}

/** The feed of the `limit` newest revisions that changed a state or probability under today's default, from every claim's whole history. */
export function changesFeed(
  claims: readonly ClaimHistoryView[],
  defaultModel: string,
  site: string,
  buildDate: string,
  limit = FEED_ENTRIES,
): AtomFeed {
  const entries = claims.flatMap((view) => claimEntries(view, defaultModel, site)).sort(newestFirst);
  return feedOf(entries.slice(0, limit), defaultModel, site, buildDate, limit);
}

/** How many claims' histories are read and scored together while looking for the newest changes. */
const BATCH = 32;

/**
 * The `limit` newest score changes without working out every claim's history: every revision of
 * every claim is put in the feed's order from the log alone (`stamps`, by commit date, then by the
 * entry's address), then walked from the newest, reading (`read`, a batch of claims at a time) and
 * scoring only the claims met, and stopping once `limit` changes are found. Since the walk is in
 * the feed's own order, these are the first `limit` entries of the whole history's feed.
 */
export function newestChanges(
  claims: readonly { readonly slug: string; readonly name: string }[],
  stamps: (name: string) => readonly RevisionStamp[],
  read: (names: readonly string[]) => void,
  historyOf: (name: string) => ClaimHistoryView,
  defaultModel: string,
  site: string,
  limit: number,
  batchSize = BATCH,
): AtomEntry[] {
  const order = claims
    .flatMap(({ slug, name }) =>
      stamps(name).map(({ short, date }) => ({ slug, name, short, updated: date, id: revisionUrl(slug, short, site) })),
    )
    .sort(newestFirst);
  const done = new Map<string, AtomEntry[]>();
  const out: AtomEntry[] = [];
  for (let i = 0; i < order.length && out.length < limit; i++) {
    const { name, id } = order[i]!;
    if (!done.has(name)) {
      // The claims of the next revisions in the walk, read in one go.
      const batch = [...new Set(order.slice(i, i + batchSize * 4).map((o) => o.name))].filter((n) => !done.has(n));
      const names = batch.slice(0, batchSize);
      read(names);
      for (const n of names) done.set(n, claimEntries(historyOf(n), defaultModel, site));
    }
    const found = done.get(name)!.find((entry) => entry.id === id);
    if (found) out.push(found);
  }
  return out;
}
