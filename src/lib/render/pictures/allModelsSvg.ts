/** The picture of a claim under every model as a function returning SVG (see models.ts for what it draws). */
import type { TraceSummary } from '../../site/records.ts';
import { altSvg, classList } from '../../claim/html/frame.ts';
import { escapeHtml } from '../markup.ts';
import { type ModelDot, modelsView } from './models.ts';

/** What the picture of every model is drawn from. */
export interface AllModelsProps {
  readonly traces: readonly TraceSummary[];
  readonly current: string;
  readonly defaultModel: string;
}

/** The claim under every released model on one probability axis; a refusal is written, not drawn. */
export function allModelsSvg({ traces, current, defaultModel }: AllModelsProps): string {
  const view = modelsView(traces, current, defaultModel);
  const { left, right, top, bottom, width } = view;
  const row = (r: ModelDot): string => {
    const name = `<text${r.current ? ' class="pic-current"' : ''} x="${left + 6}" y="${r.y - 14}">${escapeHtml(r.isDefault ? `${r.model} *` : r.model)}</text>\n`;
    if (r.x === null)
      return `${name}<text class="pic-tick" x="${left + 6}" y="${r.y + 5}">${escapeHtml(r.label)}</text>\n`;
    const end = r.x > width / 2;
    return (
      name +
      `<circle class="${classList('pic-point', r.current && 'pic-current')}" cx="${r.x}" cy="${r.y}" r="4"></circle>` +
      `<text class="pic-tick" x="${r.x}" y="${r.y + 5}" dx="${end ? -8 : 8}" text-anchor="${end ? 'end' : 'start'}">${escapeHtml(r.label)}</text>\n`
    );
  };
  return (
    `<figure class="picture"><svg viewBox="0 0 ${width} ${view.height}" role="img">${altSvg(view.alt)}` +
    `<path class="pic-axis" d="M${left} ${bottom}H${right}M${left} ${top}V${bottom}M${right} ${top}V${bottom}"></path>` +
    `<text class="pic-tick" x="${left}" y="${bottom + 17}" text-anchor="start">0</text>\n` +
    `<text class="pic-tick" x="${right}" y="${bottom + 17}" text-anchor="end">1</text>\n` +
    view.rows.map(row).join('') +
    `</svg>\n<figcaption>${escapeHtml(view.caption)}</figcaption>\n</figure>\n`
  );
}
