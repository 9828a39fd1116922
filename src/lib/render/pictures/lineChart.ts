/**
 * What the model page's line charts share (docs/design.md §6): the frame (margins, axes), the floor drawn
 * as a line with its label, and labelled points on a curve. Each chart (factor.ts, voteWeight.ts)
 * supplies only its scales, its figures and its words; one component (LineChart.astro) draws them.
 */
import { line } from 'd3-shape';
import { type Alt, type Frame, FONT, LINE, WIDTH, labelWidth, spaced } from './frame.ts';

/** One figure on the curve: its position, the figure above it and its tick below the axis. */
export interface LinePoint {
  readonly x: number;
  readonly y: number;
  /** The figure written above the point, e.g. a factor "0.85". */
  readonly label: string;
  /** The value on the horizontal axis, written under it, e.g. "2" steps or "100" reputation. */
  readonly tick: string;
}

/** A point as drawn: its figure and its tick are left out where they would touch a neighbour's. */
export interface DrawnPoint extends LinePoint {
  readonly labelled: boolean;
  readonly ticked: boolean;
}

/** What LineChart.astro draws. */
export interface LineChartView extends Frame {
  /** The curve, as SVG path data. */
  readonly path: string;
  readonly points: readonly DrawnPoint[];
  /** The floor line's height and label; the label stands at whichever end it touches no figure, above the line or under it. */
  readonly floor: {
    readonly y: number;
    readonly label: string;
    readonly labelX: number;
    readonly labelY: number;
    readonly anchor: 'end' | undefined;
  };
  /** The horizontal axis in words, under the ticks. */
  readonly axis: string;
  readonly caption: string;
  readonly alt: Alt;
}

const LEFT = 36;
/** Room above the highest point for its figure. */
const TOP = FONT + 12;
const BOTTOM = 160;
/** Room under the axis for the ticks and the axis words, with their descenders. */
const UNDER = 2 * LINE + 10;

/** The frame of a line chart whose plotting area ends `rightMargin` units before the picture's edge. */
export function lineFrame(rightMargin: number): Frame {
  return { width: WIDTH, height: BOTTOM + UNDER, left: LEFT, right: WIDTH - rightMargin, top: TOP, bottom: BOTTOM };
}

/** SVG path data through points already in SVG units. */
export function pathThrough(points: readonly { readonly x: number; readonly y: number }[]): string {
  return (
    line<{ readonly x: number; readonly y: number }>(
      (p) => p.x,
      (p) => p.y,
    )(points) ?? ''
  );
}

/** A text's box in SVG units, from its anchor point and its baseline. */
interface Box {
  readonly x0: number;
  readonly x1: number;
  readonly y0: number;
  readonly y1: number;
}
const boxOf = (x: number, y: number, label: string, anchor: 'start' | 'middle' | 'end'): Box => {
  const w = labelWidth(label);
  const x0 = anchor === 'start' ? x : anchor === 'end' ? x - w : x - w / 2;
  return { x0, x1: x0 + w, y0: y - FONT, y1: y + FONT * 0.3 };
};
const touch = (a: Box, b: Box): boolean => a.x0 < b.x1 && b.x0 < a.x1 && a.y0 < b.y1 && b.y0 < a.y1;

/** A line chart in `frame`; the floor's label goes where it touches no point's figure (`side` first). */
export function lineChart(
  frame: Frame,
  chart: {
    readonly path: string;
    readonly points: readonly LinePoint[];
    readonly floor: { readonly y: number; readonly label: string; readonly side: 'left' | 'right' };
    readonly axis: string;
    readonly caption: string;
    readonly alt: Alt;
  },
): LineChartView {
  const { side, ...floor } = chart.floor;
  const labelled = new Set(spaced(chart.points.map((p, i) => ({ x: p.x, label: p.label, i }))).map((p) => p.i));
  const ticked = new Set(spaced(chart.points.map((p, i) => ({ x: p.x, label: p.tick, i }))).map((p) => p.i));
  const points = chart.points.map((p, i) => ({ ...p, labelled: labelled.has(i), ticked: ticked.has(i) }));
  const figures = points.filter((p) => p.labelled).map((p) => boxOf(p.x, p.y - 6, p.label, 'middle'));
  const under = floor.y + FONT + 2;
  const places = [side, side === 'left' ? 'right' : 'left'].flatMap((s) => {
    const at =
      s === 'right' ? { x: frame.right, anchor: 'end' as const } : { x: frame.left + 4, anchor: 'start' as const };
    // Under the line only where it stands clear of the axis and its ticks.
    const ys = under + 4 < frame.bottom ? [floor.y - 4, under] : [floor.y - 4];
    return ys.map((y) => ({ ...at, y }));
  });
  const place =
    places.find((p) => !figures.some((f) => touch(f, boxOf(p.x, p.y, floor.label, p.anchor)))) ?? places[0]!;
  return {
    ...frame,
    ...chart,
    points,
    floor: {
      ...floor,
      labelX: place.x,
      labelY: place.y,
      anchor: place.anchor === 'end' ? 'end' : undefined,
    },
  };
}
