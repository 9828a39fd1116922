/** The state step of a claim page as HTML. */
import { inColumn } from '../../render/figures.ts';
import { escapeAttribute, escapeHtml, fieldHtml, idFieldHtml } from '../../render/markup.ts';
import { idWords } from '../../render/words.ts';
import { fieldAt } from '../fields.ts';
import { probabilityPercent, thresholdPlaces, thresholdRows } from '../steps/state.ts';
import type { ModelStepProps } from '../stepLinks.ts';
import { thresholdDiffers } from '../steps/differs.ts';
import type { DefaultModel } from '../steps/evidence.ts';
import { differsMarkHtml, noteHtml } from './explainHtml.ts';
import { attribute, classList, stepHtml, tableWrapHtml } from './frame.ts';

const text = (v: { text: string } | string): string => (typeof v === 'string' ? v : v.text);

/**
 * Step 7, second half: the model's state thresholds and where the claim's probability falls among
 * them. Under a model other than the default (`theDefault`), each threshold that differs from the
 * default's is marked in its cell, and `note` says when the default's thresholds would name the same
 * probability otherwise.
 */
export function stateStepHtml({
  trace,
  model,
  links,
  theDefault = null,
  note = null,
}: ModelStepProps & { readonly theDefault?: DefaultModel | null; readonly note?: string | null }): string {
  const rows = thresholdRows(trace, model);
  const places = thresholdPlaces(rows);
  const at = probabilityPercent(trace);
  const scored = at !== null;
  const state = escapeHtml(idWords(trace.result.state));
  const verdict = scored
    ? `<p>The state is the last threshold at or below the rounded probability ${fieldHtml(fieldAt(trace, 'result.probability'), 'strong')}: this claim is <strong>${state}</strong>.</p>\n`
    : `<p class="refusal">This claim has no place among the thresholds: its state is <strong>${state}</strong>, which carries no probability. The model's thresholds are shown for reference.</p>\n`;
  const bands = rows
    .map(
      (row) =>
        `<span class="${escapeAttribute(classList('claim-scale-band', `state-${text(row.state)}`, row.current && 'current'))}" style="${escapeAttribute(`left:${row.start}%;width:${row.width}%`)}"></span>`,
    )
    .join('');
  // The names in a key under the bar, whole at any width (a band can be too narrow for its name).
  const key = rows
    .map(
      (row) =>
        `<li><span class="${escapeAttribute(classList('claim-scale-swatch', `state-${text(row.state)}`))}"></span>${escapeHtml(text(row.state).replaceAll('-', ' '))}</li>`,
    )
    // One item a line, so that the names never run together as text (a flex list shows no gap).
    .join('\n');
  const marker = scored
    ? ` <span class="claim-scale-marker" style="${escapeAttribute(`left:${at}%;--at:${at}`)}">${fieldHtml(fieldAt(trace, 'result.probability'))}</span>`
    : '';
  const ticks = rows
    .slice(1)
    .map((row) => `<span style="${escapeAttribute(`left:${row.start}%`)}">${escapeHtml(text(row.from))}</span>`)
    .join(' ');
  const scale =
    `<div class="claim-scale" aria-hidden="true">\n<div class="claim-scale-bar">${bands}${marker}</div>\n` +
    `<div class="claim-scale-ticks"><span style="left:0%">0</span> ${ticks} <span style="left:100%">1</span></div>\n` +
    `<ul class="claim-scale-key">${key}</ul>\n</div>\n`;
  const body = rows
    .map((row) => {
      const name = typeof row.state === 'string' ? escapeHtml(idWords(row.state)) : idFieldHtml(row.state);
      const from =
        typeof row.from === 'string'
          ? escapeHtml(inColumn(row.from, places))
          : fieldHtml(row.from, 'span', undefined, places);
      const differs = differsMarkHtml(thresholdDiffers(text(row.state), text(row.from), theDefault));
      const mark = row.current
        ? `<strong>this claim, p = ${fieldHtml(fieldAt(trace, 'result.probability'))}</strong>`
        : '';
      return (
        `<tr${attribute('class', row.current ? 'is-current' : undefined)}${attribute('aria-current', row.current ? 'true' : undefined)}>` +
        `<th scope="row">${name}</th>\n<td data-label="From" class="num">${from}${differs}</td>\n<td data-label="Range">${escapeHtml(row.range)}</td>\n` +
        `${scored ? `<td data-label="This claim">${mark}</td>\n` : ''}</tr>\n`
      );
    })
    .join('');
  const table =
    `<table class="claim-states">\n<caption>The thresholds of <code>${escapeHtml(trace.model)}</code>${scored ? ', with this claim’s row marked' : ''}</caption>\n` +
    `<thead>\n<tr><th scope="col">State</th>\n<th scope="col" class="num">From</th>\n<th scope="col">Range</th>\n${scored ? '<th scope="col">This claim</th>\n' : ''}</tr>\n</thead>\n` +
    `<tbody>${body}</tbody>\n</table>\n`;
  return stepHtml(
    'state',
    links,
    verdict + scale + tableWrapHtml('State thresholds', table, 'compact') + noteHtml(note),
  );
}
