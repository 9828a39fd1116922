/** The independence groups step: links grouped by source and direction, kept and dependent. */
import type { Direction, Trace } from '../../../engine/index.ts';
import { fieldOf, type Field } from '../fields.ts';
import { linkAnchor, linkIndex, sourceView, type SourceView } from './evidence.ts';

/** One member of an independence group. */
export interface GroupMember {
  readonly id: string;
  readonly anchor: string;
  readonly weight: Field;
  readonly kept: boolean;
  readonly keptLink: string | null;
  readonly keptAnchor: string | null;
}

/** One independence group: a source and a direction. */
export interface GroupView {
  readonly source: SourceView;
  readonly direction: Direction;
  readonly members: readonly GroupMember[];
}

/** The independence groups of a claim, and whether every link counts under the model. */
export interface GroupsView {
  readonly strategy: string;
  readonly everyLinkCounts: boolean;
  readonly groups: readonly GroupView[];
  readonly dependentCount: number;
  /** The table's caption, e.g. `2 groups, 3 dependent links set aside`, as one string so no whitespace enters it. */
  readonly caption: string;
}

/** Groups the links by (source, direction) as the engine did, listing kept and dependent links. */
export function groupsView(trace: Trace): GroupsView {
  const groups = trace.working.groups.map((group) => ({
    source: sourceView(trace, group.source),
    direction: group.direction,
    members: group.links.map((id) => {
      const index = linkIndex(trace, id);
      const link = trace.links[index]!;
      return {
        id,
        anchor: linkAnchor(id),
        weight: fieldOf(trace, `links.${index}.weight`),
        kept: link.kept,
        keptLink: link.keptLink,
        keptAnchor: link.keptLink === null ? null : linkAnchor(link.keptLink),
      };
    }),
  }));
  const everyLinkCounts = trace.working.independence === 'count-every-link';
  const dependentCount = trace.links.filter((l) => !l.kept).length;
  const counted = `${groups.length} ${groups.length === 1 ? 'group' : 'groups'}`;
  const setAside = `${dependentCount} dependent ${dependentCount === 1 ? 'link' : 'links'} set aside`;
  return {
    strategy: trace.working.independence,
    everyLinkCounts,
    groups,
    dependentCount,
    caption: everyLinkCounts ? counted : `${counted}, ${setAside}`,
  };
}
