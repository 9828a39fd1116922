/**
 * The claim under every model (docs/design.md §6): one probability axis, one row and dot per model, a
 * refusal written as such instead of a dot, the default model and this page's model marked.
 */
import { scaleLinear } from 'd3-scale';
import type { TraceSummary } from '../../site/records.ts';
import { idWords } from '../words.ts';
import { type Alt, type Frame, LINE, WIDTH, px } from './frame.ts';

/** One model's row. */
export interface ModelDot {
  readonly model: string;
  /** The dot's line; the model's name is written on the line above it. */
  readonly y: number;
  /** The dot's position, or null for a model that gives no probability. */
  readonly x: number | null;
  /** The probability, or the refusal in words. */
  readonly label: string;
  readonly isDefault: boolean;
  readonly current: boolean;
}

/** What the models' component draws. */
export interface ModelsView extends Frame {
  readonly rows: readonly ModelDot[];
  /** The words under the picture. */
  readonly caption: string;
  readonly alt: Alt;
}

/** A model's row: its name on one line, its dot and figure on the next. */
const ROW = 2 * LINE + 6;

/** One row per trace of the claim (the default first, as the caller orders them). */
export function modelsView(traces: readonly TraceSummary[], current: string, defaultModel: string): ModelsView {
  const left = 16;
  const right = WIDTH - 16;
  const x = scaleLinear().domain([0, 1]).range([left, right]);
  const top = 6;
  const rows = traces.map((t, i) => {
    const p = t.result.probability;
    return {
      model: t.model,
      y: top + ROW * i + LINE + 14,
      x: p === null ? null : px(x(Number(p))),
      label: p ?? `not scored: ${idWords(t.result.state)}`,
      isDefault: t.model === defaultModel,
      current: t.model === current,
    };
  });
  const desc = traces
    .map(
      (t) =>
        `${t.model}${t.model === defaultModel ? ' (default)' : ''}: ${
          t.result.probability === null
            ? `no probability, ${idWords(t.result.state)}`
            : `${t.result.probability}, ${idWords(t.result.state)}`
        }`,
    )
    .join('; ');
  const bottom = top + ROW * rows.length;
  return {
    width: WIDTH,
    height: bottom + LINE + 4,
    left,
    right,
    top,
    bottom,
    rows,
    caption:
      'Probability under each released model (* the default; this page’s model in bold); a model that gives no number says so.',
    alt: { title: 'The claim’s probability under every released model', desc: `${desc}.` },
  };
}
