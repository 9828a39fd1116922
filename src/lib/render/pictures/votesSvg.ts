/** The votes picture as a function returning SVG (see votes.ts for what it draws). */
import type { Model, Trace } from '../../../engine/index.ts';
import { altSvg } from '../../claim/html/frame.ts';
import { escapeAttribute, escapeHtml } from '../markup.ts';
import { votesView } from './votes.ts';

/** What the votes picture is drawn from. */
export interface VotesProps {
  readonly trace: Trace;
  readonly model: Model;
}

/** The votes on a 0–1 line, sized by weight, with the gradient, its thresholds and the evidence probability. */
export function votesSvg({ trace, model }: VotesProps): string {
  const view = votesView(trace, model);
  const y = view.lineY;
  const dots = view.dots.map((d) => `<circle class="pic-vote" cx="${d.x}" cy="${y}" r="${d.r}"></circle>`).join('');
  const gradientAnchor = view.gradient.x > view.width / 2 ? 'end' : 'start';
  const evidence =
    view.evidence === null
      ? ''
      : `<path class="pic-evidence" d="${escapeAttribute(`M${view.evidence.x} ${y - 10}l-5 -8h10z`)}"></path>` +
        `<text class="pic-tick" x="${view.evidence.x}" y="${view.evidenceY}" text-anchor="${view.evidence.x > view.width / 2 ? 'end' : 'start'}">${escapeHtml(view.evidence.label)}</text>\n`;
  return (
    `<figure class="picture"><svg viewBox="0 0 ${view.width} ${view.height}" role="img">${altSvg(view.alt)}` +
    `<rect class="pic-zone opposes" x="${view.falseZone.x}" y="${y - 12}" width="${view.falseZone.width}" height="24"></rect>` +
    `<rect class="pic-zone supports" x="${view.trueZone.x}" y="${y - 12}" width="${view.trueZone.width}" height="24"></rect>` +
    `<text class="pic-tick" x="${view.left}" y="${y + 28}">${escapeHtml(`0 · ${view.falseZone.label}`)}</text>\n` +
    `<text class="pic-tick" x="${view.right}" y="${y + 28}" text-anchor="end">${escapeHtml(`${view.trueZone.label} · 1`)}</text>\n` +
    `<line class="pic-axis" x1="${view.left}" x2="${view.right}" y1="${y}" y2="${y}"></line>` +
    dots +
    `<path class="pic-gradient" d="M${view.gradient.x} ${y - 16}V${y + 12}"></path>` +
    `<text x="${view.gradient.x}" y="${view.gradientY}" text-anchor="${gradientAnchor}">${escapeHtml(view.gradient.label)}</text>\n` +
    evidence +
    `</svg>\n<figcaption>${escapeHtml(view.caption)}</figcaption>\n</figure>\n`
  );
}
