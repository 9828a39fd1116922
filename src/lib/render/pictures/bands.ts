/**
 * The model page's state picture (docs/design.md §6): the model's states as bands of the probability axis,
 * each from its own lower bound up to the next one's.
 */
import { scaleLinear } from 'd3-scale';
import type { Model } from '../../../engine/index.ts';
import { stateBands } from '../../model/modelView.ts';
import { idWords } from '../words.ts';
import { type Alt, LINE, WIDTH, labelWidth, px, spaced } from './frame.ts';

/** What the bands' component draws. */
export interface BandsView {
  readonly width: number;
  readonly height: number;
  readonly bands: readonly {
    readonly state: string;
    readonly words: string;
    readonly x: number;
    readonly width: number;
    readonly from: string;
    /** Whether the name fits inside the band; every name is also in the legend under the ticks. */
    readonly named: boolean;
    /** Whether its lower bound is written under it (left out where it would touch its neighbour's). */
    readonly ticked: boolean;
    /** Where the band's entry in the legend stands. */
    readonly key: { readonly x: number; readonly y: number };
  }[];
  /** Where the bands' lower bounds are written. */
  readonly tickY: number;
  readonly right: number;
  readonly alt: Alt;
}

/** The bands of `model`'s states along 0 to 1. */
export function bandsView(model: Model): BandsView {
  // Room at each end for half a tick's label ("0.95").
  const left = 20;
  const right = WIDTH - 20;
  const x = scaleLinear().domain([0, 1]).range([left, right]);
  const rows = stateBands(model);
  const tickY = 48;
  const legendY = tickY + LINE + 8;
  const ticked = new Set(
    spaced([...rows.map((b, i) => ({ x: x(Number(b.from)), label: b.from, i })), { x: right, label: '1', i: -1 }]).map(
      (t) => t.i,
    ),
  );
  const half = Math.ceil(rows.length / 2);
  const bands = rows.map((b, i) => {
    const x0 = x(Number(b.from));
    const x1 = x(b.below === null ? 1 : Number(b.below));
    const words = idWords(b.state);
    return {
      state: b.state,
      words,
      x: px(x0),
      width: px(x1 - x0),
      from: b.from,
      named: labelWidth(words) + 8 < x1 - x0,
      ticked: ticked.has(i),
      // The legend in two columns, read down the first and then the second.
      key: { x: i < half ? left : WIDTH / 2, y: legendY + (i % half) * LINE },
    };
  });
  return {
    width: WIDTH,
    height: legendY + half * LINE,
    tickY,
    bands,
    right,
    alt: {
      title: 'The states along the probability axis',
      desc: `${rows.map((b) => `${idWords(b.state)} from ${b.from}${b.below === null ? ' to 1' : ` up to ${b.below}`}`).join('; ')}.`,
    },
  };
}
