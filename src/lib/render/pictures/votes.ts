/**
 * The votes (docs/design.md §6): each vote a dot on a 0–1 line, its area by its weight, the gradient
 * marked, the model's consensus thresholds shaded, and the evidence probability on the same line.
 */
import { scaleLinear, scaleSqrt } from 'd3-scale';
import { max } from 'd3-array';
import type { Model, Trace } from '../../../engine/index.ts';
import { idWords } from '../words.ts';
import { type Alt, LINE, WIDTH, px, refusalWords } from './frame.ts';

/** What the votes' component draws. */
export interface VotesView {
  readonly width: number;
  readonly height: number;
  readonly left: number;
  readonly right: number;
  readonly lineY: number;
  /** The baselines of the evidence probability's label and of the gradient's. */
  readonly evidenceY: number;
  readonly gradientY: number;
  readonly dots: readonly { readonly x: number; readonly r: number; readonly voter: string }[];
  /** The consensus-false region (0 up to falseTo) and the consensus-true one (trueFrom up to 1). */
  readonly falseZone: { readonly x: number; readonly width: number; readonly label: string };
  readonly trueZone: { readonly x: number; readonly width: number; readonly label: string };
  readonly gradient: { readonly x: number; readonly label: string };
  /** The evidence probability, or null when the claim has none. */
  readonly evidence: { readonly x: number; readonly label: string } | null;
  /** The words under the picture. */
  readonly caption: string;
  readonly alt: Alt;
}

/** The votes of `trace` under `model`'s consensus thresholds. */
export function votesView(trace: Trace, model: Model): VotesView {
  const left = 12;
  const right = WIDTH - 12;
  const x = scaleLinear().domain([0, 1]).range([left, right]);
  const g = trace.working.gradient;
  const { trueFrom, falseTo } = model.gradient;
  const heaviest = max(g.votes, (v) => Number(v.weight)) ?? 0;
  const r = scaleSqrt()
    .domain([0, heaviest > 0 ? heaviest : 1])
    .range([2, 9]);
  // Two rows of labels above the line: the evidence probability's, then the gradient's.
  const lineY = 18 + LINE + 24;
  const { result } = trace;
  const gradientLabel = g.status === 'no-votes' ? `no votes: ${g.value}` : `gradient ${g.value}`;
  const votes = g.votes.map((v) => `${v.voter} ${v.value} (weight ${v.weight})`).join('; ');
  const desc =
    (g.votes.length ? `Votes: ${votes}. ` : 'No votes. ') +
    `Gradient ${g.value}, ${idWords(g.status)}; consensus false at ${falseTo} and below, true from ${trueFrom} up. ` +
    (result.probability === null
      ? refusalWords(result.state, result.reason)
      : `The evidence gives probability ${result.probability}.`);
  return {
    width: WIDTH,
    height: lineY + 34,
    left,
    right,
    lineY,
    evidenceY: 18,
    gradientY: 18 + LINE,
    dots: g.votes.map((v) => ({ x: px(x(Number(v.value))), r: px(r(Number(v.weight))), voter: v.voter })),
    falseZone: { x: left, width: px(x(Number(falseTo)) - left), label: `≤ ${falseTo}` },
    trueZone: { x: px(x(Number(trueFrom))), width: px(right - x(Number(trueFrom))), label: `≥ ${trueFrom}` },
    gradient: { x: px(x(Number(g.value))), label: gradientLabel },
    evidence:
      result.probability === null
        ? null
        : { x: px(x(Number(result.probability))), label: `evidence ${result.probability}` },
    caption:
      (g.votes.length
        ? 'Each vote a dot, its area by its weight; '
        : 'No votes, so the gradient is the neutral value; ') +
      'the line marks the gradient, the shaded ends the consensus thresholds' +
      (result.probability === null
        ? `. ${refusalWords(result.state, result.reason)}`
        : ', the triangle the evidence probability.'),
    alt: { title: 'The votes on a line from 0 to 1', desc },
  };
}
