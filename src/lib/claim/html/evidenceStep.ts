/** The evidence step of a claim page: each evidence link as a row, its five factors multiplied out to its weight. */
import { linkRows, type DefaultModel, type FactorView, type LinkRow } from '../steps/evidence.ts';
import { FACTOR_DIFFERS_TAG } from '../explainWords.ts';
import type { ModelStepProps } from '../stepLinks.ts';
import { escapeAttribute, escapeHtml, fieldHtml } from '../../render/markup.ts';
import type { WithoutView } from '../steps/explainView.ts';
import { withoutHtml } from './explainHtml.ts';
import { classList, stepHtml, tableWrapHtml } from './frame.ts';
import { refusalWords } from './whyStep.ts';

/**
 * A link's five factors as one list, written without the whitespace a template would put between
 * its tags (a grid ignores it): thirty factors on a page of six links. Each factor is a term and
 * up to three descriptions, told apart by their place (level, factor, how the factor was worked
 * out), so the stylesheet needs no class on them, and the words that make a screen reader say
 * "relevance: states outright, factor 2" are written by the stylesheet too (claim.css).
 */
export function factorsHtml(factors: readonly FactorView[]): string {
  const items = factors.map((f) => {
    const level = 'words' in f.level ? escapeHtml(f.level.words) : `${fieldHtml(f.level.steps)} ${f.level.unit}`;
    const detail = f.detail === null ? '' : `<dd>${escapeHtml(f.detail)}</dd>\n`;
    const differs =
      f.differs === null
        ? ''
        : `<dd class="claim-factor-differs"><span class="claim-tag">${FACTOR_DIFFERS_TAG}</span> ${escapeHtml(f.differs)}</dd>\n`;
    return `<div>\n<dt>${f.name}</dt>\n<dd>${level}</dd>\n${fieldHtml(f.factor, 'dd')}\n${detail}${differs}</div>\n`;
  });
  return `<dl class="claim-factors">${items.join('')}</dl>\n`;
}

/** A link's source (linked when it has an address), its locator right after it, and who recorded it. */
function sourceHtml(row: LinkRow): string {
  const { source } = row;
  const name =
    source.url && source.name
      ? `<a href="${escapeAttribute(source.url.text)}" rel="noopener noreferrer">${fieldHtml(source.name)}</a>`
      : source.name
        ? fieldHtml(source.name)
        : `<code>${escapeHtml(source.id)}</code>`;
  const locator = row.locator ? `, ${fieldHtml(row.locator)}` : '';
  const recorded = row.recordedBy
    ? ` <span class="claim-recorded">Recorded by ${fieldHtml(row.recordedBy)}</span>`
    : '';
  return `${name}${locator}${recorded}`;
}

/**
 * One link's row: its id and direction, its passage and source, its factors, and its weight; on a
 * refusal's page (`scored` false) a weight that counts toward nothing says so.
 */
function rowHtml(row: LinkRow, scored: boolean, without?: WithoutView): string {
  const direction = escapeHtml(row.direction);
  const exact = row.multiplied.exact ? ` ${escapeHtml(row.multiplied.exact)} ≈` : '';
  const counts = !scored
    ? `<p class="claim-counts">${escapeHtml(refusalWords.notCounted)}</p>\n`
    : row.kept
      ? `<p class="claim-counts claim-kept">${row.direction === 'supports' ? 'Kept: adds to the log-odds' : 'Kept: subtracts from the log-odds'}</p>\n`
      : `<p class="claim-counts dependent">Dependent, strongest only: counts 0. Kept instead: <a href="${escapeAttribute(`#${row.keptLink!.anchor}`)}">${fieldHtml(row.keptLink!.id, 'code')}</a></p>\n`;
  const cls = classList('claim-link', `claim-link-${row.direction}`, !row.kept && 'is-dependent');
  return (
    `<tr id="${escapeAttribute(row.anchor)}" class="${escapeAttribute(cls)}">` +
    `<th scope="row" data-label="Link"><a class="claim-link-id" href="${escapeAttribute(`#${row.anchor}`)}">${fieldHtml(row.id, 'code')}</a> <span class="${escapeAttribute(`claim-direction ${row.direction}`)}">${direction}</span></th>\n` +
    `<td data-label="Passage">\n<blockquote class="claim-passage">${fieldHtml(row.passage, 'q')}</blockquote>\n<p class="claim-source">${sourceHtml(row)}</p>\n</td>\n` +
    `<td data-label="Factors">${factorsHtml(row.factors)}</td>\n` +
    `<td data-label="Weight" class="claim-weight">\n<p class="claim-product">${escapeHtml(row.multiplied.factors)}${exact}</p>\n<p class="claim-weight-value">${fieldHtml(row.multiplied.weight)}</p>\n${counts}${withoutHtml(without)}</td>\n` +
    `</tr>\n`
  );
}

/** Step 2: each evidence link as a row, its five factors multiplied out to its weight. */
export function evidenceStepHtml({
  trace,
  model,
  links,
  without = [],
  after = '',
  theDefault = null,
}: ModelStepProps & {
  readonly without?: readonly WithoutView[];
  readonly after?: string;
  /** The default model, on a page under another: each factor that differs is marked with its value. */
  readonly theDefault?: DefaultModel | null;
}): string {
  const rows = linkRows(trace, model, theDefault);
  const places = String(trace.working.rounding.weight);
  const table =
    `<table class="claim-links">\n<caption>${rows.length} evidence ${rows.length === 1 ? 'link' : 'links'}, in the order the claim lists them</caption>\n` +
    `<thead>\n<tr><th scope="col">Link</th>\n<th scope="col">Passage and source</th>\n<th scope="col">Factors: level → factor</th>\n<th scope="col">Weight, and whether it counts</th>\n</tr>\n</thead>\n` +
    `<tbody>${rows.map((row, i) => rowHtml(row, trace.result.probability !== null, without[i])).join('')}</tbody>\n</table>\n`;
  const body =
    `<p>Each link is weighed on its own: five factors, each set by the level the link was given and the number this model declares for that level, multiplied together and rounded to ${places} places. Every row has its own anchor.</p>\n` +
    `<p class="claim-rule">weight = round<sub>${places}</sub>(relevance × observation × interpretation × authenticity × extraction)</p>\n` +
    (rows.length === 0
      ? '<p class="notice">No evidence has been linked to this claim yet.</p>\n'
      : tableWrapHtml('Evidence links', table, 'claim-links-wrap')) +
    after;
  return stepHtml('evidence', links, body);
}
