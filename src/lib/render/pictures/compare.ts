/**
 * The compare page's picture (docs/design.md §6): each claim's probability under model A against model B,
 * a scatter with the diagonal where the two agree, claims whose state changed marked, each dot a
 * link to its claim. A claim refused under either model has no place on it and is listed instead.
 * Past `MAX_DOTS` placed claims a dot each would make a picture (and a text alternative) as big as
 * the ledger, so the claims are counted in squares instead, each drawn once, sized by its count.
 */
import { scaleLinear } from 'd3-scale';
import { dec } from '../../../engine/index.ts';
import type { ClaimPair } from '../../model/claimOutcomes.ts';
import { idWords } from '../words.ts';
import { type Alt, LINE, WIDTH, px, spaced } from './frame.ts';

/** One claim's dot. */
export interface CompareDot {
  readonly slug: string;
  readonly x: number;
  readonly y: number;
  readonly stateChanged: boolean;
  /** The link's accessible name, with both probabilities as the traces write them. */
  readonly label: string;
  readonly href: string;
}

/** One square of the counted picture: the claims whose two probabilities fall in it. */
export interface CompareBin {
  readonly x: number;
  readonly y: number;
  /** The dot's radius: its area grows with the count. */
  readonly r: number;
  readonly count: number;
  /** How many of them change state. */
  readonly changed: number;
  /** The square's claims in words, with its two ranges as decimals. */
  readonly label: string;
  /** Its ranges of probability under each model, each from its lower end (included) to its upper one. */
  readonly a: readonly [string, string];
  readonly b: readonly [string, string];
}

/** Above this many placed claims the picture counts claims in squares rather than drawing a dot each. */
export const MAX_DOTS = 200;

/** How many squares each axis is cut into when the picture counts claims (0.05 of probability each). */
export const BINS = 20;

/** A model's states as bands along an axis: from `at` for `length` units. */
export interface AxisBand {
  readonly state: string;
  readonly at: number;
  readonly length: number;
}

/** A model's state thresholds, lowest first, as its file declares them. */
export type Thresholds = readonly { readonly state: string; readonly from: string }[];

/** What the compare chart's component draws. */
export interface CompareView {
  readonly size: number;
  readonly height: number;
  /** The probability ticks: the value in words and its position across (`x`) and up (`y`). */
  readonly ticks: readonly { readonly label: string; readonly x: number; readonly y: number }[];
  /** Model a's states along the bottom, model b's up the left side. */
  readonly bandsA: readonly AxisBand[];
  readonly bandsB: readonly AxisBand[];
  /** The strips beside the square: on the right, claims with no probability under a (at b's); above, none under b. */
  readonly stripX: number;
  readonly stripY: number;
  readonly refusedA: readonly CompareDot[];
  readonly refusedB: readonly CompareDot[];
  /** Claims with no probability under either model: counted in the corner between the strips. */
  readonly refusedBoth: number;
  readonly left: number;
  readonly right: number;
  readonly top: number;
  readonly bottom: number;
  /** A dot per claim, or none when the picture counts claims in `bins`. */
  readonly dots: readonly CompareDot[];
  /** The non-empty squares, lowest `a` range first, when there are more than `MAX_DOTS` placed claims; else none. */
  readonly bins: readonly CompareBin[];
  /** Claims with no probability under at least one model, in words. */
  readonly unplaced: readonly string[];
  readonly caption: string;
  readonly alt: Alt;
}

const outcome = (r: ClaimPair['a']): string =>
  r.probability === null ? `no probability (${idWords(r.state)})` : `${r.probability} (${idWords(r.state)})`;

