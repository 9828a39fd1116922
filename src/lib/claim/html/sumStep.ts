/** The sum step of a claim page, with the log-odds walk. */
import type { ClaimLatex } from '../claimLatex.ts';
import { fieldOf } from '../fields.ts';
import { sumTerms, type SumTerm } from '../steps/sum.ts';
import type { StepProps } from '../stepLinks.ts';
import { escapeAttribute, escapeHtml, fieldHtml, formulaHtml } from '../../render/markup.ts';
import { logOddsWalkSvg } from '../../render/pictures/logOddsWalkSvg.ts';
import { walkCsv } from '../../render/pictures/claimPictures.ts';
import { claimPictureLinksHtml } from '../../render/pictures/download.ts';
import { stepHtml } from './frame.ts';

/** What the sum step is given. */
export interface SumStepProps extends StepProps {
  /** This step's formulas, from the page's one `toLatex(trace)`. */
  readonly latex: Pick<ClaimLatex, 'supporting' | 'opposing' | 'sum'>;
}

/** One side of the sum: its kept links, their total, and the formula adding them up. */
interface Side {
  readonly key: 'supporting' | 'opposing';
  readonly title: string;
  readonly terms: readonly SumTerm[];
  readonly total: string;
  readonly latex: string | null;
  readonly cls: string;
}

/** A side's box: its title and total, its kept links (or "None.") and its formula. */
function sideHtml(trace: StepProps['trace'], side: Side): string {
  const terms =
    side.terms.length === 0
      ? '<p class="muted">None.</p>\n'
      : `<ul>${side.terms
          .map(
            (t) =>
              `<li><a href="${escapeAttribute(`#${t.anchor}`)}"><code>${escapeHtml(t.id)}</code></a> ${fieldHtml(t.weight, undefined, 'num')}</li>\n`,
          )
          .join('')}</ul>\n`;
  const formula = side.latex ? formulaHtml(side.latex, `the ${side.key} total`) : '';
  return (
    `<div class="${escapeAttribute(`claim-side ${side.cls}-side`)}">` +
    `<p class="claim-side-title">${escapeHtml(side.title)}: ${fieldHtml(fieldOf(trace, side.total), 'strong', 'num')}</p>\n` +
    `${terms}${formula}</div>\n`
  );
}

/** Step 6: the prior plus the kept supporting weights minus the kept opposing ones. */
export function sumStepHtml({ trace, links, latex }: SumStepProps): string {
  if (!trace.working.sum) {
    const refusal =
      trace.working.prior === null
        ? 'No sum: the model does not score this type of claim, so there is nothing to add the evidence to.'
        : 'No sum: no counted link has a weight above 0, so nothing has moved the claim from its prior, and no probability is shown.';
    return stepHtml('sum', links, `<p class="refusal">${escapeHtml(refusal)}</p>\n`);
  }
  const terms = sumTerms(trace);
  const sides: readonly Side[] = [
    {
      key: 'supporting',
      title: 'Kept supporting links',
      terms: terms.supporting,
      total: 'working.sum.supporting',
      latex: latex.supporting,
      cls: 'supports',
    },
    {
      key: 'opposing',
      title: 'Kept opposing links',
      terms: terms.opposing,
      total: 'working.sum.opposing',
      latex: latex.opposing,
      cls: 'opposes',
    },
  ];
  const body =
    `<p>The prior's log-odds, plus every kept supporting weight, minus every kept opposing weight, gives the posterior log-odds ${fieldHtml(fieldOf(trace, 'result.posteriorLogOdds'), 'strong')}. Dependent links add nothing.</p>\n` +
    logOddsWalkSvg({ trace }) +
    (trace.result.probability === null ? '' : claimPictureLinksHtml(trace, 'walk', walkCsv(trace))) +
    `<div class="grid-2 claim-sides">${sides.map((side) => sideHtml(trace, side)).join('')}</div>\n` +
    formulaHtml(latex.sum!, 'the posterior log-odds');
  return stepHtml('sum', links, body);
}
