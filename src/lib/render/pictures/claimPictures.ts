/**
 * The numbers of a claim page's pictures as CSV, each figure the trace's own decimal string: the
 * page writes each into its picture's download link (download.ts), and the picture's SVG is made in
 * the browser from the figure the page draws, so that a claim makes no file per picture.
 */
import type { Model, Trace } from '../../../engine/index.ts';
import { pictureCsv } from './download.ts';

const yes = (b: boolean): string => (b ? 'yes' : 'no');

/** One model's row of the every-model strip. */
export interface ModelPoint {
  readonly model: string;
  readonly isDefault: boolean;
  /** True for this page's model. */
  readonly current: boolean;
  readonly state: string;
  /** The trace's own string; null for a refusal. */
  readonly probability: string | null;
}

/** The claim under every released model (the every-model strip): one row each. */
export function everyModelCsv(points: readonly ModelPoint[]): string {
  return pictureCsv(
    ['model', 'default', 'this_page', 'state', 'probability'],
    points.map((p) => [p.model, yes(p.isDefault), yes(p.current), p.state, p.probability]),
  );
}

/** The log-odds walk: the prior, each link in the walk's order, the posterior. */
export function walkCsv(trace: Trace): string {
  const { prior, sum, links } = trace.working;
  const ordered = links
    .filter((l) => l.kept)
    .flatMap((kept) => [kept, ...links.filter((l) => !l.kept && l.keptLink === kept.id)]);
  return pictureCsv(
    ['part', 'link', 'direction', 'counted', 'weight', 'log_odds', 'probability'],
    [
      ['prior', null, null, null, null, prior?.logOdds ?? null, prior?.probability ?? null],
      ...ordered.map((l) => ['link', l.id, l.direction, yes(l.kept), l.weight, null, null]),
      ['posterior', null, null, null, null, sum?.posteriorLogOdds ?? null, trace.result.probability],
    ],
  );
}

/** The logistic curve: each state's lower bound, the claim's point and its re-scores. */
export function logisticCsv(trace: Trace, model: Model): string {
  const { state, sum, stability } = trace.working;
  const thresholds = state?.thresholds ?? model.states;
  return pictureCsv(
    ['part', 'state', 'scale', 'log_odds', 'probability'],
    [
      ...thresholds.map((t) => ['state-from', t.state, null, null, t.from]),
      ['claim', trace.result.state, null, sum?.posteriorLogOdds ?? null, trace.result.probability],
      ...(stability?.rescores ?? []).map((r) => ['re-score', null, r.scale, r.logOdds, r.probability]),
    ],
  );
}

/** The votes: each vote, the gradient, the consensus thresholds and the evidence probability. */
export function votesCsv(trace: Trace, model: Model): string {
  const g = trace.working.gradient;
  return pictureCsv(
    ['part', 'voter', 'value', 'weight'],
    [
      ...g.votes.map((v) => ['vote', v.voter, v.value, v.weight]),
      ['gradient', null, g.value, null],
      ['consensus-false-to', null, model.gradient.falseTo, null],
      ['consensus-true-from', null, model.gradient.trueFrom, null],
      ['evidence-probability', null, trace.result.probability, null],
    ],
  );
}
