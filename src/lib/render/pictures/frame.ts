/**
 * What every picture shares: its size in SVG units, pixel rounding, and the text alternative. A
 * picture's positions are JavaScript numbers (pixels, rounded to one decimal); every number it
 * writes as text is a decimal string taken from a trace or a model file.
 */
import { idWords } from '../words.ts';

/**
 * The width every picture is drawn at, in SVG units. The stylesheet lets a picture shrink to a
 * phone's column (343 px of a 375-pixel screen) and grow no wider than 28rem, so a unit renders
 * between 0.86 and 1.12 CSS px.
 */
export const WIDTH = 400;

/**
 * The size of every picture's text, in SVG units (the stylesheet's `.picture svg` font size): 15
 * units render at 12.9 CSS px in a phone's 343-pixel column and 16.8 px at the widest.
 */
export const FONT = 15;

/**
 * A label's width per character, in SVG units, estimated on the wide side: DejaVu Sans (the
 * sans-serif of many Linux systems, and the widest of the stylesheet's fonts) runs about 0.64 em
 * for a digit, so 0.66 em never underestimates.
 */
export const CHAR_WIDTH = Math.ceil(FONT * 0.66);

/** The height of a line of text, in SVG units. */
export const LINE = FONT + 5;

/** The estimated width of a label, in SVG units. */
export function labelWidth(label: string): number {
  return [...label].length * CHAR_WIDTH;
}

/**
 * Labels along one axis, centred on their positions (sorted by position), with the ones that
 * would touch the label before them left out; the first and the last are always kept (a label
 * before the last is dropped to make room). What is left out stays in the text alternative.
 */
export function spaced<T extends { readonly x: number; readonly label: string }>(
  labels: readonly T[],
  gap = CHAR_WIDTH,
): T[] {
  const sorted = [...labels].sort((a, b) => a.x - b.x);
  const clear = (a: T, b: T): boolean => b.x - a.x >= (labelWidth(a.label) + labelWidth(b.label)) / 2 + gap;
  const kept: T[] = [];
  for (const l of sorted) {
    if (kept.length === 0 || clear(kept[kept.length - 1]!, l)) kept.push(l);
  }
  const last = sorted[sorted.length - 1];
  if (last !== undefined && kept[kept.length - 1] !== last) {
    while (kept.length > 1 && !clear(kept[kept.length - 1]!, last)) kept.pop();
    kept.push(last);
  }
  return kept;
}

/** A picture's size and the plotting area inside it, in SVG units. */
export interface Frame {
  readonly width: number;
  readonly height: number;
  readonly left: number;
  readonly right: number;
  readonly top: number;
  readonly bottom: number;
}

/** A pixel coordinate rounded to one decimal, as the SVG writes it. */
export function px(n: number): number {
  return Math.round(n * 10) / 10;
}

/** The text alternative of a picture: a short title and a description stating every figure it shows. */
export interface Alt {
  readonly title: string;
  readonly desc: string;
}

/** The logistic function on numbers, for positions only (the figures come from the trace). */
export function logistic(x: number): number {
  return 1 / (1 + Math.exp(-x));
}

/** The log-odds of a probability, for positions only; 0 and 1 are clamped to ±12. */
export function logit(p: number): number {
  if (p <= 0) return -12;
  if (p >= 1) return 12;
  return Math.max(-12, Math.min(12, Math.log(p / (1 - p))));
}

/** Why a claim has no probability, in one sentence, from its trace's result. */
export function refusalWords(state: string, reason: string | null): string {
  return `No probability: the claim is ${idWords(state)}${reason ? ` (${reason.replace(/\.$/, '')})` : ''}.`;
}
