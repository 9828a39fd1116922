/**
 * What every picture shares: its size in SVG units, pixel rounding, and the text alternative. A
 * picture's positions are JavaScript numbers (pixels, rounded to one decimal); every number it
 * writes as text is a decimal string taken from a trace or a model file.
 */
import { idWords } from '../words.ts';

/** The width every picture is drawn at, in SVG units; the stylesheet scales it to the page. */
export const WIDTH = 400;

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
