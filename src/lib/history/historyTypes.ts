/** The history as pages read it: a claim's history view and page, and the history of every claim. */
import type { Trace } from '../../engine/index.ts';
import type { TraceSummary } from '../site/records.ts';
import type { HistoryEntry } from './claimHistory.ts';
import type { HistoryGap } from './read.ts';

/** One claim's history as its page shows it. */
export interface ClaimHistoryView {
  readonly slug: string;
  /** Oldest first. */
  readonly entries: readonly HistoryEntry[];
  /** True when the file the site was built from is not its last committed revision. */
  readonly uncommitted: boolean;
}

/**
 * Everything a claim's history page shows: its history view, the claim's statement now and what
 * of the history could not be seen. A build works it out from git; a server reads it from the store.
 */
export interface ClaimHistoryPage extends ClaimHistoryView {
  /** The statement of the claim as the site shows it now. */
  readonly statement: string;
  readonly gap: HistoryGap | null;
}

/** A trace a history page publishes: a revision under today's default (`model` null) or under the default then. */
export interface HistoryTrace {
  readonly slug: string;
  readonly commit: string;
  readonly model: string | null;
  readonly summary: TraceSummary;
  /** The whole trace, scored again when its file is written (a build never holds every revision's working). */
  readonly trace: () => Trace;
}

/** The history of every claim of the site. */
export interface SiteHistory {
  readonly gap: HistoryGap | null;
  /** Today's default model. */
  readonly defaultModel: string;
  of(slug: string): ClaimHistoryView;
  /** Every trace the history pages publish. */
  readonly traces: readonly HistoryTrace[];
  /** Every claim's history, in the site's claim order. */
  readonly claims: readonly ClaimHistoryView[];
}

/** The build's own summary of a claim it scored (the site's file, under a released model). */
export type KnownSummary = (slug: string, model: string) => TraceSummary;
