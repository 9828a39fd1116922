/**
 * The model page's vote-weight picture (DESIGN §6): a vote's weight `max(floor, ln(1 + r))` against
 * the voter's reputation on a logarithmic axis (ln(1 + r), so reputation 0 has a place), with the
 * floor; the figures are seed 003's weight table as the engine computes it for the model.
 */
import { scaleSymlog, scaleLinear } from 'd3-scale';
import { line } from 'd3-shape';
import { range } from 'd3-array';
import type { Model } from '../../../engine/index.ts';
import { weightTable } from '../../model/modelView.ts';
import { type Alt, WIDTH, px } from './frame.ts';

/** What the vote-weight chart's component draws. */
export interface VoteWeightView {
  readonly width: number;
  readonly height: number;
  readonly left: number;
  readonly right: number;
  readonly top: number;
  readonly bottom: number;
  /** The weight for every reputation between the table's first and last. */
  readonly path: string;
  readonly points: readonly {
    readonly x: number;
    readonly y: number;
    readonly reputation: string;
    readonly label: string;
  }[];
  readonly floor: { readonly y: number; readonly label: string };
  readonly alt: Alt;
}

/** The weight table of `model` drawn on a logarithmic reputation axis. */
export function voteWeightView(model: Model): VoteWeightView {
  const rows = weightTable(model);
  const floorValue = Number(model.gradient.floor);
  const weightOf = (r: number): number => Math.max(floorValue, Math.log1p(Math.max(0, r)));
  const lastRep = Number(rows[rows.length - 1]!.reputation);
  const left = 36;
  const right = WIDTH - 16;
  const top = 16;
  const bottom = 120;
  const x = scaleSymlog().constant(1).domain([0, lastRep]).range([left, right]);
  const heaviest = Math.max(...rows.map((r) => Number(r.weight)), floorValue, 1);
  const y = scaleLinear().domain([0, heaviest]).range([bottom, top]).nice();
  const samples = range(0, 41).map((i) => Math.expm1((Math.log1p(lastRep) * i) / 40));
  return {
    width: WIDTH,
    height: bottom + 30,
    left,
    right,
    top,
    bottom,
    path:
      line<number>(
        (r) => px(x(r)),
        (r) => px(y(weightOf(r))),
      )(samples) ?? '',
    points: rows.map((r) => ({
      x: px(x(Number(r.reputation))),
      y: px(y(Number(r.weight))),
      reputation: r.reputation,
      label: r.short,
    })),
    floor: { y: px(y(floorValue)), label: `floor ${model.gradient.floor}` },
    alt: {
      title: 'A vote’s weight against the voter’s reputation, on a logarithmic scale',
      desc: `${rows.map((r) => `reputation ${r.reputation}: weight ${r.weight}${r.floored ? ' (floor)' : ''}`).join('; ')}. Floor ${model.gradient.floor}.`,
    },
  };
}
