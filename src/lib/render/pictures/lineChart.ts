/**
 * What the model page's line charts share (docs/design.md §6): the frame (margins, axes), the floor drawn
 * as a line with its label, and labelled points on a curve. Each chart (factor.ts, voteWeight.ts)
 * supplies only its scales, its figures and its words; one component (LineChart.astro) draws them.
 */
import { line } from 'd3-shape';
import { type Alt, type Frame, WIDTH } from './frame.ts';

/** One figure on the curve: its position, the figure above it and its tick below the axis. */
export interface LinePoint {
  readonly x: number;
  readonly y: number;
  /** The figure written above the point, e.g. a factor "0.85". */
  readonly label: string;
  /** The value on the horizontal axis, written under it, e.g. "2" steps or "100" reputation. */
  readonly tick: string;
}

/** What LineChart.astro draws. */
export interface LineChartView extends Frame {
  /** The curve, as SVG path data. */
  readonly path: string;
  readonly points: readonly LinePoint[];
  /** The floor line's height and label; the label stands at the right end (anchored there) or the left. */
  readonly floor: {
    readonly y: number;
    readonly label: string;
    readonly labelX: number;
    readonly anchor: 'end' | undefined;
  };
  /** The horizontal axis in words, under the ticks. */
  readonly axis: string;
  readonly caption: string;
  readonly alt: Alt;
}

const LEFT = 36;
const TOP = 16;
const BOTTOM = 120;
/** Room under the axis for the ticks and the axis words, with their descenders (the words stand 28 below it). */
const UNDER = 33;

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

/** A line chart in `frame`, with the floor's label at the `side` it reads best at. */
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
  return {
    ...frame,
    ...chart,
    floor: {
      ...floor,
      labelX: side === 'right' ? frame.right : frame.left + 4,
      anchor: side === 'right' ? 'end' : undefined,
    },
  };
}
