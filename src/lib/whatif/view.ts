/**
 * What the what-if panel shows, read from two traces: the what-if's and the published one. Plain
 * data (texts), no markup: the panel writes it with textContent. Every figure is a string from a
 * trace, as on the page itself.
 */
import type { Trace } from '../../engine/index.ts';
import { summarySentence } from '../claim/summary.ts';
import { idWords } from '../render/words.ts';

/** One figure, published and in the what-if. */
export interface ComparedRow {
  readonly label: string;
  readonly published: string;
  readonly whatIf: string;
  readonly changed: boolean;
}

/** Everything the panel's figures show after a re-score. */
export interface WhatIfView {
  /** "0.6225 → 0.4017, uncertain → uncertain". */
  readonly headline: string;
  /** What the live region says. */
  readonly announcement: string;
  readonly rows: readonly ComparedRow[];
  readonly summary: string;
  /** The prior, the kept sums and the posterior, as one line; null when not scored. */
  readonly sum: string | null;
  readonly groups: readonly string[];
  /** Each link of the what-if's claim, by id: its weight, product and how it counts. */
  readonly links: ReadonlyMap<string, string>;
  /** Each vote of the what-if's claim, by voter: its weight. */
  readonly votes: ReadonlyMap<string, string>;
}

const probabilityOf = (trace: Trace): string => trace.result.probability ?? 'not rated';
const stabilityOf = (trace: Trace): string =>
  trace.result.stability === null
    ? 'none'
    : `${trace.result.stability.level} (spread ${trace.result.stability.spread})`;
const coverageOf = (trace: Trace): string =>
  `${trace.result.coverage.done} of ${trace.result.coverage.declared} checks (${trace.result.coverage.value})`;
const gradientOf = (trace: Trace): string => `${trace.result.gradient.value}, ${idWords(trace.result.gradient.status)}`;

/** A signed weight as the page writes it, with a true minus sign. */
const signed = (text: string): string => (text.startsWith('-') ? `−${text.slice(1)}` : `+${text}`);

/** The rows that compare the published score with the what-if. */
function rowsOf(whatIf: Trace, published: Trace): ComparedRow[] {
  const row = (label: string, read: (t: Trace) => string): ComparedRow => {
    const [a, b] = [read(published), read(whatIf)];
    return { label, published: a, whatIf: b, changed: a !== b };
  };
  return [
    row('Model', (t) => t.model),
    row('Probability', probabilityOf),
    row('State', (t) => idWords(t.result.state)),
    row('Posterior log-odds', (t) => t.result.posteriorLogOdds ?? 'none'),
    row('Stability', stabilityOf),
    row('Review coverage', coverageOf),
    row('Community gradient', gradientOf),
  ];
}

/** The panel's view of a what-if trace beside the published trace. */
export function whatIfView(whatIf: Trace, published: Trace): WhatIfView {
  const { working } = whatIf;
  const headline = `${probabilityOf(published)} → ${probabilityOf(whatIf)}, ${idWords(published.result.state)} → ${idWords(whatIf.result.state)}`;
  const announcement = `What-if: ${probabilityOf(whatIf)}, ${idWords(whatIf.result.state)} (published: ${probabilityOf(published)}, ${idWords(published.result.state)}).`;
  const sum =
    working.sum === null || working.prior === null
      ? null
      : `Prior log-odds ${working.prior.logOdds} + supporting ${working.sum.supporting} − opposing ${working.sum.opposing} = posterior log-odds ${working.sum.posteriorLogOdds}`;
  const groups = working.groups.map((group) => {
    const counted =
      group.kept.length === group.links.length ? 'all count' : `counts ${group.kept.join(', ') || 'none'}`;
    return `${group.source}, ${group.direction}: ${group.links.join(', ')} (${counted})`;
  });
  const links = new Map<string, string>();
  for (const link of working.links) {
    const how = link.kept
      ? `counts ${signed(link.signedWeight)}`
      : link.keptLink === null
        ? 'does not count'
        : `dependent, strongest only: ${link.keptLink} counts instead`;
    links.set(link.id, `weight ${link.weight} (product ${link.product}), ${how}`);
  }
  const votes = new Map<string, string>();
  for (const vote of working.gradient.votes) votes.set(vote.voter, `weight ${vote.weight}`);
  return {
    headline,
    announcement,
    rows: rowsOf(whatIf, published),
    summary: summarySentence(whatIf),
    sum,
    groups,
    links,
    votes,
  };
}
