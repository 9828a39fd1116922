/**
 * The model page's interpretation picture (DESIGN §6): the factor `max(floor, 1 − stepCost × steps)`
 * against the number of steps, with the floor drawn; the figures are the model page's own rows.
 */
import { scaleLinear } from 'd3-scale';
import { line } from 'd3-shape';
import type { Model } from '../../../engine/index.ts';
import { interpretationRows } from '../../model/modelView.ts';
import { type Alt, WIDTH, px } from './frame.ts';

/** What the factor chart's component draws. */
export interface FactorView {
  readonly width: number;
  readonly height: number;
  readonly left: number;
  readonly right: number;
  readonly top: number;
  readonly bottom: number;
  readonly path: string;
  readonly points: readonly {
    readonly x: number;
    readonly y: number;
    readonly steps: string;
    readonly label: string;
  }[];
  readonly floor: { readonly y: number; readonly label: string };
  readonly alt: Alt;
}

/** The factor for 0 steps up to where the floor is reached (at most 8), as the model page's table has it. */
export function factorView(model: Model): FactorView {
  const rows = interpretationRows(model);
  const left = 36;
  const right = WIDTH - 12;
  const top = 16;
  const bottom = 120;
  const x = scaleLinear()
    .domain([0, Math.max(1, rows.length - 1)])
    .range([left, right]);
  const y = scaleLinear().domain([0, 1]).range([bottom, top]);
  const points = rows.map((r, i) => ({ x: px(x(i)), y: px(y(Number(r.factor))), steps: r.steps, label: r.shown }));
  const floor = model.interpretation.floor;
  return {
    width: WIDTH,
    height: bottom + 30,
    left,
    right,
    top,
    bottom,
    path:
      line<{ x: number; y: number }>(
        (p) => p.x,
        (p) => p.y,
      )(points) ?? '',
    points,
    floor: { y: px(y(Number(floor))), label: `floor ${floor}` },
    alt: {
      title: 'The interpretation factor against the number of steps',
      desc: `${rows.map((r) => `${r.steps} ${r.steps === '1' ? 'step' : 'steps'}: ${r.shown}${r.floored ? ' (floor)' : ''}`).join('; ')}. Step cost ${model.interpretation.stepCost}, floor ${floor}.`,
    },
  };
}
