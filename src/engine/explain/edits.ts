/**
 * Single edits that change the state (docs/design.md §6a), among the evidence as recorded: remove one link;
 * move its relevance or observation one level along the order the model declares the table in; one
 * more or one fewer interpretation step; authenticity or extraction set to `doubted` or `refuted`.
 * Each edit is scored in full; those that change the state are listed by the absolute change in
 * posterior log-odds, smallest first (an edit that leaves a refusal, which has no log-odds, after
 * every other), ties in file order (a link's edits in the order above), at most five.
 */
import { Decimal, plain } from '../decimal.ts';
import type { Rules } from '../rules.ts';
import type { EvidenceLink } from '../types.ts';
import { briefOf, moved } from './brief.ts';
import { outcomeOf, type Outcome } from './outcome.ts';
import type { Edit, EditKind } from './types.ts';

/** At most this many edits are listed. */
export const MOST_EDITS = 5;

/** The levels a check can be set to. */
const CHECK_LEVELS = ['doubted', 'refuted'] as const;

/** One edit before it is scored: which link, what changes, and the edited link (null: removed). */
interface Planned {
  readonly index: number;
  readonly edit: EditKind;
  readonly from: string | null;
  readonly to: string | null;
  readonly link: EvidenceLink | null;
}

/** The declared order of a level table's levels. */
export interface LevelOrder {
  readonly relevance: readonly string[];
  readonly observation: readonly string[];
}

/** Every single edit of one link, in the order the listing breaks ties by. */
function plan(rules: Rules, order: LevelOrder, link: EvidenceLink, index: number): Planned[] {
  const out: Planned[] = [{ index, edit: 'remove', from: null, to: null, link: null }];
  for (const table of ['relevance', 'observation'] as const) {
    const levels = order[table];
    const at = levels.indexOf(link[table]);
    if (at < 0) continue;
    for (const to of [levels[at - 1], levels[at + 1]]) {
      if (to !== undefined) out.push({ index, edit: table, from: link[table], to, link: { ...link, [table]: to } });
    }
  }
  const steps = new Decimal(link.interpretationSteps);
  const counts = steps.greaterThan(0) ? [steps.minus(1), steps.plus(1)] : [steps.plus(1)];
  for (const count of counts) {
    const to = plain(count);
    out.push({
      index,
      edit: 'interpretationSteps',
      from: plain(steps),
      to,
      link: { ...link, interpretationSteps: to },
    });
  }
  for (const table of ['authenticity', 'extraction'] as const) {
    for (const to of CHECK_LEVELS) {
      if (link[table] === to || !rules[table].has(to)) continue;
      out.push({ index, edit: table, from: link[table], to, link: { ...link, [table]: to } });
    }
  }
  return out;
}

/**
 * The single edits that change the state of `whole`. `removed` holds the outcome without each link
 * (worked for the links' own step, and not worked again here).
 */
export function stateChangingEdits(
  rules: Rules,
  order: LevelOrder,
  type: string,
  evidence: readonly EvidenceLink[],
  whole: Outcome,
  removed: readonly Outcome[],
): Edit[] {
  const found: { planned: Planned; outcome: Outcome; rank: bigint | null; at: number }[] = [];
  let at = 0;
  evidence.forEach((link, index) => {
    for (const planned of plan(rules, order, link, index)) {
      const outcome =
        planned.link === null
          ? removed[index]!
          : outcomeOf(
              rules,
              type,
              evidence.map((one, i) => (i === index ? planned.link! : one)),
            );
      at += 1;
      if (outcome.state === whole.state) continue;
      const units = moved(outcome, whole).units;
      found.push({ planned, outcome, rank: units === null ? null : units < 0n ? -units : units, at });
    }
  });
  found.sort((a, b) => {
    if (a.rank === null || b.rank === null) return a.rank === b.rank ? a.at - b.at : a.rank === null ? 1 : -1;
    return a.rank < b.rank ? -1 : a.rank > b.rank ? 1 : a.at - b.at;
  });
  return found.slice(0, MOST_EDITS).map(({ planned, outcome }) => ({
    link: evidence[planned.index]!.id,
    edit: planned.edit,
    from: planned.from,
    to: planned.to,
    ...briefOf(rules, outcome),
    change: moved(outcome, whole).text,
  }));
}
