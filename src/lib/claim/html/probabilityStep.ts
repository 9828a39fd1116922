/** The probability step of a claim page as HTML. */
import { logisticCurveSvg } from '../../render/pictures/logisticCurveSvg.ts';
import { logisticCsv } from '../../render/pictures/claimPictures.ts';
import { claimPictureLinksHtml } from '../../render/pictures/download.ts';
import { fieldHtml, formulaHtml, escapeHtml } from '../../render/markup.ts';
import { fieldOf } from '../fields.ts';
import { roundingWords } from '../numbers.ts';
import type { FormulaStepProps, ModelStepProps } from '../stepLinks.ts';
import { roundingDiffers } from '../steps/differs.ts';
import type { DefaultModel } from '../steps/evidence.ts';
import { differsMarkHtml } from './explainHtml.ts';
import { stepHtml } from './frame.ts';

/**
 * Step 7: the logistic step from log-odds to a probability, and its rounding; under a model other
 * than the default (`theDefault`), a rounding that differs is marked.
 */
export function probabilityStepHtml({
  trace,
  model,
  links,
  latex,
  theDefault = null,
}: ModelStepProps & FormulaStepProps & { readonly theDefault?: DefaultModel | null }): string {
  const working = trace.working.probability;
  const text = working
    ? `<p>The logistic function turns the posterior log-odds ${fieldHtml(fieldOf(trace, 'working.sum.posteriorLogOdds'), 'code')} into a probability. ` +
      `Worked to 40 significant digits it is ${fieldHtml(fieldOf(trace, 'working.probability.logistic'), 'code', 'claim-long')}; ` +
      `rounded ${escapeHtml(roundingWords(trace.working.rounding.mode))}${differsMarkHtml(roundingDiffers(trace, theDefault, 'mode'))} ` +
      `to ${escapeHtml(String(trace.working.rounding.probability))} places${differsMarkHtml(roundingDiffers(trace, theDefault, 'probability'))} it is ` +
      `${fieldHtml(fieldOf(trace, 'result.probability'), 'strong')}.</p>\n` +
      formulaHtml(latex!, 'the probability from the posterior log-odds')
    : `<p class="refusal">No probability. ${fieldHtml(fieldOf(trace, 'result.reason'))}</p>\n`;
  const downloads = working ? claimPictureLinksHtml(trace, 'logistic', logisticCsv(trace, model)) : '';
  return stepHtml('probability', links, text + logisticCurveSvg({ trace, model }) + downloads);
}
