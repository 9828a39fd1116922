/**
 * The model page's state picture (docs/design.md §6): the model's states as bands of the probability axis,
 * each from its own lower bound up to the next one's.
 */
import { scaleLinear } from 'd3-scale';
import type { Model } from '../../../engine/index.ts';
import { stateBands } from '../../model/modelView.ts';
import { idWords } from '../words.ts';
import { type Alt, WIDTH, px } from './frame.ts';

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
    /** Whether the name fits inside the band; otherwise it is left to the text alternative and the table. */
    readonly named: boolean;
  }[];
  readonly right: number;
  readonly alt: Alt;
}

/** The bands of `model`'s states along 0 to 1. */
export function bandsView(model: Model): BandsView {
  const left = 8;
  const right = WIDTH - 8;
  const x = scaleLinear().domain([0, 1]).range([left, right]);
  const rows = stateBands(model);
  const bands = rows.map((b) => {
    const x0 = x(Number(b.from));
    const x1 = x(b.below === null ? 1 : Number(b.below));
    const words = idWords(b.state);
    return { state: b.state, words, x: px(x0), width: px(x1 - x0), from: b.from, named: words.length * 6 < x1 - x0 };
  });
  return {
    width: WIDTH,
    height: 52,
    bands,
    right,
    alt: {
      title: 'The states along the probability axis',
      desc: `${rows.map((b) => `${idWords(b.state)} from ${b.from}${b.below === null ? ' to 1' : ` up to ${b.below}`}`).join('; ')}.`,
    },
  };
}
