/** The model page's state bands (bands.ts) as a function returning SVG, with a legend naming each state. */
import type { Model } from '../../../engine/index.ts';
import { altSvg } from '../../claim/html/frame.ts';
import { escapeHtml } from '../markup.ts';
import { bandsView } from './bands.ts';

/** The caption under the bands. */
export const BANDS_CAPTION =
  'The states along the rounded probability, from 0 to 1; each band includes its lower bound.';

/** The model's states as bands of the probability axis, and their legend (no JavaScript). */
export function stateBandsSvg(model: Model): string {
  const view = bandsView(model);
  const bands = view.bands
    .map(
      (b) =>
        `<rect class="pic-band state-${escapeHtml(b.state)}" x="${b.x}" y="4" width="${b.width}" height="26"></rect>` +
        (b.named ? `<text x="${b.x + b.width / 2}" y="22" text-anchor="middle">${escapeHtml(b.words)}</text>\n` : '') +
        (b.ticked
          ? `<text class="pic-tick" x="${b.x}" y="${view.tickY}" text-anchor="middle">${escapeHtml(b.from)}</text>\n`
          : '') +
        `<rect class="pic-band pic-key state-${escapeHtml(b.state)}" x="${b.key.x}" y="${b.key.y - 12}" width="14" height="14"></rect>` +
        `<text x="${b.key.x + 20}" y="${b.key.y}">${escapeHtml(b.words)}</text>\n`,
    )
    .join('');
  return (
    `<figure class="picture"><svg viewBox="0 0 ${view.width} ${view.height}" role="img">${altSvg(view.alt)}` +
    bands +
    `<text class="pic-tick" x="${view.right}" y="${view.tickY}" text-anchor="middle">1</text>\n` +
    `</svg>\n<figcaption>${escapeHtml(BANDS_CAPTION)}</figcaption>\n</figure>\n`
  );
}
