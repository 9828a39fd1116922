/**
 * The logistic curve as HTML: the picture's SVG, written from its view (curve.ts). A function
 * rather than a component, since a claim page is written by functions (see ../../claim/html/frame.ts).
 */
import type { Model, Trace } from '../../../engine/index.ts';
import { altSvg, attribute, classList } from '../../claim/html/frame.ts';
import { escapeAttribute, escapeHtml } from '../markup.ts';
import { curveView } from './curve.ts';

/** What the logistic curve draws from. */
export interface LogisticCurveProps {
  readonly trace: Trace;
  readonly model: Model;
}

/** The logistic curve with the state bands, the claim's point and its stability range (no JavaScript). */
export function logisticCurveSvg({ trace, model }: LogisticCurveProps): string {
  const view = curveView(trace, model);
  const bands = view.bands
    .map(
      (b) =>
        `<rect class="${escapeAttribute(classList('pic-band', `state-${b.state}`, b.current && 'current'))}" x="${String(view.left)}" y="${String(b.y)}" width="${String(view.right - view.left)}" height="${String(b.height)}"></rect>` +
        (b.labelled
          ? `<text class="pic-tick" x="${String(view.left - 4)}" y="${String(b.y + b.height + 5)}" text-anchor="end">${escapeHtml(b.from)}</text>\n`
          : ''),
    )
    .join('');
  const range = view.range
    ? `<rect class="pic-range" x="${String(view.range.x)}" y="${String(view.plotTop)}" width="${String(view.range.width)}" height="${String(view.plotHeight)}"></rect>`
    : '';
  const point = view.point
    ? `<circle class="pic-point" cx="${String(view.point.x)}" cy="${String(view.point.y)}" r="4"></circle>` +
      `<text x="${String(view.point.x)}" y="${String(view.point.y + 4)}" dx="${String(view.point.anchor === 'end' ? -8 : 8)}"${attribute('text-anchor', view.point.anchor)}>${escapeHtml(view.point.label)}</text>\n`
    : '';
  const ticks = view.ticks
    .map(
      (t) =>
        `<text class="pic-tick" x="${String(t.x)}" y="${String(view.axisY)}" text-anchor="middle">${escapeHtml(t.label)}</text>\n`,
    )
    .join('');
  const middle = view.plotTop + view.plotHeight / 2;
  const titles =
    `<text class="pic-title" x="${String((view.left + view.right) / 2)}" y="${String(view.axisY + 20)}" text-anchor="middle">${escapeHtml(view.titles.x)}</text>\n` +
    `<text class="pic-title" x="14" y="${String(middle)}" text-anchor="middle" transform="rotate(-90 14 ${String(middle)})">${escapeHtml(view.titles.y)}</text>\n`;
  return (
    `<figure class="picture"><svg viewBox="0 0 ${String(view.width)} ${String(view.height)}" role="img">` +
    `${altSvg(view.alt)}${bands}${range}<path class="pic-curve" d="${escapeAttribute(view.path)}"></path>${point}${ticks}${titles}` +
    `</svg>\n<figcaption>${escapeHtml(view.caption)}</figcaption>\n</figure>\n`
  );
}
