/**
 * The first step of a claim that is not scored (a refusal): why there is no score, in the claim's
 * and the model's own words, and where the reader goes from here. A refusal's page leaves out the
 * steps that would be empty (the prior, the sum, the probability, the state, the stability and
 * the groups, which only matter to a sum): see `pageSteps` in ../stepLinks.ts.
 */
import { escapeHtml, fieldHtml, idFieldHtml } from '../../render/markup.ts';
import { fieldAt, fieldOf } from '../fields.ts';
import type { StepProps } from '../stepLinks.ts';
import { stepHtml } from './frame.ts';

/** The words of a refusal's page (the figures in them are the trace's). */
export const refusalWords = {
  notApplicable: (type: string) =>
    `This model does not score claims of type ${type}: it gives them no starting probability, so there are no log-odds for the evidence to move and no probability to show.`,
  insufficient:
    'This model scores claims of this type, but no counted evidence link has a weight above 0: nothing has moved the claim from where it starts, and showing a probability would be inventing one.',
  next: 'Below: the evidence as recorded, each link weighed as the model declares, the community’s votes (kept apart from the score), and the claim under every released model, some of which may score it.',
  notCounted: 'Not counted: there is no sum to add it to',
} as const;

/** Why this claim has no score under this model: the refusal's reason and what the page shows instead. */
export function whyStepHtml({ trace, links }: StepProps): string {
  const { prior } = trace.working;
  const state = `<strong>${idFieldHtml(fieldOf(trace, 'result.state'))}</strong>`;
  const reason = trace.result.reason === null ? '' : ` ${fieldHtml(fieldAt(trace, 'result.reason'))}`;
  const why =
    prior === null
      ? refusalWords.notApplicable(idFieldHtml(fieldOf(trace, 'working.type')))
      : escapeHtml(refusalWords.insufficient);
  const body =
    `<p class="refusal">The claim is ${state} under this model.${reason}</p>\n` +
    `<p>${why}</p>\n` +
    `<p>${escapeHtml(refusalWords.next)}</p>\n`;
  return stepHtml('why', links, body);
}