/** The scatter of `pairs` (model `a` across, model `b` up); `href` gives each claim's page. */
export function compareView(
  pairs: readonly ClaimPair[],
  a: string,
  b: string,
  href: (slug: string) => string,
  states: { readonly a: Thresholds; readonly b: Thresholds } = { a: [], b: [] },
): CompareView {
  const size = WIDTH;
  // Left: the vertical title, the ticks' labels ("0.25") and b's bands; right and above: the strips.
  const left = 80;
  const right = size - 44;
  const stripX = right + 22;
  const stripY = 20;
  const top = 40;
  // A square plot, so the diagonal where the two agree is at 45 degrees.
  const bottom = top + (right - left);
  const x = scaleLinear().domain([0, 1]).range([left, right]);
  const y = scaleLinear().domain([0, 1]).range([bottom, top]);
  const dots: CompareDot[] = [];
  const unplaced: string[] = [];
  const refusedA: CompareDot[] = [];
  const refusedB: CompareDot[] = [];
  let refusedBoth = 0;
  for (const p of pairs) {
    const line = `${p.slug}: ${outcome(p.a)} under ${a}, ${outcome(p.b)} under ${b}`;
    if (p.a.probability === null || p.b.probability === null) {
      unplaced.push(line);
      const moved = p.a.state !== p.b.state;
      const dot = {
        slug: p.slug,
        stateChanged: moved,
        label: `${line}${moved ? ', state changed' : ''}`,
        href: href(p.slug),
      };
      if (p.a.probability === null && p.b.probability !== null)
        refusedA.push({ ...dot, x: stripX, y: px(y(Number(p.b.probability))) });
      else if (p.b.probability === null && p.a.probability !== null)
        refusedB.push({ ...dot, x: px(x(Number(p.a.probability))), y: stripY });
      else refusedBoth += 1;
      continue;
    }
    dots.push({
      slug: p.slug,
      x: px(x(Number(p.a.probability))),
      y: px(y(Number(p.b.probability))),
      stateChanged: p.a.state !== p.b.state,
      label: `${line}${p.a.state !== p.b.state ? ', state changed' : ''}`,
      href: href(p.slug),
    });
  }
  const changed = dots.filter((d) => d.stateChanged).length;
  const bandsOf = (t: Thresholds, at: (v: number) => number): AxisBand[] =>
    t.map((band, i) => {
      const from = at(Number(band.from));
      const to = at(i + 1 < t.length ? Number(t[i + 1]!.from) : 1);
      return { state: band.state, at: px(Math.min(from, to)), length: px(Math.abs(to - from)) };
    });
  const frame = {
    size,
    height: bottom + 25 + LINE + 6,
    left,
    right,
    top,
    bottom,
    ticks: spaced(
      ['0', '0.25', '0.5', '0.75', '1'].map((v) => ({ label: v, x: px(x(Number(v))), y: px(y(Number(v))) })),
    ),
    bandsA: bandsOf(states.a, x),
    bandsB: bandsOf(states.b, y),
    stripX,
    stripY,
  };
  if (dots.length > MAX_DOTS)
    return countedView(pairs, a, b, { ...frame, refusedA: [], refusedB: [], refusedBoth: 0 }, changed, unplaced);
  const all = dots.length + refusedA.length + refusedB.length + refusedBoth;
  const moved = changed + [...refusedA, ...refusedB].filter((d) => d.stateChanged).length;
  const refusedMoved = moved - changed;
  return {
    ...frame,
    refusedA,
    refusedB,
    refusedBoth,
    bins: [],
    dots,
    unplaced,
    caption:
      `Each claim’s probability under ${a} (across) and ${b} (up); on the diagonal the two agree. ` +
      `${moved} of ${all} ${all === 1 ? 'claim changes' : 'claims change'} state (ringed)` +
      (refusedMoved ? `, ${refusedMoved} of them because one model gives it no probability.` : '.') +
      (refusedA.length
        ? ` ${refusedA.length} with no probability under ${a} ${refusedA.length === 1 ? 'stands' : 'stand'} in the strip on the right, at ${b}’s.`
        : '') +
      (refusedB.length
        ? ` ${refusedB.length} with no probability under ${b} ${refusedB.length === 1 ? 'stands' : 'stand'} in the strip above, at ${a}’s.`
        : '') +
      (refusedBoth
        ? ` ${refusedBoth} with no probability under either ${refusedBoth === 1 ? 'is' : 'are'} counted in the corner.`
        : ''),
    alt: {
      title: `Probability under ${a} against ${b}`,
      desc: [...dots.map((d) => d.label), ...unplaced.map((u) => `${u}, not placed`)].join('; ') + '.',
    },
  };
}

