/** Step 3: independence groups, and which link of each group counts. */
import type { Decimal } from './decimal.ts';
import type { Direction, IndependenceStrategy } from './types.ts';
import { recentlyUsed } from './perRules.ts';

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
  return independenceOf(
    links,
    group(links),
    links.map((link) => link.weight),
    strategy,
  );
}

/** A link as grouping sees it: where it comes from and which way it bears. */
interface Placed {
  readonly id: string;
  readonly source: string;
  readonly direction: Direction;
}

/** One (source, direction) group before weights: its links' positions and ids in file order. */
interface GroupOfLinks {
  readonly source: string;
  readonly direction: Direction;
  readonly members: readonly number[];
  readonly ids: readonly string[];
}

/** The groups of a list of links, in order of first appearance (the same under every model). */
export interface Grouping {
  readonly groups: readonly GroupOfLinks[];
  /** Whether no two links share an id (always so in a validated claim). */
  readonly uniqueIds: boolean;
}

/**
 * What scoring reads of a claim's links (ids, sources, directions), read once per evidence list
 * into arrays the engine makes. The callers' link objects differ in shape from one caller to
 * another (the loader's, a test's, a benchmark's), and their strings in kind; code optimised for
 * one caller's objects is thrown away and compiled again on meeting another's, tens of
 * milliseconds for the largest scoring functions. Read here, only this small function meets them.
 */
export interface LinksRead {
  readonly ids: readonly string[];
  readonly sources: readonly string[];
  /** Each direction, `supports` and `opposes` as the engine's own strings (the same text), any other as given. */
  readonly directions: readonly Direction[];
}

export const linksRead = recentlyUsed<readonly Placed[], LinksRead>((links) => {
  const ids: string[] = [];
  const sources: string[] = [];
  const directions: Direction[] = [];
  for (let i = 0; i < links.length; i++) {
    const { id, source, direction } = links[i]!;
    ids.push(id);
    sources.push(source);
    directions.push(direction === 'supports' ? 'supports' : direction === 'opposes' ? 'opposes' : direction);
  }
  return { ids, sources, directions };
});

/** A claim's links grouped afresh, from what scoring reads of them. */
const group = (links: readonly Placed[]): Grouping => groupRead(linksRead(links));

const groupings = recentlyUsed<readonly Placed[], Grouping>(group);

/**
 * The groups of a claim's links, worked out once per evidence list (claims are read-only once
 * loaded; the memo is keyed by the list and holds the most recent few): every model groups them alike, and
 * only which link of a group is strongest depends on the model's weights.
 */
export function groupingOf(links: readonly Placed[]): Grouping {
  return groupings(links);
}

/** Step 3 by position: the groups, and for each link the id it depends on (null: it counts). */
export interface Kept {
  readonly groups: readonly Group[];
  /**
   * What `keptLink` holds for link i's id. Only when the grouping's ids are unique; otherwise
   * `keptLink` (which keeps the last value set for an id) must be read instead.
   */
  readonly keptAt: readonly (string | null)[];
}

/** Step 3 from the links, their grouping (`groupingOf(links)`) and their weights (by position). */
export function keptOf(
  links: readonly Placed[],
  grouping: Grouping,
  weights: readonly Decimal[],
  strategy: IndependenceStrategy,
): Kept {
  return keptBy(links, grouping, weights, greaterDecimal, strategy);
}

/** `keptOf` from the weights in whole units of one place (as bigints): the same comparisons. */
export function keptOfUnits(
  links: readonly Placed[],
  grouping: Grouping,
  units: readonly bigint[],
  strategy: IndependenceStrategy,
): Kept {
  return keptBy(links, grouping, units, greaterUnits, strategy);
}

/** `keptOf` from the weights in whole units as doubles (each a whole number below 2^53): the same comparisons. */
export function keptOfSmallUnits(
  links: readonly Placed[],
  grouping: Grouping,
  units: readonly number[],
  strategy: IndependenceStrategy,
): Kept {
  return keptBy(links, grouping, units, greaterNumber, strategy);
}

