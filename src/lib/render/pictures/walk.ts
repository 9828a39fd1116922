/**
 * The log-odds walk (DESIGN §6): a number line from the prior through one arrow per kept link
 * (support to the right, opposition to the left, length = weight) to the posterior log-odds, each
 * dependent link greyed under the link it depends on, with the probability scale beneath.
 */
import { scaleLinear } from 'd3-scale';
import { extent, ticks } from 'd3-array';
import type { Trace } from '../../../engine/index.ts';
import { idWords } from '../words.ts';
import { type Alt, WIDTH, logit, px, refusalWords } from './frame.ts';

/** One arrow: a kept link moves the walk, a dependent one is drawn greyed and moves nothing. */
export interface WalkArrow {
  readonly id: string;
  readonly kept: boolean;
  readonly direction: 'supports' | 'opposes';
  /** The weight as the trace writes it, with the direction's sign ("+1.800000", "−0.900000"). */
  readonly label: string;
  readonly x1: number;
  readonly x2: number;
  readonly y: number;
  /** Where the label sits and which way it runs. */
  readonly labelX: number;
  readonly labelY: number;
  readonly anchor: 'start' | 'end';
}

/** A labelled point; the label runs away from the nearer edge. */
export interface Mark {
  readonly x: number;
  readonly y: number;
  readonly label: string;
  readonly anchor: 'start' | 'end';
}

/** What the walk's component draws; `refusal` instead when the claim has no probability. */
export type WalkView =
  | {
      readonly kind: 'walk';
      readonly width: number;
      readonly height: number;
      readonly arrows: readonly WalkArrow[];
      readonly prior: Mark;
      readonly posterior: Mark;
      /** The log-odds axis: whole-number ticks. */
      readonly axisY: number;
      readonly ticks: readonly { readonly x: number; readonly label: string }[];
      /** The probability scale beneath it: the model's state thresholds placed at their log-odds. */
      readonly scaleY: number;
      readonly scale: readonly { readonly x: number; readonly label: string }[];
      readonly left: number;
      readonly right: number;
      readonly alt: Alt;
    }
  | { readonly kind: 'refusal'; readonly text: string };

const ROW = 16;
const TOP = 22;

const signed = (direction: string, weight: string): string => `${direction === 'supports' ? '+' : '−'}${weight}`;

const mark = (x: number, y: number, label: string): Mark => ({ x, y, label, anchor: x > WIDTH / 2 ? 'end' : 'start' });

/** The walk of `trace`'s log-odds, or its refusal when the claim has no probability. */
export function walkView(trace: Trace): WalkView {
  const { prior, sum, state } = trace.working;
  const { result } = trace;
  if (prior === null || sum === null || result.probability === null) {
    return { kind: 'refusal', text: refusalWords(result.state, result.reason) };
  }
  const links = trace.working.links;
  const kept = links.filter((l) => l.kept);
  // Each kept link starts where the previous one ended; its dependents start where it starts.
  const steps: {
    id: string;
    kept: boolean;
    direction: 'supports' | 'opposes';
    weight: string;
    from: number;
    to: number;
  }[] = [];
  let at = Number(prior.logOdds);
  for (const link of kept) {
    const delta = Number(link.weight) * (link.direction === 'supports' ? 1 : -1);
    steps.push({ id: link.id, kept: true, direction: link.direction, weight: link.weight, from: at, to: at + delta });
    for (const dep of links.filter((l) => !l.kept && l.keptLink === link.id)) {
      const d = Number(dep.weight) * (dep.direction === 'supports' ? 1 : -1);
      steps.push({ id: dep.id, kept: false, direction: dep.direction, weight: dep.weight, from: at, to: at + d });
    }
    at += delta;
  }
  const posterior = Number(sum.posteriorLogOdds);
  const values = [0, Number(prior.logOdds), posterior, ...steps.flatMap((s) => [s.from, s.to])];
  const [lo, hi] = extent(values) as [number, number];
  const left = 8;
  const right = WIDTH - 8;
  const x = scaleLinear()
    .domain([Math.min(lo, -1), Math.max(hi, 1)])
    .range([left, right])
    .nice();
  const priorY = TOP - 8;
  const arrows: WalkArrow[] = steps.map((s, i) => {
    const x1 = px(x(s.from));
    const x2 = px(x(s.to));
    const high = Math.max(x1, x2);
    const low = Math.min(x1, x2);
    const label = `${signed(s.direction, s.weight)} ${s.id}${s.kept ? '' : ' (dependent)'}`;
    // The label goes after the arrow when it fits (about 6 units a character), else before it.
    const room = label.length * 6 + 4;
    const after = high + room <= WIDTH;
    const before = !after && low - room >= 0;
    const y = TOP + ROW * i + ROW / 2;
    return {
      id: s.id,
      kept: s.kept,
      direction: s.direction,
      label,
      x1,
      x2,
      y,
      // Where neither side has room, the label sits just above the arrow, from its start.
      labelX: after ? px(high + 4) : before ? px(low - 4) : px(low + 2),
      labelY: after || before ? y + 4 : y - 3,
      anchor: before ? 'end' : 'start',
    };
  });
  const postY = TOP + ROW * steps.length + 10;
  const axisY = postY + 12;
  const scaleY = axisY + 26;
  const [d0, d1] = x.domain() as [number, number];
  const tickValues = ticks(d0, d1, 6).filter((t) => Number.isInteger(t));
  const thresholds = (state?.thresholds ?? []).filter((t) => Number(t.from) > 0);
  const scale = thresholds
    .map((t) => ({ x: px(x(logit(Number(t.from)))), label: t.from }))
    .filter((t) => t.x >= left && t.x <= right);
  const parts = kept.map((l) => {
    const deps = links.filter((d) => !d.kept && d.keptLink === l.id).map((d) => d.id);
    return `${l.id} ${signed(l.direction, l.weight)}${deps.length ? ` (dependent, not counted: ${deps.join(', ')})` : ''}`;
  });
  const desc =
    `Starts at the prior log-odds ${prior.logOdds} (probability ${prior.probability}); ` +
    (parts.length ? `${parts.join('; ')}; ` : 'no kept link; ') +
    `ends at the posterior log-odds ${sum.posteriorLogOdds}, probability ${result.probability}, ${idWords(result.state)}.`;
  return {
    kind: 'walk',
    width: WIDTH,
    height: scaleY + 16,
    arrows,
    prior: mark(px(x(Number(prior.logOdds))), priorY, `prior ${prior.logOdds}`),
    posterior: mark(px(x(posterior)), postY, `posterior ${sum.posteriorLogOdds} → ${result.probability}`),
    axisY,
    ticks: tickValues.map((t) => ({ x: px(x(t)), label: String(t).replace('-', '−') })),
    scaleY,
    scale,
    left,
    right,
    alt: { title: 'The log-odds walk from the prior to the posterior', desc },
  };
}