/** The ends of square `i` (from 0) as decimals, "0.40" and "0.45"; each includes its lower end, the last also 1. */
const ends = (i: number): [string, string] => [
  dec(i).dividedBy(BINS).toFixed(2),
  dec(i + 1)
    .dividedBy(BINS)
    .toFixed(2),
];

/** The range of square `i` in words, "0.40–0.45". */
const range = (i: number): string => ends(i).join('–');

/** How wide a square is, in probability. */
const WIDE = dec(1).dividedBy(BINS).toFixed(2);

/** The square a probability falls in, worked out in decimals so that 0.45 is in 0.45–0.50. */
const binOf = (probability: string): number => Math.min(BINS - 1, dec(probability).times(BINS).floor().toNumber());

/** The picture of many claims: a dot per non-empty square, its area by its count, ringed when any of its claims changes state. */
function countedView(
  pairs: readonly ClaimPair[],
  a: string,
  b: string,
  frame: Omit<CompareView, 'dots' | 'bins' | 'unplaced' | 'caption' | 'alt'>,
  changed: number,
  unplaced: readonly string[],
): CompareView {
  const { left, right, bottom } = frame;
  const cell = (right - left) / BINS;
  const counts = new Map<number, { count: number; changed: number }>();
  for (const p of pairs) {
    if (p.a.probability === null || p.b.probability === null) continue;
    const key = binOf(p.a.probability) * BINS + binOf(p.b.probability);
    const seen = counts.get(key) ?? { count: 0, changed: 0 };
    seen.count += 1;
    if (p.a.state !== p.b.state) seen.changed += 1;
    counts.set(key, seen);
  }
  const most = Math.max(...[...counts.values()].map((c) => c.count));
  const placed = pairs.length - unplaced.length;
  const bins = [...counts]
    .sort(([x], [y]) => x - y)
    .map(([key, { count, changed: moved }]) => {
      const i = Math.floor(key / BINS);
      const j = key % BINS;
      return {
        x: px(left + (i + 0.5) * cell),
        y: px(bottom - (j + 0.5) * cell),
        r: px(Math.max(1.5, (cell / 2) * Math.sqrt(count / most))),
        count,
        changed: moved,
        a: ends(i),
        b: ends(j),
        label:
          `${count} ${count === 1 ? 'claim' : 'claims'} from ${range(i)} under ${a} and ${range(j)} under ${b}` +
          (moved > 0 ? `, ${moved} of them changing state` : ''),
      };
    });
  return {
    ...frame,
    dots: [],
    bins,
    unplaced,
    caption:
      `Each claim’s probability under ${a} (across) and ${b} (up), counted in squares ${WIDE} wide ` +
      `(${placed} placed claims are too many for a dot each): the bigger the dot, the more claims; on the diagonal the two agree. ` +
      `${changed} of ${placed} placed ${placed === 1 ? 'claim changes' : 'claims change'} state (ringed).` +
      (unplaced.length ? ` ${unplaced.length} with no probability under one or both are not placed.` : ''),
    alt: {
      title: `Probability under ${a} against ${b}, counted`,
      desc:
        `${placed} claims counted in squares of ${WIDE} of probability under each model (each range includes its lower end, the last also 1): ` +
        bins.map((bin) => bin.label).join('; ') +
        (unplaced.length ? `; ${unplaced.length} with no probability under one or both, not placed` : '') +
        '.',
    },
  };
}