const greaterDecimal = (a: Decimal, b: Decimal): boolean => a.greaterThan(b);
const greaterNumber = (a: number, b: number): boolean => a > b;
const greaterUnits = (a: bigint, b: bigint): boolean => a > b;

function keptBy<T>(
  links: readonly Placed[],
  grouping: Grouping,
  weights: readonly T[],
  greater: (a: T, b: T) => boolean,
  strategy: IndependenceStrategy,
): Kept {
  const keptAt = new Array<string | null>(links.length).fill(null);
  const groups: Group[] = [];
  const every = strategy === 'count-every-link';
  for (const { source, direction, members, ids } of grouping.groups) {
    if (every) {
      groups.push({ source, direction, links: ids, kept: ids });
      continue;
    }
    let strongest = 0;
    let strongestWeight = weights[members[0]!]!;
    for (let k = 1; k < members.length; k++) {
      const weight = weights[members[k]!]!;
      if (greater(weight, strongestWeight)) {
        strongest = k;
        strongestWeight = weight;
      }
    }
    const keptId = ids[strongest]!;
    // By identity, as a link object listed twice is one link.
    const kept = links[members[strongest]!];
    for (const member of members) keptAt[member] = links[member] === kept ? null : keptId;
    groups.push({ source, direction, links: ids, kept: [keptId] });
  }
  return { groups, keptAt };
}

/** `keptLink` by id from `keptOf`'s answer, set group by group in order as step 3 has always set it. */
export function keptById(grouping: Grouping, keptAt: readonly (string | null)[]): Map<string, string | null> {
  const keptLink = new Map<string, string | null>();
  for (const { members, ids } of grouping.groups)
    for (let k = 0; k < ids.length; k++) keptLink.set(ids[k]!, keptAt[members[k]!] ?? null);
  return keptLink;
}

/** `keptOf` with `keptLink` by id. */
export function independenceOf(
  links: readonly Placed[],
  grouping: Grouping,
  weights: readonly Decimal[],
  strategy: IndependenceStrategy,
): Independence {
  const { groups, keptAt } = keptOf(links, grouping, weights, strategy);
  return { groups, keptLink: keptById(grouping, keptAt) };
}

/** Up to this many links, groups are found by scanning them: cheaper than maps for a handful. */
const FEW = 16;

function groupRead(read: LinksRead): Grouping {
  const { ids } = read;
  const groups = ids.length <= FEW ? groupedByScan(read) : groupedByMap(read);
  return { groups, uniqueIds: new Set(ids).size === ids.length };
}

/** Groups in order of first appearance, each found by comparing source and direction. */
function groupedByScan({ ids, sources, directions }: LinksRead): GroupOfLinks[] {
  const ordered: { source: string; direction: Direction; members: number[]; ids: string[] }[] = [];
  for (let i = 0; i < ids.length; i++) {
    const source = sources[i]!;
    const direction = directions[i]!;
    let found = false;
    for (const group of ordered) {
      if (group.source === source && group.direction === direction) {
        group.members.push(i);
        group.ids.push(ids[i]!);
        found = true;
        break;
      }
    }
    if (!found) ordered.push({ source, direction, members: [i], ids: [ids[i]!] });
  }
  return ordered;
}

/** The same groups in the same order, found through one map per direction (no key string per link). */
function groupedByMap({ ids, sources, directions }: LinksRead): GroupOfLinks[] {
  const ordered: { source: string; direction: Direction; members: number[]; ids: string[] }[] = [];
  const byDirection = new Map<Direction, Map<string, (typeof ordered)[number]>>();
  for (let i = 0; i < ids.length; i++) {
    const source = sources[i]!;
    const direction = directions[i]!;
    let bySource = byDirection.get(direction);
    if (bySource === undefined) {
      bySource = new Map();
      byDirection.set(direction, bySource);
    }
    const group = bySource.get(source);
    if (group === undefined) {
      const created = { source, direction, members: [i], ids: [ids[i]!] };
      bySource.set(source, created);
      ordered.push(created);
    } else {
      group.members.push(i);
      group.ids.push(ids[i]!);
    }
  }
  return ordered;
}
