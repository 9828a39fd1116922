/**
 * The every-model strip's picture: the page's model's states as bands of the 0–1 axis (each named,
 * inside its band where it fits and in the legend below), then one row per released model, its name
 * on one line and its probability as a dot on the next; a refusal is written, not drawn.
 */
import { bandsView } from '../../render/pictures/bands.ts';
import { LINE, WIDTH, px } from '../../render/pictures/frame.ts';
import { escapeHtml } from '../../render/markup.ts';
import type { Model } from '../../../engine/index.ts';
import type { EveryModelRow } from '../steps/explainView.ts';
import { everyModelWords } from '../explainWords.ts';
import { altSvg, classList } from './frame.ts';

/** Each model's row: its name, then its dot. */
const ROW = 2 * LINE - 4;

/** The strip as SVG in a figure, with a text alternative that states every figure. */
export function modelStripSvg(model: Model, rows: readonly EveryModelRow[]): string {
  const bands = bandsView(model);
  const left = bands.bands[0]?.x ?? 20;
  const right = bands.right;
  const x = (p: string): number => px(left + (right - left) * Number(p));
  const top = bands.height - 4;
  const bandSvg = bands.bands
    .map(
      (b) =>
        `<rect class="pic-band state-${escapeHtml(b.state)}" x="${b.x}" y="4" width="${b.width}" height="26"></rect>` +
        (b.named
          ? `<text x="${px(b.x + b.width / 2)}" y="22" text-anchor="middle">${escapeHtml(b.words)}</text>\n`
          : '') +
        (b.ticked
          ? `<text class="pic-tick" x="${b.x}" y="${bands.tickY}" text-anchor="middle">${escapeHtml(b.from)}</text>\n`
          : '') +
        `<rect class="pic-band pic-key state-${escapeHtml(b.state)}" x="${b.key.x}" y="${b.key.y - 12}" width="14" height="14"></rect>` +
        `<text x="${b.key.x + 20}" y="${b.key.y}">${escapeHtml(b.words)}</text>\n`,
    )
    .join('');
  const rowSvg = rows
    .map((r, i) => {
      const y = top + ROW * i + LINE;
      const name = `<text${r.current ? ' class="pic-current"' : ''} x="${left}" y="${y}">${escapeHtml(r.isDefault ? `${r.model} *` : r.model)}</text>\n`;
      const dotY = y + LINE - 2;
      if (r.probability === null)
        return `${name}<text class="pic-tick" x="${left}" y="${dotY}">${escapeHtml(`${everyModelWords.noNumber}: ${r.state.replaceAll('-', ' ')}`)}</text>\n`;
      const cx = x(r.probability);
      const end = cx > WIDTH / 2;
      return (
        name +
        `<circle class="${classList('pic-point', r.current && 'pic-current')}" cx="${cx}" cy="${dotY - 5}" r="5"></circle>` +
        `<text class="pic-tick" x="${cx}" y="${dotY}" dx="${end ? -10 : 10}" text-anchor="${end ? 'end' : 'start'}">${escapeHtml(r.probability)}</text>\n`
      );
    })
    .join('');
  const height = top + ROW * rows.length + 6;
  const desc = rows
    .map(
      (r) =>
        `${r.model}${r.isDefault ? ' (default)' : ''}: ${r.probability === null ? `no probability, ${r.stateWords}` : `${r.probability}, ${r.stateWords}`}`,
    )
    .join('; ');
  const guides = `<path class="pic-axis" d="M${left} ${top}V${height - 4}M${right} ${top}V${height - 4}"></path>`;
  return (
    `<figure class="picture claim-strip"><svg viewBox="0 0 ${WIDTH} ${height}" role="img">` +
    altSvg({ title: 'The claim’s probability under every released model', desc: `${bands.alt.desc} ${desc}.` }) +
    bandSvg +
    `<text class="pic-tick" x="${right}" y="${bands.tickY}" text-anchor="middle">1</text>\n` +
    guides +
    rowSvg +
    `</svg>\n<figcaption>${escapeHtml('This page’s states along 0 to 1; each model’s probability (* default; this page in bold).')}</figcaption>\n</figure>\n`
  );
}
