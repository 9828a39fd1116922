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
        `<tr${attribute('class', c.done ? 'is-done' : undefined)}>\n<th scope="row">${fieldHtml(c.check, 'code')}</th>\n` +
        `<td data-label="Done?">${c.done ? '<span class="claim-yes">✓ done</span>' : '<span class="muted">not yet</span>'}</td>\n</tr>\n`,
    )
    .join('');
  const checksTable =
    '<table class="claim-checks">\n<caption>The checks this model declares</caption>\n' +
    '<thead>\n<tr><th scope="col">Check</th>\n<th scope="col">Done?</th>\n</tr>\n</thead>\n' +
    `<tbody>${checks}</tbody>\n</table>\n`;
  const reviews = view.reviews
    .map(
      (r) =>
        `<tr${attribute('class', r.counted ? undefined : 'is-not-counted')}>\n<th scope="row">${fieldHtml(r.check, 'code')}</th>\n` +
        `<td data-label="By">${fieldHtml(r.by)}</td>\n<td data-label="On">${fieldHtml(r.on, 'time')}</td>\n` +
        `<td data-label="Status">${escapeHtml(r.words)}</td>\n</tr>\n`,
    )
    .join('');
  const reviewsHtml =
    view.reviews.length === 0
      ? '<p class="notice">No reviews have been recorded for this claim.</p>\n'
      : tableWrapHtml(
          'Reviews recorded',
          '<table class="claim-reviews">\n<caption>Every review recorded, and whether it counts</caption>\n' +
            '<thead>\n<tr><th scope="col">Check</th>\n<th scope="col">By</th>\n<th scope="col">On</th>\n<th scope="col">Status</th>\n</tr>\n</thead>\n' +
            `<tbody>${reviews}</tbody>\n</table>\n`,
        );
  return stepHtml(
    'coverage',
    links,
    `<p class="claim-verdict"><strong>${fieldHtml(view.done)} of ${fieldHtml(view.declared)}</strong> declared checks done · coverage ` +
      `${fieldHtml(view.value, 'strong')}</p>\n` +
      `<p>A count of checks, never a measure of truth. A check counts when somebody other than the claim's author ` +
      `(${fieldHtml(fieldOf(trace, 'input.author'), 'code')}) has done it at least once; the author's own checks are shown and never counted.</p>\n` +
      `<div class="grid-2">${tableWrapHtml('Declared checks', checksTable)}${reviewsHtml}</div>\n`,
  );
}
