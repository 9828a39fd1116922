/** The stability step of a claim page as HTML. */
import { escapeHtml, fieldHtml, formulaHtml } from '../../render/markup.ts';
import { idWords } from '../../render/words.ts';
import { fieldOf } from '../fields.ts';
import { stabilityView } from '../steps/stability.ts';
import type { FormulaStepProps, ModelStepProps } from '../stepLinks.ts';
import { stepHtml, tableWrapHtml } from './frame.ts';

/** Step 8: the claim re-scored with the weights scaled down and up, the spread, and the level. */
export function stabilityStepHtml({ trace, model, links, latex }: ModelStepProps & FormulaStepProps): string {
  const view = stabilityView(trace, model);
  if (!view) {
    return stepHtml(
      'stability',
      links,
      `<p class="refusal">No stability: there is no probability to re-score (${escapeHtml(idWords(trace.result.state))}).</p>\n`,
    );
  }
  const rows = view.rescores
    .map((r) => {
      const note = r.highest && r.lowest ? 'the only value' : r.highest ? 'highest' : r.lowest ? 'lowest' : '';
      return (
        `<tr>\n<th scope="row" class="num" data-label="Scale s">${fieldHtml(r.scale, 'span', undefined, view.columns.scale)}</th>\n` +
        `<td data-label="Prior + s × kept" class="claim-expression">${escapeHtml(r.expression)}</td>\n` +
        `<td data-label="Log-odds" class="num">${fieldHtml(r.logOdds, 'span', undefined, view.columns.logOdds)}</td>\n` +
        `<td data-label="Probability" class="num">${fieldHtml(r.probability)}</td>\n` +
        `<td data-label="Note">${note}</td>\n</tr>\n`
      );
    })
    .join('');
  const table =
    '<table class="claim-rescores">\n<caption>Each re-score: the prior plus s times the kept weights, then the logistic step and rounding</caption>\n' +
    '<thead>\n<tr><th scope="col" class="num">Scale s</th>\n<th scope="col">Prior + s × kept</th>\n<th scope="col" class="num">Log-odds</th>\n' +
    '<th scope="col" class="num">Probability</th>\n<th scope="col">Note</th>\n</tr>\n</thead>\n' +
    `<tbody>${rows}</tbody>\n</table>\n`;
  const capped = view.capped ? ' <span class="claim-capped">capped</span>' : '';
  return stepHtml(
    'stability',
    links,
    `<p>The same evidence is scored again with every kept weight scaled by each of the model's scales. The spread ` +
      `between the answers shows how much the probability depends on the settings rather than on the evidence. The ` +
      `kept weights add up to ${fieldHtml(fieldOf(trace, 'working.sum.kept'), 'code')}.</p>\n` +
      formulaHtml(latex!, 'the re-score at a scale s') +
      tableWrapHtml('Re-scores', table, 'compact') +
      `<p class="claim-verdict">Spread = ${fieldHtml(view.largest)} − ${fieldHtml(view.smallest)} = ` +
      `${fieldHtml(view.spread, 'strong')} · stability ${fieldHtml(view.level, 'strong')}${capped}</p>\n` +
      `<p>${escapeHtml(view.why)}</p>\n` +
      `<p class="muted">High when the spread is within ${escapeHtml(view.high)}, medium within ${escapeHtml(view.medium)}, ` +
      `low when wider; high needs at least ${fieldHtml(view.minGroupsForHigh)} distinct sources among the counted links, ` +
      `the kept links with a weight above 0 (this claim has ${fieldHtml(view.sources)}).</p>\n`,
  );
}
