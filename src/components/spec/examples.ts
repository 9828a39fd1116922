/**
 * Which real claims the specification points at: one scored under the default model that shows
 * as many steps as possible (a dependent link, the author's own review, votes), and one of each
 * refusal. Chosen from traces, never typed in, so the links always land on a step that exists.
 */
import type { Trace } from '../../engine/index.ts';

/** The claims the specification links to, by slug, with the link whose row it points at. */
export interface SpecExamples {
  readonly scored: { readonly slug: string; readonly link: string; readonly trace: Trace };
  readonly notApplicable: string | null;
  readonly insufficient: string | null;
}

function richness(trace: Trace): number {
  const { working } = trace;
  return (
    (working.links.some((l) => !l.kept) ? 4 : 0) +
    (working.links.some((l) => l.direction === 'opposes' && l.kept) ? 2 : 0) +
    (working.coverage.reviews.some((r) => r.status === 'by-author') ? 1 : 0) +
    (working.gradient.votes.length > 0 ? 1 : 0)
  );
}

/** Picks the examples from the default model's traces, in the site's claim order. */
export function pickExamples(traces: readonly Trace[]): SpecExamples {
  const scored = traces.filter((t) => t.result.probability !== null && t.links.length > 0);
  if (scored.length === 0)
    throw new Error('the specification needs at least one scored claim under the default model to point at');
  // The richest scored trace; the first in site order among equals.
  const best = scored.reduce((a, b) => (richness(b) > richness(a) ? b : a));
  const link = best.links.find((l) => !l.kept) ?? best.links[0]!;
  return {
    scored: { slug: best.claim, link: link.id, trace: best },
    notApplicable: traces.find((t) => t.result.state === 'not-applicable')?.claim ?? null,
    insufficient: traces.find((t) => t.result.state === 'insufficient-evidence')?.claim ?? null,
  };
}
