/** A model page's line chart (lineChart.ts) as a function returning SVG: frame, floor, labelled points. */
import { altSvg } from '../../claim/html/frame.ts';
import { attribute } from '../../claim/html/frame.ts';
import { escapeHtml } from '../markup.ts';
import type { LineChartView } from './lineChart.ts';

/** The chart's figure: the picture and its caption (no JavaScript). */
export function lineChartSvg(view: LineChartView): string {
  const points = view.points
    .map(
      (p) =>
        `<circle class="pic-point" cx="${p.x}" cy="${p.y}" r="3"></circle>` +
        (p.labelled ? `<text x="${p.x}" y="${p.y - 6}" text-anchor="middle">${escapeHtml(p.label)}</text>\n` : '') +
        (p.ticked
          ? `<text class="pic-tick" x="${p.x}" y="${view.bottom + 17}" text-anchor="middle">${escapeHtml(p.tick)}</text>\n`
          : ''),
    )
    .join('');
  return (
    `<figure class="picture"><svg viewBox="0 0 ${view.width} ${view.height}" role="img">${altSvg(view.alt)}` +
    `<path class="pic-axis" d="M${view.left} ${view.top}V${view.bottom}H${view.right}"></path>` +
    `<path class="pic-diagonal" d="M${view.left} ${view.floor.y}H${view.right}"></path>` +
    `<text class="pic-tick" x="${view.floor.labelX}" y="${view.floor.labelY}"${attribute('text-anchor', view.floor.anchor)}>${escapeHtml(view.floor.label)}</text>\n` +
    `<path class="pic-curve" d="${view.path}"></path>` +
    points +
    `<text class="pic-tick" x="${(view.left + view.right) / 2}" y="${view.bottom + 17 + 20}" text-anchor="middle">${escapeHtml(view.axis)}</text>\n` +
    `</svg>\n<figcaption>${escapeHtml(view.caption)}</figcaption>\n</figure>\n`
  );
}
