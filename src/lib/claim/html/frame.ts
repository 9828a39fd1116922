/**
 * The frame every step of a claim page shares, as plain functions returning HTML: the step's
 * section under its stable anchor with its heading and links, and a table that scrolls inside
 * itself. A claim page is written by functions like these (see claimArticle.ts) rather than by
 * components: Astro renders a component through promises and chunks, which on a page of some 1,500
 * elements was most of its cost, in a build and on a server alike.
 *
 * The functions write a line break after every block that ends and between a tag and a block that
 * begins, and none elsewhere: what a browser shows is the same, and whatever reads a page's text
 * without laying it out (a search index, `textContent`, a reader's copy and paste) does not run one
 * block's last word into the next block's first ("Type:factual").
 */
import { reportUrl } from '../../publish/reportUrl.ts';
import { hasStep, stepHref, stepTitle, type StepId, type StepLinks } from '../stepLinks.ts';
import { withAnchor } from '../../paths.ts';
import { escapeAttribute, escapeHtml, stepHeadingHtml } from '../../render/markup.ts';

/** The class attribute's value of a list of names, the falsy ones left out (as Astro's `class:list`). */
export function classList(...names: (string | false | null | undefined)[]): string {
  return names.filter(Boolean).join(' ');
}

/** `name="value"`, escaped, with a leading space; nothing for an undefined value. */
export function attribute(name: string, value: string | number | undefined): string {
  return value === undefined ? '' : ` ${name}="${escapeAttribute(String(value))}"`;
}

/** Options of a step's section. */
export interface StepFrame {
  readonly level?: 2 | 3;
  readonly className?: string;
}

/**
 * One step of a claim's working: its section under a stable anchor, its heading with "link to
 * this step" (to the step's pinned address, see stepLinks.ts) and, under a model other than the
 * default, the same step under the default model; then `body`, the step's own HTML.
 */
export function stepHtml(id: StepId, links: StepLinks, body: string, { level = 2, className }: StepFrame = {}): string {
  const heading = stepHeadingHtml({
    id,
    titleHtml: escapeHtml(stepTitle(id)),
    level,
    href: stepHref(links, id),
    // The same step under the default model, where that page has it (a refusal's has no empty steps).
    alsoHref:
      links.also === undefined || !hasStep(id, links.alsoScored ?? true) ? undefined : withAnchor(links.also, id),
  });
  const report =
    links.report === undefined
      ? ''
      : `<p class="step-report"><a href="${escapeAttribute(reportUrl(links.report.template, { claim: links.report.claim, model: links.report.model, step: id }))}">Report a problem with this claim</a></p>\n`;
  return `<section class="${escapeAttribute(classList('step', className))}" id="${escapeAttribute(id)}">${heading}\n${body}${report}</section>\n`;
}

/** A table that scrolls sideways inside itself, never the page; focusable so a keyboard can scroll it. */
export function tableWrapHtml(label: string, table: string, className?: string): string {
  return `<div class="${escapeAttribute(classList('table-wrap', className))}" role="region" tabindex="0" aria-label="${escapeAttribute(label)}">${table}</div>\n`;
}

/** A picture's text alternative: its title and a description stating every figure it shows. */
export function altSvg(alt: { readonly title: string; readonly desc: string }): string {
  return `<title>${escapeHtml(alt.title)}</title>\n<desc>${escapeHtml(alt.desc)}</desc>\n`;
}
