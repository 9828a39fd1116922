/**
 * The model page's vote-weight picture (docs/design.md §6): a vote's weight `max(floor, ln(1 + r))` against
 * the voter's reputation on a logarithmic axis (ln(1 + r), so reputation 0 has a place), with the
 * floor; the figures are seed 003's weight table as the engine computes it for the model.
 */
import { scaleSymlog, scaleLinear } from 'd3-scale';
import { range } from 'd3-array';
import type { Model } from '../../../engine/index.ts';
import { weightTable } from '../../model/modelView.ts';
import { px } from './frame.ts';
import { type LineChartView, lineChart, lineFrame, pathThrough } from './lineChart.ts';

/** The weight table of `model` drawn on a logarithmic reputation axis; the curve passes every reputation between the table's first and last. */
export function voteWeightView(model: Model): LineChartView {
  const rows = weightTable(model);
  const floorValue = Number(model.gradient.floor);
  const weightOf = (r: number): number => Math.max(floorValue, Math.log1p(Math.max(0, r)));
  const lastRep = Number(rows[rows.length - 1]!.reputation);
  // Room on the right for half the last tick ("10000") centred under the last point.
  const frame = lineFrame(28);
  const x = scaleSymlog().constant(1).domain([0, lastRep]).range([frame.left, frame.right]);
  const heaviest = Math.max(...rows.map((r) => Number(r.weight)), floorValue, 1);
  const y = scaleLinear().domain([0, heaviest]).range([frame.bottom, frame.top]).nice();
  const samples = range(0, 41).map((i) => Math.expm1((Math.log1p(lastRep) * i) / 40));
  return lineChart(frame, {
    path: pathThrough(samples.map((r) => ({ x: px(x(r)), y: px(y(weightOf(r))) }))),
    points: rows.map((r) => ({
      x: px(x(Number(r.reputation))),
      y: px(y(Number(r.weight))),
      tick: r.reputation,
      label: r.short,
    })),
    floor: { y: px(y(floorValue)), label: `floor ${model.gradient.floor}`, side: 'left' },
    axis: 'reputation (logarithmic)',
    caption: 'Each reputation’s vote weight: ten times the reputation adds about the same weight each time.',
    alt: {
      title: 'A vote’s weight against the voter’s reputation, on a logarithmic scale',
      desc: `${rows.map((r) => `reputation ${r.reputation}: weight ${r.weight}${r.floored ? ' (floor)' : ''}`).join('; ')}. Floor ${model.gradient.floor}.`,
    },
  });
}
