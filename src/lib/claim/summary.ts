/**
 * The first screen of a claim page: one plain-language sentence that answers the question, read
 * from the trace alone. It names the verdict in words, the evidence that decided it (strongest
 * first, by the names the claim file gives its sources), the groups that count once, and a
 * refusal's reason. Plain text: the page escapes it like any other claim text.
 */
import { Decimal } from '../../engine/decimal.ts';
import type { Direction, Trace } from '../../engine/index.ts';
import { capitalIdWords, idWords } from '../render/words.ts';

/** A kept link that moves the number, with the name of its source. */
interface Counted {
  readonly source: string;
  readonly weight: Decimal;
}

function sourceName(trace: Trace, id: string): string {
  return trace.input.sources.find((s) => s.id === id)?.name ?? id;
}

/** The kept links of one direction with a weight above 0, strongest first (ties in file order). */
function counted(trace: Trace, direction: Direction): Counted[] {
  const links = trace.working.links.flatMap((link, index) => {
    const weight = new Decimal(trace.links[index]!.weight);
    return link.kept && link.direction === direction && weight.greaterThan(0)
      ? [{ source: sourceName(trace, link.source), weight }]
      : [];
  });
  // A stable sort keeps file order among equal weights.
  return links.sort((a, b) => b.weight.comparedTo(a.weight));
}

const plural = (n: number, one: string, many: string): string => `${n} ${n === 1 ? one : many}`;

/** One side of the evidence, e.g. `Source lab and 2 more links`. */
function side(links: readonly Counted[]): string {
  const rest = links.length - 1;
  return rest === 0 ? links[0]!.source : `${links[0]!.source} and ${plural(rest, 'more link', 'more links')}`;
}

const total = (links: readonly Counted[]): Decimal => links.reduce((sum, l) => sum.plus(l.weight), new Decimal(0));

function evidenceClause(trace: Trace): string {
  const supporting = counted(trace, 'supports');
  const opposing = counted(trace, 'opposes');
  if (opposing.length === 0) return `the evidence for it (${side(supporting)}) has nothing against it`;
  if (supporting.length === 0) return `the evidence against it (${side(opposing)}) has nothing for it`;
  const order = total(supporting).comparedTo(total(opposing));
  if (order > 0) return `the evidence for it (${side(supporting)}) outweighs the evidence against (${side(opposing)})`;
  if (order < 0) return `the evidence against it (${side(opposing)}) outweighs the evidence for (${side(supporting)})`;
  return `the evidence for it (${side(supporting)}) and against it (${side(opposing)}) weigh the same, so it stays at its prior`;
}

/** The groups in which several links count as one, e.g. `3 links from one source (the campaign release) count once`. */
function onceClauses(trace: Trace): string[] {
  if (trace.working.independence === 'count-every-link') return [];
  return trace.working.groups
    .filter((group) => group.links.length > 1)
    .map((group) => `${group.links.length} links from one source (${sourceName(trace, group.source)}) count once`);
}

/**
 * The claim in one sentence: `Unlikely (0.1419): the evidence against it (…) outweighs the evidence
 * for (…); 3 links from one source (…) count once.` (with `band`, the state and its band come first:
 * `Unlikely (0.1 to below 0.3), at 0.1419: …`), or for a refusal `Not rated: insufficient evidence —
 * <the engine's reason>`.
 */
export function summarySentence(trace: Trace, band?: string): string {
  const { state, probability, reason } = trace.result;
  if (probability === null) {
    const why = (reason ?? '').trim();
    return `Not rated: ${idWords(state)}${why === '' ? '.' : ` — ${why}${/[.!?]$/.test(why) ? '' : '.'}`}`;
  }
  const clauses = [evidenceClause(trace), ...onceClauses(trace)];
  // With the state's band where the page first names it: "Likely (0.7 to below 0.9), at 0.8123: …".
  const named = band === undefined ? `${capitalIdWords(state)} (${probability})` : `${band}, at ${probability}`;
  return `${named}: ${clauses.join('; ')}.`;
}
