/**
 * The logistic curve (docs/design.md §6): probability against log-odds, the model's state bands behind it,
 * the claim's point, and the two stability re-scores as a shaded range.
 */
import { minus } from '../figures.ts';
import { scaleLinear } from 'd3-scale';
import { line } from 'd3-shape';
import { range, ticks } from 'd3-array';
import type { Model, Trace } from '../../../engine/index.ts';
import { idWords } from '../words.ts';
import { type Alt, LINE, WIDTH, logistic, px, refusalWords, spaced } from './frame.ts';

/** One state's band across the picture, from its threshold up to the next. */
export interface CurveBand {
  readonly state: string;
  readonly from: string;
  readonly y: number;
  readonly height: number;
  readonly current: boolean;
  /** Whether its lower bound is written beside it (left out where it would touch the one below). */
  readonly labelled: boolean;
}

/** What the curve's component draws. */
export interface CurveView {
  readonly width: number;
  readonly height: number;
  readonly left: number;
  readonly right: number;
  readonly bands: readonly CurveBand[];
  /** The logistic curve as an SVG path. */
  readonly path: string;
  /** The claim's point, or null for a claim with no probability. */
  readonly point: {
    readonly x: number;
    readonly y: number;
    readonly label: string;
    readonly anchor: 'start' | 'end';
  } | null;
  /** The re-scores' range: a shaded strip between their log-odds, or null. */
  readonly range: { readonly x: number; readonly width: number; readonly label: string } | null;
  /** Whole-number log-odds ticks along the bottom. */
  readonly ticks: readonly { readonly x: number; readonly label: string }[];
  readonly axisY: number;
  /** The axes' titles: across under the ticks, and up beside the bands' bounds. */
  readonly titles: { readonly x: string; readonly y: string };
  readonly plotTop: number;
  readonly plotHeight: number;
  /** The words under the picture. */
  readonly caption: string;
  /** Why there is no point, for a claim with no probability. */
  readonly refusal: string | null;
  readonly alt: Alt;
}

const TOP = 10;
const PLOT = 200;

/** The curve for `trace`: its bands, its point and its stability range (none for a refusal). */
export function curveView(trace: Trace, model: Model): CurveView {
  const { sum, stability, state } = trace.working;
  const { result } = trace;
  // Room on the left for the vertical axis's title and its labels ("0.95"); on the right for half a tick.
  const left = 70;
  const right = WIDTH - 14;
  const post = sum === null ? 0 : Number(sum.posteriorLogOdds);
  const rescores = stability?.rescores ?? [];
  const reach = Math.max(6, Math.abs(post), ...rescores.map((r) => Math.abs(Number(r.logOdds))));
  const x = scaleLinear().domain([-reach, reach]).range([left, right]).nice();
  const y = scaleLinear()
    .domain([0, 1])
    .range([TOP + PLOT, TOP]);
  const [d0, d1] = x.domain() as [number, number];
  const path =
    line<number>()
      .x((v) => px(x(v)))
      .y((v) => px(y(logistic(v))))(range(d0, d1 + 1e-9, (d1 - d0) / 48)) ?? '';
  // A refused claim has no state working; the model's own states are its bands.
  const thresholds = state?.thresholds ?? model.states;
  const drawn = thresholds.map((t, i) => {
    const top = i + 1 < thresholds.length ? Number(thresholds[i + 1]!.from) : 1;
    return {
      state: t.state,
      from: t.from,
      y: px(y(top)),
      height: px(y(Number(t.from)) - y(top)),
      current: state !== null && result.probability !== null && i === state.index,
    };
  });
  // A lower bound's label is dropped where it would touch the one below it.
  let lastLabel = Infinity;
  const bands = drawn.map((b) => {
    const at = b.y + b.height;
    const labelled = lastLabel - at >= LINE;
    if (labelled) lastLabel = at;
    return { ...b, labelled };
  });
  const scored = sum !== null && result.probability !== null;
  const px0 = px(x(post));
  const point = scored
    ? {
        x: px0,
        y: px(y(Number(result.probability))),
        label: `${result.probability} at ${sum.posteriorLogOdds}`,
        // The label runs to the side with more room.
        anchor: right - px0 < px0 - left ? ('end' as const) : ('start' as const),
      }
    : null;
  const xs = rescores.map((r) => x(Number(r.logOdds)));
  const spread =
    scored && rescores.length > 0
      ? {
          x: px(Math.min(...xs)),
          width: px(Math.max(...xs) - Math.min(...xs)),
          label: rescores.map((r) => `×${r.scale}: ${r.probability}`).join(', '),
        }
      : null;
  const bandWords = thresholds.map((t) => `${idWords(t.state)} from ${t.from}`).join(', ');
  const desc = scored
    ? `The claim sits at log-odds ${sum.posteriorLogOdds}, probability ${result.probability}, in the ${idWords(result.state)} band. ` +
      (stability
        ? `Re-scored with the weights scaled: ${rescores.map((r) => `×${r.scale} gives ${r.probability}`).join(', ')} (spread ${stability.spread}). `
        : '') +
      `Bands: ${bandWords}.`
    : `${refusalWords(result.state, result.reason)} Bands: ${bandWords}.`;
  return {
    width: WIDTH,
    height: TOP + PLOT + 26 + LINE + 6,
    left,
    right,
    bands,
    path,
    point,
    range: spread,
    ticks: spaced(
      ticks(d0, d1, 6)
        .filter((t) => Number.isInteger(t))
        .map((t) => ({ x: px(x(t)), label: minus(String(t)) })),
    ),
    axisY: TOP + PLOT + 26,
    titles: { x: 'log-odds', y: 'probability' },
    plotTop: TOP,
    plotHeight: PLOT,
    caption:
      `${scored ? 'Probability against log-odds: the claim’s point, its re-scores shaded, the state bands behind.' : refusalWords(result.state, result.reason)}` +
      `${spread ? ` Re-scores: ${spread.label}.` : ''} Bands from the bottom: ${thresholds.map((t) => idWords(t.state)).join(', ')}.`,
    refusal: scored ? null : refusalWords(result.state, result.reason),
    alt: { title: 'The logistic curve from log-odds to probability', desc },
  };
}
