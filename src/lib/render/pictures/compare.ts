/**
 * The compare page's picture (DESIGN §6): each claim's probability under model A against model B,
 * a scatter with the diagonal where the two agree, claims whose state changed marked, each dot a
 * link to its claim. A claim refused under either model has no place on it and is listed instead.
 */
import { scaleLinear } from 'd3-scale';
import type { ClaimPair } from '../../model/compare.ts';
import { idWords } from '../words.ts';
import { type Alt, px } from './frame.ts';

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

/** What the compare chart's component draws. */
export interface CompareView {
  readonly size: number;
  readonly left: number;
  readonly right: number;
  readonly top: number;
  readonly bottom: number;
  readonly dots: readonly CompareDot[];
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
): CompareView {
  const size = 300;
  const left = 34;
  const right = size - 8;
  const top = 8;
  // A square plot, so the diagonal where the two agree is at 45 degrees.
  const bottom = top + (right - left);
  const x = scaleLinear().domain([0, 1]).range([left, right]);
  const y = scaleLinear().domain([0, 1]).range([bottom, top]);
  const dots: CompareDot[] = [];
  const unplaced: string[] = [];
  for (const p of pairs) {
    const line = `${p.slug}: ${outcome(p.a)} under ${a}, ${outcome(p.b)} under ${b}`;
    if (p.a.probability === null || p.b.probability === null) {
      unplaced.push(line);
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
  return {
    size,
    left,
    right,
    top,
    bottom,
    dots,
    unplaced,
    caption:
      `Each claim’s probability under ${a} (across) and ${b} (up); on the diagonal the two agree. ` +
      `${changed} of ${dots.length} placed ${dots.length === 1 ? 'claim changes' : 'claims change'} state (ringed).` +
      (unplaced.length ? ` ${unplaced.length} with no probability under one or both are not placed.` : ''),
    alt: {
      title: `Probability under ${a} against ${b}`,
      desc: [...dots.map((d) => d.label), ...unplaced.map((u) => `${u}, not placed`)].join('; ') + '.',
    },
  };
}
