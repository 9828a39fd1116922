/**
 * The picture of a claim's probability over time under today's default: a view function from the
 * history's traces to plain data (coordinates, the path, the text alternative) that a component
 * writes as SVG. Revisions stand at their commit's time on a time axis (d3-scale's scaleUtc), so
 * revisions made on one day stand together; the default model's states are bands behind the line;
 * a revision with no probability breaks the line. Every number printed or read aloud is a string
 * from a trace.
 */
import { scaleLinear, scaleUtc } from 'd3-scale';
import type { HistoryEntry } from './claimHistory.ts';
import { LINE, WIDTH, px, spaced } from '../render/pictures/frame.ts';

/**
 * The dates' baseline below the plotting area: far enough that a date near the left edge clears the
 * probability axis's "0", which sits on the area's bottom line.
 */
const DATE_GAP = 26;

/** The drawing's size and plotting area in SVG units (the stylesheet scales it to the page, as every picture). */
export const CHART = {
  width: WIDTH,
  height: 160 + DATE_GAP + LINE + 6,
  left: 44,
  right: WIDTH - 44,
  top: 10,
  bottom: 160,
};

/** One revision on the picture. */
export interface ChartPoint {
  readonly x: number;
  /** Null when the revision has no probability under today's default. */
  readonly y: number | null;
  readonly probability: string | null;
  readonly state: string | null;
  readonly date: string;
  readonly commit: string;
}

/** What the component draws. */
export interface ChartView {
  readonly width: number;
  readonly height: number;
  readonly left: number;
  readonly right: number;
  readonly points: readonly ChartPoint[];
  /** The line through consecutive scored revisions (`M … L …`), broken where one has none. */
  readonly path: string;
  /** Today's default model's states, as bands behind the line. */
  readonly bands: readonly { readonly state: string; readonly y: number; readonly height: number }[];
  /** Probability labels at 0, 0.5 and 1. */
  readonly guides: readonly { readonly y: number; readonly label: string }[];
  /** Where the time axis's labels sit. */
  readonly dateY: number;
  /** The time axis's ticks: dates, as many as fit. */
  readonly dates: readonly { readonly x: number; readonly label: string }[];
  /** The text alternative, stating every figure. */
  readonly alt: string;
  /** The caption shown under the picture. */
  readonly caption: string;
}

const DAY = 86_400_000;

/**
 * The picture of `entries` under today's default model `model` (its state thresholds `states`),
 * or null when no revision has a probability.
 */
export function historyChart(
  entries: readonly HistoryEntry[],
  model: string,
  states: readonly { readonly state: string; readonly from: string }[] = [],
): ChartView | null {
  if (!entries.some((e) => e.today.trace?.result.probability != null)) return null;
  const times = entries.map((e) => Date.parse(e.revision.date));
  // At least a day either side, so that one revision (or one day's) has a place in the middle.
  const first = Math.min(...times);
  const last = Math.max(...times);
  const pad = last - first < 2 * DAY ? DAY : 0;
  const x = scaleUtc()
    .domain([new Date(first - pad), new Date(last + pad)])
    .range([CHART.left, CHART.right]);
  const y = scaleLinear().domain([0, 1]).range([CHART.bottom, CHART.top]);
  const points: ChartPoint[] = entries.map((e, i) => {
    const probability = e.today.trace?.result.probability ?? null;
    return {
      x: px(x(new Date(times[i]!))),
      y: probability === null ? null : px(y(Number(probability))),
      probability,
      state: e.today.trace?.result.state ?? null,
      date: e.revision.date.slice(0, 10),
      commit: e.revision.short,
    };
  });
  let path = '';
  let drawing = false;
  for (const p of points) {
    if (p.y === null) {
      drawing = false;
      continue;
    }
    path += `${path === '' ? '' : ' '}${drawing ? 'L' : 'M'}${p.x} ${p.y}`;
    drawing = true;
  }
  const figures = points.map((p) => {
    const then =
      p.probability === null ? `no probability (${(p.state ?? 'not scored').replaceAll('-', ' ')})` : p.probability;
    return `${p.date} (${p.commit}) ${then}`;
  });
  const bands = states.map((s, i) => {
    const top = y(i + 1 < states.length ? Number(states[i + 1]!.from) : 1);
    return { state: s.state, y: px(top), height: px(y(Number(s.from)) - top) };
  });
  const dates = spaced(x.ticks(4).map((t) => ({ x: px(x(t)), label: t.toISOString().slice(0, 10) }))).filter(
    (d) => d.x >= CHART.left && d.x <= CHART.right,
  );
  const days = new Set(points.map((p) => p.date)).size;
  const n = entries.length;
  return {
    width: CHART.width,
    height: CHART.height,
    left: CHART.left,
    right: CHART.right,
    points,
    path,
    bands,
    guides: ['0', '0.5', '1'].map((label) => ({ y: px(y(Number(label))), label })),
    dates,
    dateY: CHART.bottom + DATE_GAP,
    caption:
      `The probability under ${model} at each revision, placed at the time it was committed ` +
      `(${n === 1 ? 'one revision' : `${n} revisions`}${n > 1 ? ` on ${days === 1 ? 'one day' : `${days} days`}` : ''}); ` +
      `the bands are the model’s states.`,
    alt: `The probability under ${model} at each revision, oldest first: ${figures.join('; ')}.`,
  };
}
