/** Without each link (docs/design.md §6a): the claim with one link removed, the others unchanged. */
import type { Rules } from '../rules.ts';
import type { EvidenceLink } from '../types.ts';
import { briefOf, moved } from './brief.ts';
import { outcomeOf, type Outcome } from './outcome.ts';
import type { WithoutLink } from './types.ts';

/** The evidence without the link at `index`. */
export function withoutAt(evidence: readonly EvidenceLink[], index: number): EvidenceLink[] {
  return [...evidence.slice(0, index), ...evidence.slice(index + 1)];
}

/** For every link in file order: the result without it and how far that moves the log-odds. */
export function withoutEachLink(
  rules: Rules,
  type: string,
  evidence: readonly EvidenceLink[],
  whole: Outcome,
): { rows: WithoutLink[]; outcomes: Outcome[] } {
  const outcomes = evidence.map((_, i) => outcomeOf(rules, type, withoutAt(evidence, i)));
  const rows = outcomes.map((outcome, i) => ({
    link: evidence[i]!.id,
    ...briefOf(rules, outcome),
    change: moved(outcome, whole).text,
  }));
  return { rows, outcomes };
}
