/**
 * The model page's interpretation picture (docs/design.md §6): the factor `max(floor, 1 − stepCost × steps)`
 * against the number of steps, with the floor drawn; the figures are the model page's own rows.
 */
import { scaleLinear } from 'd3-scale';
import type { Model } from '../../../engine/index.ts';
import { interpretationRows } from '../../model/modelView.ts';
import { px } from './frame.ts';
import { type LineChartView, lineChart, lineFrame, pathThrough } from './lineChart.ts';

/** The factor for 0 steps up to where the floor is reached (at most 8), as the model page's table has it. */
export function factorView(model: Model): LineChartView {
  const rows = interpretationRows(model);
  const frame = lineFrame(24);
  const x = scaleLinear()
    .domain([0, Math.max(1, rows.length - 1)])
    .range([frame.left, frame.right]);
  const y = scaleLinear().domain([0, 1]).range([frame.bottom, frame.top]);
  const points = rows.map((r, i) => ({ x: px(x(i)), y: px(y(Number(r.factor))), tick: r.steps, label: r.shown }));
  const floor = model.interpretation.floor;
  return lineChart(frame, {
    path: pathThrough(points),
    points,
    floor: { y: px(y(Number(floor))), label: `floor ${floor}`, side: 'right' },
    axis: 'steps of interpretation',
    caption: 'The factor after each number of steps; below the floor line it cannot go.',
    alt: {
      title: 'The interpretation factor against the number of steps',
      desc: `${rows.map((r) => `${r.steps} ${r.steps === '1' ? 'step' : 'steps'}: ${r.shown}${r.floored ? ' (floor)' : ''}`).join('; ')}. Step cost ${model.interpretation.stepCost}, floor ${floor}.`,
    },
  });
}
