/**
 * The Atom feed of score changes: every committed revision of a claim that changed its state or
 * probability under today's default model, newest first, dated by its commit (never the clock).
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
import type { ClaimHistoryView } from './siteHistory.ts';
import type { ScoreThen } from './claimHistory.ts';

/** A result in a sentence: `likely, probability 0.8123` or `insufficient evidence`. */
export function scoreWords(s: ScoreThen): string {
  if (s.trace === null) return 'not scored';
  const { state, probability } = s.trace.result;
  return probability === null
    ? state.replaceAll('-', ' ')
    : `${state.replaceAll('-', ' ')}, probability ${probability}`;
}

/** The feed of every revision that changed a state or probability under today's default model. */
export function changesFeed(
  claims: readonly ClaimHistoryView[],
  defaultModel: string,
  site: string,
  buildDate: string,
): AtomFeed {
  const entries: AtomEntry[] = [];
  for (const { slug, entries: revisions } of claims) {
    let before: ScoreThen | null = null;
    for (const entry of revisions) {
      if (entry.scoreChanged) {
        const url = absoluteUrl(withAnchor(historyPath(slug), historyRevisionAnchor(entry.revision.short)), site);
        const from = before === null ? 'first scored' : `from ${scoreWords(before)}`;
        const summary = `${scoreWords(entry.today)} under ${defaultModel} (${from}).`;
        entries.push({
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
        });
      }
      if (entry.today.trace !== null) before = entry.today;
    }
  }
  entries.sort((a, b) => byCodeUnit(b.updated, a.updated) || byCodeUnit(a.id, b.id));
  const self = absoluteUrl(changesFeedPath(), site);
  return {
    id: self,
    title: 'The claim ledger: score changes',
    subtitle: `Every committed revision of a claim that changed its state or probability under ${defaultModel}.`,
    updated: entries[0]?.updated ?? dateTime(buildDate),
    author: { name: PUBLISHER_NAME, uri: absoluteUrl(homePath(), site) },
    links: [
      { rel: 'self', type: 'application/atom+xml', href: self },
      { rel: 'alternate', type: 'text/html', href: absoluteUrl(homePath(), site) },
    ],
    entries,
  };
}
