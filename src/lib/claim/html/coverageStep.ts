/** The review coverage step of a claim page as HTML. */
import { escapeHtml, fieldHtml } from '../../render/markup.ts';
import { fieldOf } from '../fields.ts';
import { coverageView } from '../steps/coverage.ts';
import type { StepProps } from '../stepLinks.ts';
import { attribute, stepHtml, tableWrapHtml } from './frame.ts';

/** Step 9: review coverage, the declared checks somebody other than the author has done. */
export function coverageStepHtml({ trace, links }: StepProps): string {
  const view = coverageView(trace);
  const checks = view.checks
    .map(
      (c) =>
        `<tr${attribute('class', c.done ? 'is-done' : undefined)}><th scope="row">${fieldHtml(c.check, 'code')}</th>` +
        `<td data-label="Done?">${c.done ? '<span class="claim-yes">✓ done</span>' : '<span class="muted">not yet</span>'}</td></tr>`,
    )
    .join('');
  const checksTable =
    '<table class="claim-checks"><caption>The checks this model declares</caption>' +
    '<thead><tr><th scope="col">Check</th><th scope="col">Done?</th></tr></thead>' +
    `<tbody>${checks}</tbody></table>`;
  const reviews = view.reviews
    .map(
      (r) =>
        `<tr${attribute('class', r.counted ? undefined : 'is-not-counted')}><th scope="row">${fieldHtml(r.check, 'code')}</th>` +
        `<td data-label="By">${fieldHtml(r.by)}</td><td data-label="On">${fieldHtml(r.on, 'time')}</td>` +
        `<td data-label="Status">${escapeHtml(r.words)}</td></tr>`,
    )
    .join('');
  const reviewsHtml =
    view.reviews.length === 0
      ? '<p class="notice">No reviews have been recorded for this claim.</p>'
      : tableWrapHtml(
          'Reviews recorded',
          '<table class="claim-reviews"><caption>Every review recorded, and whether it counts</caption>' +
            '<thead><tr><th scope="col">Check</th><th scope="col">By</th><th scope="col">On</th><th scope="col">Status</th></tr></thead>' +
            `<tbody>${reviews}</tbody></table>`,
        );
  return stepHtml(
    'coverage',
    links,
    `<p class="claim-verdict"><strong>${fieldHtml(view.done)} of ${fieldHtml(view.declared)}</strong> declared checks done · coverage ` +
      `${fieldHtml(view.value, 'strong')}</p>` +
      `<p>A count of checks, never a measure of truth. A check counts when somebody other than the claim's author ` +
      `(${fieldHtml(fieldOf(trace, 'input.author'), 'code')}) has done it at least once; the author's own checks are shown and never counted.</p>` +
      `<div class="grid-2">${tableWrapHtml('Declared checks', checksTable)}${reviewsHtml}</div>`,
  );
}
