/** The log-odds walk, a picture of the sum step, as SVG. */
import type { Trace } from '../../../engine/index.ts';
import { altSvg } from '../../claim/html/frame.ts';
import { escapeAttribute, escapeHtml } from '../markup.ts';
import { walkView, type WalkArrow } from './walk.ts';

/** What the walk is drawn from. */
export interface LogOddsWalkProps {
  readonly trace: Trace;
}

/** One link's arrow (support to the right, opposition to the left, a bar for weight zero) with its label. */
function arrowHtml(a: WalkArrow): string {
  const right = a.x2 > a.x1;
  // A link of weight zero gets an upright bar: a mark that points neither way.
  const d = a.still
    ? `M${a.x1} ${a.y - 6}V${a.y + 6}`
    : `M${a.x1} ${a.y}H${a.x2}m${right ? -5 : 5} -4l${right ? 5 : -5} 4l${right ? -5 : 5} 4`;
  const textClass = a.kept ? '' : ' class="dependent"';
  return (
    `<path class="${escapeAttribute(a.kept ? a.direction : 'dependent')}" d="${escapeAttribute(d)}"></path>` +
    `<text${textClass} x="${a.labelX}" y="${a.labelY}" text-anchor="${escapeAttribute(a.anchor)}">${escapeHtml(a.label)}</text>\n`
  );
}

/** The log-odds walk from the prior through each kept link to the posterior (no JavaScript). */
export function logOddsWalkSvg({ trace }: LogOddsWalkProps): string {
  const view = walkView(trace);
  let picture: string;
  if (view.kind === 'refusal') {
    picture = `<p class="picture-refusal">${escapeHtml(view.text)}</p>\n`;
  } else {
    const { prior, posterior } = view;
    const ticks = view.ticks
      .map(
        (t) =>
          `<text class="pic-tick" x="${t.x}" y="${view.axisY + 16}" text-anchor="middle">${escapeHtml(t.label)}</text>\n`,
      )
      .join('');
    const scale = view.scale
      .map(
        (t) =>
          `<line class="pic-axis" x1="${t.x}" x2="${t.x}" y1="${view.scaleY - 3}" y2="${view.scaleY + 3}"></line>` +
          `<text class="pic-tick" x="${t.x}" y="${view.scaleY + 17}" text-anchor="middle">${escapeHtml(t.label)}</text>\n`,
      )
      .join('');
    picture =
      `<svg viewBox="0 0 ${view.width} ${view.height}" role="img">${altSvg(view.alt)}` +
      `<line class="pic-axis" x1="${prior.x}" x2="${prior.x}" y1="${prior.y}" y2="${view.axisY}"></line>` +
      `<text x="${prior.labelX}" y="${prior.y - 3}" text-anchor="${escapeAttribute(prior.anchor)}">${escapeHtml(prior.label)}</text>\n` +
      view.arrows.map(arrowHtml).join('') +
      `<circle class="pic-point" cx="${posterior.x}" cy="${posterior.y}" r="4"></circle>` +
      `<text x="${posterior.labelX}" y="${posterior.y + 4}" text-anchor="${escapeAttribute(posterior.anchor)}">${escapeHtml(posterior.label)}</text>\n` +
      `<path class="pic-axis" d="M${view.left} ${view.axisY}H${view.right}M${view.left} ${view.scaleY}H${view.right}"></path>` +
      ticks +
      `<text class="pic-title" x="${view.left}" y="${view.axisY + 36}">${escapeHtml(view.axisTitle)}</text>\n` +
      scale +
      `<text class="pic-title" x="${view.left}" y="${view.scaleY + 37}">${escapeHtml(view.scaleTitle)}</text>\n` +
      `</svg>`;
  }
  return `<figure class="picture">${picture}<figcaption>Log-odds from the prior, one arrow per kept link (dependent links greyed); below, the probability.</figcaption>\n</figure>\n`;
}
