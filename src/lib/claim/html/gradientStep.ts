import { gradientView, gradientVsEvidence, type GradientView } from '../steps/gradient.ts';
import { escapeAttribute, escapeHtml, fieldHtml, formulaHtml } from '../../render/markup.ts';
import { votesSvg } from '../../render/pictures/votesSvg.ts';
import { votesCsv } from '../../render/pictures/claimPictures.ts';
import { claimPictureLinksHtml } from '../../render/pictures/download.ts';
import type { FormulaStepProps, ModelStepProps } from '../stepLinks.ts';
import { stepHtml, tableWrapHtml } from './frame.ts';

/**
 * Step 10: the community gradient, a reputation-weighted mean of votes (seed 003), worked out in
 * full beside the evidence score and never mixed into it. A vote's weight is said once, by the
 * votes table's caption and columns; its formula is on the model page, as in seed 003, whose worked
 * example is the table and the mean.
 */
export function gradientStepHtml({ trace, model, links, latex }: ModelStepProps & FormulaStepProps): string {
  const view = gradientView(trace, model);
  const comparison = gradientVsEvidence(trace);
  const places = trace.working.rounding.weight;
  const working = view.noVotes
    ? `<p class="notice">No votes have been cast on this claim, so the gradient is the model's neutral value ${escapeHtml(view.neutral)}, with status “no votes”.</p>\n`
    : tableWrapHtml('Votes', votesTableHtml(view, places)) +
      formulaHtml(latex!, 'the gradient, the weighted mean of the votes');
  const body =
    "<p>Beside the evidence score, the community's votes are averaged, each weighted by the voter's reputation on a logarithmic scale so that no single voter dominates. The gradient is shown here and never enters the score.</p>\n" +
    `<p class="claim-verdict">Gradient ${fieldHtml(view.value, 'strong')} · <strong>${escapeHtml(view.statusWords)}</strong></p>\n` +
    `<p class="${escapeAttribute(`claim-comparison claim-comparison-${comparison.kind}`)}">${escapeHtml(comparison.sentence)}</p>\n` +
    votesSvg({ trace, model }) +
    claimPictureLinksHtml(trace, 'votes', votesCsv(trace, model)) +
    working +
    `<p class="muted">Consensus true from ${escapeHtml(view.trueFrom)} up, consensus false at ${escapeHtml(view.falseTo)} and below, contested in between; with no votes the gradient is ${escapeHtml(view.neutral)}.</p>\n`;
  return stepHtml('gradient', links, body);
}

/** The votes table: each vote's reputation, ln, weight, value and product, and their totals. */
function votesTableHtml(view: GradientView, places: number): string {
  const { columns } = view;
  const rows = view.votes
    .map(
      (v) =>
        `<tr>\n<th scope="row">${fieldHtml(v.voter)}</th>\n` +
        `<td data-label="Reputation r" class="num">${fieldHtml(v.reputation, 'span', undefined, columns.reputation)}</td>\n` +
        `<td data-label="ln(1 + max(0, r))" class="num"><span title="${escapeAttribute(v.lnFull)}">${escapeHtml(v.ln)}</span>${v.floored ? ' <span class="claim-floor"> below the floor</span>' : ''}</td>\n` +
        `<td data-label="Weight w" class="num">${fieldHtml(v.weight, 'span', undefined, columns.weight)}</td>\n` +
        `<td data-label="Vote v" class="num">${fieldHtml(v.value, 'span', undefined, columns.value)}</td>\n` +
        `<td data-label="v × w" class="num">${fieldHtml(v.weighted, 'span', undefined, columns.weighted)}</td>\n</tr>\n`,
    )
    .join('');
  return (
    '<table class="claim-votes">' +
    `<caption>Each vote's weight is max(${escapeHtml(view.floor)}, ln(1 + r)), r below zero counting as zero, rounded to ${places} places</caption>\n` +
    '<thead>\n<tr><th scope="col">Voter</th>\n<th scope="col" class="num">Reputation r</th>\n<th scope="col" class="num">ln(1 + max(0, r))</th>\n<th scope="col" class="num">Weight w</th>\n<th scope="col" class="num">Vote v</th>\n<th scope="col" class="num">v × w</th>\n</tr>\n</thead>\n' +
    `<tbody>${rows}</tbody>\n` +
    '<tfoot>\n<tr><th scope="row">Total</th>\n<td class="num none">—</td>\n<td class="num none">—</td>\n' +
    `<td data-label="Weight w" class="num">${fieldHtml(view.totalWeight, 'span', undefined, columns.weight)}</td>\n` +
    '<td class="num none">—</td>\n' +
    `<td data-label="v × w" class="num">${fieldHtml(view.totalWeighted, 'span', undefined, columns.weighted)}</td>\n</tr>\n</tfoot>\n` +
    '</table>\n'
  );
}
