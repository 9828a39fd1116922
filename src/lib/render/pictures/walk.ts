/**
 * The log-odds walk (docs/design.md §6): a number line from the prior through one arrow per kept link
 * (support to the right, opposition to the left, length = weight) to the posterior log-odds, each
 * dependent link greyed under the link it depends on, with the probability scale beneath.
 */
import { scaleLinear } from 'd3-scale';
import { extent, ticks } from 'd3-array';
import type { Trace } from '../../../engine/index.ts';
import { idWords } from '../words.ts';
import { minus } from '../figures.ts';
import { type Alt, CHAR_WIDTH, FONT, LINE, WIDTH, labelWidth, logit, px, refusalWords, spaced } from './frame.ts';

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
  /** A link of weight zero moves nothing: it is drawn as a mark with no direction. */
  readonly still: boolean;
}

/** A labelled point; the label runs away from the nearer edge and stays inside the picture. */
export interface Mark {
  readonly x: number;
  readonly y: number;
  readonly label: string;
  readonly labelX: number;
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
      /** The two axes' titles, each written under its ticks. */
      readonly axisTitle: string;
      readonly scaleTitle: string;
      readonly left: number;
      readonly right: number;
      readonly alt: Alt;
    }
  | { readonly kind: 'refusal'; readonly text: string };

/** The height of an arrow's row. */
const ROW = FONT + 7;
/** Where the first arrow's row starts: below the prior's label. */
const TOP = FONT + 14;
/** The line a label gets above its arrow when it fits on neither side. */
const LABEL_LINE = LINE;
/** The space between an arrow's end and its label. */
const GAP = 4;

/**
 * An arrow's label: its signed weight and link id, the id cut with "…" where the whole would not
 * fit across the picture (the text alternative names every link in full).
 */
function arrowLabel(weight: string, id: string, kept: boolean): string {
  const suffix = kept ? '' : ' (dependent)';
  const whole = `${weight} ${id}${suffix}`;
  const fits = Math.floor(WIDTH / CHAR_WIDTH);
  if ([...whole].length <= fits) return whole;
  const keep = Math.max(0, fits - [...`${weight} …${suffix}`].length);
  return `${weight} ${[...id].slice(0, keep).join('')}…${suffix}`;
}

const signed = (direction: string, weight: string): string => `${direction === 'supports' ? '+' : '−'}${weight}`;

/** A point at `x` labelled `label`, `offset` units to its side, the label kept inside the picture. */
function mark(x: number, y: number, label: string, offset: number): Mark {
  const w = labelWidth(label);
  return x > WIDTH / 2
    ? { x, y, label, anchor: 'end', labelX: px(Math.max(x - offset, w)) }
    : { x, y, label, anchor: 'start', labelX: px(Math.min(x + offset, WIDTH - w)) };
}

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
  // Room at each end for half a tick's label ("−10").
  const left = 16;
  const right = WIDTH - 16;
  const x = scaleLinear()
    .domain([Math.min(lo, -1), Math.max(hi, 1)])
    .range([left, right])
    .nice();
  const priorY = TOP - 8;
  let y = TOP;
  const arrows: WalkArrow[] = steps.map((s) => {
    const x1 = px(x(s.from));
    const x2 = px(x(s.to));
    const high = Math.max(x1, x2);
    const low = Math.min(x1, x2);
    const label = arrowLabel(signed(s.direction, s.weight), s.id, s.kept);
    const room = labelWidth(label) + GAP;
    const after = high + room <= WIDTH;
    const before = !after && low - room >= 0;
    // Where neither side has room, the label gets a line of its own above the arrow, kept inside.
    const above = !after && !before;
    if (above) y += LABEL_LINE;
    const arrowY = y + ROW / 2;
    y += ROW;
    return {
      id: s.id,
      kept: s.kept,
      direction: s.direction,
      label,
      x1,
      x2,
      y: arrowY,
      labelX: after ? px(high + GAP) : before ? px(low - GAP) : px(Math.min(low, WIDTH - labelWidth(label))),
      labelY: above ? arrowY - Math.round(FONT * 0.6) : arrowY + Math.round(FONT * 0.35),
      anchor: before ? 'end' : 'start',
      still: x1 === x2,
    };
  });
  const postY = y + 10;
  const axisY = postY + 14;
  // Under the log-odds axis: its ticks, then its title; then the probability scale, its ticks, its title.
  const scaleY = axisY + 2 * LINE + 10;
  const [d0, d1] = x.domain() as [number, number];
  const tickValues = ticks(d0, d1, 6).filter((t) => Number.isInteger(t));
  const thresholds = (state?.thresholds ?? []).filter((t) => Number(t.from) > 0);
  const scale = thresholds
    .map((t) => ({ x: px(x(logit(Number(t.from)))), label: t.from }))
    .filter((t) => t.x >= left && t.x <= right);
  const shownScale = spaced(scale);
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
    height: scaleY + 2 * LINE + 4,
    arrows,
    prior: mark(px(x(Number(prior.logOdds))), priorY, `prior ${minus(prior.logOdds)}`, 0),
    posterior: mark(px(x(posterior)), postY, `posterior ${minus(sum.posteriorLogOdds)} → ${result.probability}`, 8),
    axisY,
    ticks: spaced(tickValues.map((t) => ({ x: px(x(t)), label: minus(String(t)) }))),
    scaleY,
    scale: shownScale,
    axisTitle: 'log-odds',
    scaleTitle: 'probability (state thresholds)',
    left,
    right,
    alt: { title: 'The log-odds walk from the prior to the posterior', desc },
  };
}
