/** The prior step of a claim page. */
import { fieldAt, fieldOf } from '../fields.ts';
import { roundingWords } from '../numbers.ts';
import type { FormulaStepProps } from '../stepLinks.ts';
import { escapeHtml, fieldHtml, formulaHtml, idFieldHtml } from '../../render/markup.ts';
import { priorDiffers, roundingDiffers } from '../steps/differs.ts';
import type { DefaultModel } from '../steps/evidence.ts';
import { differsMarkHtml } from './explainHtml.ts';
import { stepHtml } from './frame.ts';

/**
 * Step 5: where the claim starts before any evidence, as a probability and as log-odds; under a
 * model other than the default (`theDefault`), the prior and rounding that differ are marked.
 */
export function priorStepHtml({
  trace,
  links,
  latex,
  theDefault = null,
}: FormulaStepProps & { readonly theDefault?: DefaultModel | null }): string {
  const type = idFieldHtml(fieldOf(trace, 'working.type'));
  const body = trace.working.prior
    ? `<p>Under this model a claim of type ${type} starts at probability ${fieldHtml(fieldOf(trace, 'working.prior.probability'), 'strong')}${differsMarkHtml(priorDiffers(trace, theDefault))} before any evidence. ` +
      `The working is done in log-odds, so that evidence adds rather than multiplies; the prior's log-odds are ${fieldHtml(fieldOf(trace, 'working.prior.logOdds'), 'strong')}, ` +
      `rounded ${escapeHtml(roundingWords(trace.working.rounding.mode))}${differsMarkHtml(roundingDiffers(trace, theDefault, 'mode'))} ` +
      `to ${String(trace.working.rounding.weight)} places${differsMarkHtml(roundingDiffers(trace, theDefault, 'weight'))}.</p>\n` +
      formulaHtml(latex!, "the prior's log-odds")
    : `<p class="refusal">No prior: this model gives claims of type ${type} no starting probability, because it does not score them. ${fieldHtml(fieldAt(trace, 'working.notScoredReason'))}</p>\n`;
  return stepHtml('prior', links, body);
}
