/** What a history page says when it could not see the repository's whole history. */
import type { HistoryGap } from './read.ts';

/** The sentence for a gap in the history, for readers. */
export function gapWords(gap: HistoryGap): string {
  switch (gap.kind) {
    case 'no-git':
      return 'This site was built where git is not installed, so the revisions of this claim’s file could not be read.';
    case 'not-a-repository':
      return 'This site was built from files that are not a git repository (a tarball or an export, say), so the revisions of this claim’s file could not be read.';
    case 'outside-repository':
      return 'This site was built from claim files outside its git repository, so their revisions could not be read.';
    case 'unreadable':
      return `git could not read the repository’s history (${gap.detail}), so the revisions of this claim’s file are not shown.`;
    case 'shallow':
      return `This site was built from a shallow clone: ${gap.detail}, so older revisions of this claim’s file may be missing.`;
  }
}
