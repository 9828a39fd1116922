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
  const byGroup = new Map<string, WeighedLink[]>();
  for (const link of links) {
    const key = `${link.direction}\u0000${link.source}`;
    const members = byGroup.get(key);
    if (members) members.push(link);
    else byGroup.set(key, [link]);
  }
  const keptLink = new Map<string, string | null>();
  const groups: Group[] = [];
  for (const members of byGroup.values()) {
    const first = members[0]!;
    if (strategy === 'count-every-link') {
      for (const link of members) keptLink.set(link.id, null);
      groups.push({
        source: first.source,
        direction: first.direction,
        links: members.map((l) => l.id),
        kept: members.map((l) => l.id),
      });
      continue;
    }
    let strongest = first;
    for (const link of members) if (link.weight.greaterThan(strongest.weight)) strongest = link;
    for (const link of members) keptLink.set(link.id, link === strongest ? null : strongest.id);
    groups.push({
      source: first.source,
      direction: first.direction,
      links: members.map((l) => l.id),
      kept: [strongest.id],
    });
  }
  return { groups, keptLink };
}
