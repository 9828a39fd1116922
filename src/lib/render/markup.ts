/**
 * Small pieces of markup that every claim page repeats dozens of times (a figure, a step's
 * heading, a formula, a state badge), as plain functions returning HTML. A claim page shows some
 * 150 figures and a build writes thousands of pages; a component per figure was most of the
 * page's rendering time. The components of the same names render through these functions, so each
 * piece of markup is written once. Escaping is Astro's own, so a page reads the same either way.
 */
import type { Field } from '../claim/claimView.ts';
import { isFigure, minus, padding } from './figures.ts';
import { tex } from './tex.ts';
import { idWords } from './words.ts';

export type FieldTag = 'span' | 'code' | 'strong' | 'q' | 'time' | 'em' | 'dd';

const TEXT_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Escapes text for an HTML text node, as Astro escapes `{text}` (most text has nothing to escape). */
export function escapeHtml(text: string): string {
  return /[&<>"']/.test(text) ? text.replace(/[&<>"']/g, (c) => TEXT_ESCAPES[c]!) : text;
}

const CODE_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;' };

/**
 * Escapes the text of a `<pre>` of code: only `&`, `<` and `>`, since quotes are plain text in an
 * HTML text node, and JSON is mostly quotes.
 */
export function escapeCode(text: string): string {
  return /[&<>]/.test(text) ? text.replace(/[&<>]/g, (c) => CODE_ESCAPES[c]!) : text;
}

/** Escapes a double-quoted attribute value, as Astro escapes `name={value}`. */
export function escapeAttribute(value: string): string {
  return /[&"]/.test(value) ? value.replace(/&/g, '&#38;').replace(/"/g, '&#34;') : value;
}

/**
 * One figure read from the trace: `<tag class data-field>text</tag>`, or nothing for null. Its
 * `data-field` is the figure's dotted path in `trace.json` and its text is the trace's value, a
 * negative figure shown with "−" (figures.ts), so a test can compare the page with the trace. In a
 * column of `places` places the zeros that pad it follow the element, outside it.
 */
export function fieldHtml(f: Field | null, as: FieldTag = 'span', className?: string, places?: number): string {
  if (f === null) return '';
  const cls = className === undefined ? '' : ` class="${escapeAttribute(className)}"`;
  const datetime = as === 'time' ? ` datetime="${escapeAttribute(f.text)}"` : '';
  const figure = isFigure(f.text);
  const text = figure ? minus(f.text) : f.text;
  const pad = figure && places !== undefined ? padding(f.text, places) : '';
  const padHtml = pad === '' ? '' : `<span class="pad">${pad}</span>`;
  return `<${as}${cls}${datetime} data-field="${escapeAttribute(f.path)}">${escapeHtml(text)}</${as}>${padHtml}`;
}

/**
 * An id read from the trace (a state, a claim type) as a reader sees it: in words ("very
 * unlikely"), with the id itself kept for tools in a visually hidden `data-field` element, since
 * ids stay in traces and code and pages show words.
 */
export function idFieldHtml(f: Field): string {
  return `${escapeHtml(idWords(f.text))}${fieldHtml(f, 'code', 'visually-hidden')}`;
}

/** What a step heading shows and where its links go. */
export interface StepHeadingProps {
  readonly id: string;
  /** The heading's own words, as HTML. */
  readonly titleHtml: string;
  readonly level?: 2 | 3;
  /** The same step elsewhere (e.g. under the default model), when there is one. */
  readonly alsoHref?: string | undefined;
  readonly alsoLabel?: string | undefined;
  /** Where "link to this step" points: the step's pinned address, or (by default) `#<id>` on this page. */
  readonly href?: string | undefined;
}

/** A heading for one step of the working, with its anchor and a visible "link to this step". */
export function stepHeadingHtml({ id, titleHtml, level = 2, alsoHref, alsoLabel, href }: StepHeadingProps): string {
  const also = alsoHref
    ? `<a class="anchor also" href="${escapeAttribute(alsoHref)}">${escapeHtml(alsoLabel ?? 'this step under the default model')}</a>`
    : '';
  const anchor = `<a class="anchor" href="${escapeAttribute(href ?? `#${id}`)}">link to this step<span class="visually-hidden"> (${escapeHtml(id)})</span></a>`;
  return `<h${level}> ${titleHtml} ${anchor} ${also}</h${level}>`;
}

/**
 * A display formula rendered by KaTeX at build time. It scrolls inside itself on a narrow screen,
 * so it is focusable (keyboard readers can scroll it) and named for screen readers, which also read
 * KaTeX's MathML. `label` says what it works out, e.g. "the prior's log-odds". A line break follows
 * it, as every block of a claim page (src/lib/claim/html/frame.ts).
 */
export function formulaHtml(latex: string, label: string): string {
  return `<div class="formula" role="group" tabindex="0" aria-label="${escapeAttribute(`Formula: ${label}`)}">${tex(latex, true)}</div>\n`;
}

/** A result state as a badge; refusals and model states share one look. */
export function stateBadgeHtml(state: string): string {
  return `<span class="${escapeAttribute(`state state-${state}`)}" data-state="${escapeAttribute(state)}">${escapeHtml(state.replaceAll('-', ' '))}</span>`;
}
