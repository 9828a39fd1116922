/**
 * The compare page's picture (compare.ts) as a function returning SVG: each claim's probability
 * under one model against the other, each model's states along its axis, and beside the square
 * the claims one model gives no probability.
 */
import { classList } from '../../claim/html/frame.ts';
import { escapeAttribute, escapeHtml } from '../markup.ts';
import type { CompareDot, CompareView } from './compare.ts';

/**
 * The picture of models `a` and `b`. On the page (`links`) each dot is a link to its claim; a file
 * taken away has no page around it to link from, so there each dot carries its words as a title.
 */
export function compareSvg(view: CompareView, a: string, b: string, links: boolean): string {
  const middle = (view.top + view.bottom) / 2;
  const t = (cls: string, x: number, y: number, anchor: string, text: string): string =>
    `<text class="${cls}" x="${x}" y="${y}" text-anchor="${anchor}">${escapeHtml(text)}</text>\n`;
  const dot = (d: CompareDot): string => {
    const circle = `<circle class="${classList('pic-point', d.stateChanged && 'pic-changed')}" cx="${d.x}" cy="${d.y}" r="${d.stateChanged ? 6 : 4}">`;
    return links
      ? `<a href="${escapeAttribute(d.href)}" aria-label="${escapeAttribute(d.label)}">${circle}</circle></a>\n`
      : `${circle}<title>${escapeHtml(d.label)}</title></circle>\n`;
  };
  const marks =
    view.bins.length === 0
      ? [...view.dots, ...view.refusedA, ...view.refusedB].map(dot).join('')
      : view.bins
          .map(
            (bin) =>
              `<circle class="${classList('pic-point', bin.changed > 0 && 'pic-changed')}" cx="${bin.x}" cy="${bin.y}" r="${bin.r}"><title>${escapeHtml(bin.label)}</title></circle>\n`,
          )
          .join('');
  return (
    `<figure class="picture picture-square"><svg viewBox="0 0 ${view.size} ${view.height}" role="group" aria-labelledby="compare-t" aria-describedby="compare-d">` +
    `<title id="compare-t">${escapeHtml(view.alt.title)}</title>\n<desc id="compare-d">${escapeHtml(view.alt.desc)}</desc>\n` +
    view.bandsA
      .map(
        (band) =>
          `<rect class="pic-band state-${escapeAttribute(band.state)}" x="${band.at}" y="${view.bottom + 2}" width="${band.length}" height="7"></rect>`,
      )
      .join('') +
    view.bandsB
      .map(
        (band) =>
          `<rect class="pic-band state-${escapeAttribute(band.state)}" x="${view.left - 9}" y="${band.at}" width="7" height="${band.length}"></rect>`,
      )
      .join('') +
    `<rect class="pic-strip" x="${view.stripX - 11}" y="${view.top}" width="22" height="${view.bottom - view.top}"></rect>` +
    `<rect class="pic-strip" x="${view.left}" y="${view.stripY - 11}" width="${view.right - view.left}" height="22"></rect>` +
    t('pic-tick', view.left - 12, view.stripY + 5, 'end', 'none') +
    t('pic-tick', view.stripX, view.bottom + 25, 'middle', 'none') +
    (view.refusedBoth > 0
      ? `<rect class="pic-strip" x="${view.stripX - 11}" y="${view.stripY - 11}" width="22" height="22"></rect>` +
        `<text x="${view.stripX}" y="${view.stripY + 5}" text-anchor="middle">${view.refusedBoth}</text>\n`
      : '') +
    `<path class="pic-axis" d="M${view.left} ${view.top}V${view.bottom}H${view.right}"></path>` +
    `<path class="pic-diagonal" d="M${view.left} ${view.bottom}L${view.right} ${view.top}"></path>` +
    view.ticks
      .map(
        (tick, i) =>
          t('pic-tick', tick.x, view.bottom + 25, i === view.ticks.length - 1 ? 'end' : 'middle', tick.label) +
          t('pic-tick', view.left - 12, tick.y + 5, 'end', tick.label),
      )
      .join('') +
    t('pic-title', (view.left + view.right) / 2, view.bottom + 25 + 20, 'middle', a) +
    `<text class="pic-title" x="14" y="${middle}" text-anchor="middle" transform="rotate(-90 14 ${middle})">${escapeHtml(b)}</text>\n` +
    marks +
    `</svg>\n<figcaption>${escapeHtml(view.caption)}</figcaption>\n</figure>\n`
  );
}
