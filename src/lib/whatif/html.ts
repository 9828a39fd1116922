/**
 * The what-if panel's place on a claim page: hidden until the page's script shows its button (so
 * a page read without JavaScript is the published page, with one line saying what a what-if
 * address needs), and the address of the script it loads on first use.
 */
import { whatIfScriptPath } from '../paths.ts';
import { escapeAttribute, escapeHtml } from '../render/markup.ts';
import { WHAT_IF } from './labels.ts';

/** The what-if section of a claim page, written once per build (it is the same on every page). */
export function whatIfHtml(): string {
  return (
    `<noscript><p class="what-if-noscript">${escapeHtml(WHAT_IF.noscript)}</p></noscript>\n` +
    `<section class="what-if" id="what-if" aria-label="What if" data-what-if data-src="${escapeAttribute(whatIfScriptPath('panel.js'))}" hidden>\n` +
    `<p class="what-if-start"><button type="button" class="what-if-open" aria-expanded="false" aria-controls="what-if-panel">${escapeHtml(WHAT_IF.button)}</button> ${escapeHtml(WHAT_IF.intro)}</p>\n` +
    `<p class="what-if-status" role="status"></p>\n` +
    `<div class="what-if-panel" id="what-if-panel" hidden></div>\n</section>\n`
  );
}
