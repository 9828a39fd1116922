/**
 * What a claim's history page shows of each revision, for readers: the commit subject only when it
 * was written for them (it starts with "Reader: "; other subjects describe the repository's work,
 * not the claim), and runs of revisions that change nothing a reader sees (layout, comments, the
 * same score) folded into one line.
 */
import type { HistoryEntry } from './claimHistory.ts';

/** The prefix that marks a commit subject as written for the readers of the claims it touches. */
export const READER_PREFIX = 'Reader: ';

/** The words a revision that changes nothing the claim records is described with (changeWords.ts). */
const LAYOUT_ONLY = 'No change to what the claim records (only the file’s layout or comments).';

/** A commit subject as a reader sees it: the words after "Reader: ", or nothing. */
export function readerNote(subject: string): string | null {
  if (!subject.startsWith(READER_PREFIX)) return null;
  const note = subject.slice(READER_PREFIX.length).trim();
  return note === '' ? null : note;
}

/** One line of the history: a revision, or a run of revisions that changed nothing a reader sees. */
export type HistoryLine =
  | { readonly kind: 'revision'; readonly entry: HistoryEntry }
  | {
      readonly kind: 'folded';
      readonly entries: readonly HistoryEntry[];
      /** The first and the last revision's date (YYYY-MM-DD). */
      readonly from: string;
      readonly to: string;
    };

const unseen = (e: HistoryEntry): boolean =>
  !e.scoreChanged &&
  e.problems.length === 0 &&
  e.changes.length === 1 &&
  e.changes[0] === LAYOUT_ONLY &&
  readerNote(e.revision.subject) === null;

/** The history's lines, oldest first: each run of revisions that change nothing a reader sees is one line. */
export function historyLines(entries: readonly HistoryEntry[]): HistoryLine[] {
  const lines: HistoryLine[] = [];
  let run: HistoryEntry[] = [];
  const flush = (): void => {
    if (run.length > 0)
      lines.push({
        kind: 'folded',
        entries: run,
        from: run[0]!.revision.date.slice(0, 10),
        to: run[run.length - 1]!.revision.date.slice(0, 10),
      });
    run = [];
  };
  entries.forEach((entry, i) => {
    // The first revision is where the file begins: never folded.
    if (i > 0 && unseen(entry)) run.push(entry);
    else {
      flush();
      lines.push({ kind: 'revision', entry });
    }
  });
  flush();
  return lines;
}

/** A folded run in words. */
export function foldedWords(line: Extract<HistoryLine, { kind: 'folded' }>): string {
  const n = line.entries.length;
  const when = line.from === line.to ? `on ${line.from}` : `from ${line.from} to ${line.to}`;
  return `${n === 1 ? 'One revision' : `${n} revisions`} ${when} changed only the file’s layout or comments: nothing a reader sees, and not the score.`;
}
