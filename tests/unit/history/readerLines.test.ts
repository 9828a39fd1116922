/** A history for readers: commit subjects only when written for them, and unseen revisions folded. */
import { describe, expect, it } from 'vitest';
import type { HistoryEntry } from '../../../src/lib/history/claimHistory.ts';
import { foldedWords, historyLines, readerNote } from '../../../src/lib/history/readerLines.ts';

const LAYOUT = 'No change to what the claim records (only the file’s layout or comments).';

function entry(
  short: string,
  date: string,
  changes: string[],
  subject = 'Work on the repository',
  scoreChanged = false,
) {
  return {
    revision: { short, date: `${date}T12:00:00Z`, subject },
    changes,
    problems: [],
    scoreChanged,
  } as unknown as HistoryEntry;
}

describe('readerNote', () => {
  it('shows a subject written for readers, without its prefix, and no other', () => {
    expect(readerNote('Reader: the council’s figure corrected')).toBe('the council’s figure corrected');
    expect(readerNote('claims formatted for Prettier')).toBeNull();
    expect(readerNote('Reader:   ')).toBeNull();
  });
});

describe('historyLines', () => {
  it('folds each run of layout-only revisions into one line, never the first revision', () => {
    const lines = historyLines([
      entry('a', '2026-10-01', [LAYOUT]),
      entry('b', '2026-10-02', [LAYOUT]),
      entry('c', '2026-10-03', [LAYOUT]),
      entry('d', '2026-10-04', ['Link x added.'], 'Work', true),
      entry('e', '2026-10-05', [LAYOUT], 'Reader: layout, but the note is for readers'),
      entry('f', '2026-10-05', [LAYOUT]),
    ]);
    expect(
      lines.map((l) =>
        l.kind === 'revision' ? l.entry.revision.short : l.entries.map((e) => e.revision.short).join('+'),
      ),
    ).toEqual(['a', 'b+c', 'd', 'e', 'f']);
    const folded = lines[1]!;
    if (folded.kind !== 'folded') throw new Error('expected a folded line');
    expect(foldedWords(folded)).toBe(
      '2 revisions from 2026-10-02 to 2026-10-03 changed only the file’s layout or comments: nothing a reader sees, and not the score.',
    );
  });
});
