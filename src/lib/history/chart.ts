/**
 * The picture of a claim's probability over time under today's default: a view function from the
 * history's traces to plain data (coordinates, the path, the text alternative) that a component
 * writes as SVG. Revisions are evenly spaced, oldest on the left; a revision with no probability
 * breaks the line. Every number printed or read aloud is a string from a trace.
 */
import { dec } from '../../engine/index.ts';
import type { HistoryEntry } from './claimHistory.ts';

/** The drawing's size in SVG units (it is scaled to the page's width). */
export const CHART = { width: 480, height: 140, left: 40, right: 16, top: 12, bottom: 28 } as const;

/** One revision on the picture. */
export interface ChartPoint {
  readonly x: string;
  /** Null when the revision has no probability under today's default. */
  readonly y: string | null;
  readonly probability: string | null;
  readonly state: string | null;
  readonly date: string;
  readonly commit: string;
}

/** What the component draws. */
export interface ChartView {
  readonly width: number;
  readonly height: number;
  readonly points: readonly ChartPoint[];
  /** The line through consecutive scored revisions (`M … L …`), broken where one has none. */
  readonly path: string;
  /** Horizontal guides at probability 0, 0.5 and 1. */
  readonly guides: readonly {
    readonly y: string;
    readonly label: string;
    readonly x1: string;
    readonly x2: string;
    readonly labelX: string;
  }[];
  /** Where the date labels sit. */
  readonly dateY: string;
  /** The x-axis labels: the first and the last revision's date. */
  readonly dates: readonly {
    readonly x: string;
    readonly label: string;
    readonly anchor: 'start' | 'end' | 'middle';
  }[];
  /** The text alternative, stating every figure. */
  readonly alt: string;
  /** The caption shown under the picture. */
  readonly caption: string;
}

const yOf = (p: string): string =>
  dec(CHART.top)
    .plus(
      dec(1)
        .minus(dec(p))
        .times(CHART.height - CHART.top - CHART.bottom),
    )
    .toFixed(2);

/** The picture of `entries` under today's default model `model`, or null when no revision has a probability. */
export function historyChart(entries: readonly HistoryEntry[], model: string): ChartView | null {
  if (!entries.some((e) => e.today.trace?.result.probability != null)) return null;
  const span = CHART.width - CHART.left - CHART.right;
  const n = entries.length;
  const points: ChartPoint[] = entries.map((e, i) => {
    const x =
      n === 1
        ? dec(CHART.left).plus(dec(span).dividedBy(2))
        : dec(CHART.left).plus(
            dec(span)
              .times(i)
              .dividedBy(n - 1),
          );
    const probability = e.today.trace?.result.probability ?? null;
    return {
      x: x.toFixed(2),
      y: probability === null ? null : yOf(probability),
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
  const first = points[0]!;
  const last = points[points.length - 1]!;
  const dates =
    n === 1
      ? [{ x: first.x, label: first.date, anchor: 'middle' as const }]
      : [
          { x: first.x, label: first.date, anchor: 'start' as const },
          { x: last.x, label: last.date, anchor: 'end' as const },
        ];
  return {
    width: CHART.width,
    height: CHART.height,
    points,
    path,
    guides: ['0', '0.5', '1'].map((label) => ({
      y: yOf(label),
      label,
      x1: String(CHART.left),
      x2: String(CHART.width - CHART.right),
      labelX: String(CHART.left - 6),
    })),
    dates,
    dateY: String(CHART.height - 8),
    caption: `The probability under ${model} at each revision, oldest on the left (${n === 1 ? 'one revision' : `${n} revisions`}).`,
    alt: `The probability under ${model} at each revision, oldest first: ${figures.join('; ')}.`,
  };
}
