/** Step 3: independence groups, and which link of each group counts. */
import type { Decimal } from './decimal.ts';
import type { Direction, IndependenceStrategy } from './types.ts';

/** What step 3 needs of a link. */
export interface WeighedLink {
  readonly id: string;
  readonly source: string;
  readonly direction: Direction;
  readonly weight: Decimal;
}

/** One (source, direction) group: its links in file order and the one that counts. */
export interface Group {
  readonly source: string;
  readonly direction: Direction;
  readonly links: readonly string[];
  readonly kept: readonly string[];
}

/** For each link, whether it counts and, when it does not, the link it depends on. */
export interface Independence {
  readonly groups: readonly Group[];
  readonly keptLink: ReadonlyMap<string, string | null>;
}

/**
 * Groups links by (source, direction) in order of first appearance. Under
 * `strongest-per-group-and-direction` only the largest weight of a group counts (ties: the first in
 * file order); under `count-every-link` every link counts.
 */
export function independence(links: readonly WeighedLink[], strategy: IndependenceStrategy): Independence {
  const ordered = links.length <= FEW ? groupedByScan(links) : groupedByMap(links);
  const keptLink = new Map<string, string | null>();
  const groups: Group[] = [];
  const every = strategy === 'count-every-link';
  for (const members of ordered) {
    const first = members[0]!;
    const ids = idsOf(members);
    if (every) {
      for (const link of members) keptLink.set(link.id, null);
      groups.push({ source: first.source, direction: first.direction, links: ids, kept: [...ids] });
      continue;
    }
    let strongest = first;
    for (const link of members) if (link.weight.greaterThan(strongest.weight)) strongest = link;
    for (const link of members) keptLink.set(link.id, link === strongest ? null : strongest.id);
    groups.push({ source: first.source, direction: first.direction, links: ids, kept: [strongest.id] });
  }
  return { groups, keptLink };
}

function idsOf(members: readonly WeighedLink[]): string[] {
  const ids: string[] = [];
  for (const link of members) ids.push(link.id);
  return ids;
}

/** Up to this many links, groups are found by scanning them: cheaper than maps for a handful. */
const FEW = 16;

/** Groups in order of first appearance, each found by comparing source and direction. */
function groupedByScan(links: readonly WeighedLink[]): WeighedLink[][] {
  const ordered: WeighedLink[][] = [];
  for (const link of links) {
    let members: WeighedLink[] | undefined;
    for (const group of ordered) {
      const first = group[0]!;
      if (first.source === link.source && first.direction === link.direction) {
        members = group;
        break;
      }
    }
    if (members === undefined) ordered.push([link]);
    else members.push(link);
  }
  return ordered;
}

/** The same groups in the same order, found through one map per direction (no key string per link). */
function groupedByMap(links: readonly WeighedLink[]): WeighedLink[][] {
  const ordered: WeighedLink[][] = [];
  const byDirection = new Map<Direction, Map<string, WeighedLink[]>>();
  for (const link of links) {
    let bySource = byDirection.get(link.direction);
    if (bySource === undefined) {
      bySource = new Map();
      byDirection.set(link.direction, bySource);
    }
    const members = bySource.get(link.source);
    if (members === undefined) {
      const group = [link];
      bySource.set(link.source, group);
      ordered.push(group);
    } else members.push(link);
  }
  return ordered;
}
