/** The sum step: the kept supporting and opposing weights. */
import type { Direction, Trace } from '../../../engine/index.ts';
import { fieldOf, type Field } from '../fields.ts';
import { linkAnchor } from './evidence.ts';

/** A kept link as one term of the sum. */
export interface SumTerm {
  readonly id: string;
  readonly anchor: string;
  readonly weight: Field;
}

/** The kept links that the sum adds (supporting) and subtracts (opposing). */
export function sumTerms(trace: Trace): {
  readonly supporting: readonly SumTerm[];
  readonly opposing: readonly SumTerm[];
} {
  const terms = (direction: Direction): SumTerm[] =>
    trace.working.links.flatMap((link, index) =>
      link.kept && link.direction === direction
        ? [{ id: link.id, anchor: linkAnchor(link.id), weight: fieldOf(trace, `links.${index}.weight`) }]
        : [],
    );
  return { supporting: terms('supports'), opposing: terms('opposes') };
}
