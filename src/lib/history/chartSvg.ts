/** The picture of a claim's probability over time (chart.ts) as a function returning SVG. */
import { escapeAttribute, escapeHtml } from '../render/markup.ts';
import type { ChartView } from './chart.ts';

/** The title a file of the picture opens with (on the page, its `aria-label` names it). */
export const HISTORY_TITLE = 'The claim’s probability at each revision';

/**
 * The picture and its caption (no JavaScript). With `titled`, as a file taken away, its title and
 * description open the drawing, as every picture's file does.
 */
export function historyChartSvg(chart: ChartView, titled = false): string {
  const alt = titled ? `<title>${escapeHtml(HISTORY_TITLE)}</title>\n<desc>${escapeHtml(chart.alt)}</desc>\n` : '';
  const tick = (x: number, y: number, anchor: string, text: string): string =>
    `<text class="pic-tick" x="${x}" y="${y}" text-anchor="${anchor}">${escapeHtml(text)}</text>\n`;
  return (
    `<figure class="picture history-chart"><svg viewBox="0 0 ${chart.width} ${chart.height}" role="img"${titled ? '' : ` aria-label="${escapeAttribute(chart.alt)}"`}>${alt}` +
    chart.bands
      .map(
        (b) =>
          `<rect class="pic-band state-${escapeAttribute(b.state)}" x="${chart.left}" y="${b.y}" width="${chart.right - chart.left}" height="${b.height}"></rect>`,
      )
      .join('') +
    chart.guides.map((g) => tick(chart.left - 6, g.y + 5, 'end', g.label)).join('') +
    `<path class="history-chart-line" d="${chart.path}"></path>` +
    chart.points
      .map((p) => (p.y === null ? '' : `<circle class="history-chart-point" cx="${p.x}" cy="${p.y}" r="4"></circle>`))
      .join('') +
    chart.dates.map((d) => tick(d.x, chart.dateY, 'middle', d.label)).join('') +
    `<text class="pic-title" x="${(chart.left + chart.right) / 2}" y="${chart.dateY + 20}" text-anchor="middle">date of the revision (UTC)</text>\n` +
    `</svg>\n<figcaption>${escapeHtml(chart.caption)}</figcaption>\n</figure>\n`
  );
}
