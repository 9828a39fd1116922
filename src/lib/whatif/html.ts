/**
 * The what-if panel's place on a claim page: hidden until the page's script shows its button (so
 * a page read without JavaScript is the published page, with one line saying what a what-if
 * address needs), and the address of the script it loads on first use.
 */
import { whatIfScriptPath } from '../paths.ts';
import { escapeAttribute, escapeHtml } from '../render/markup.ts';
import { PLAYGROUND, WHAT_IF } from './labels.ts';

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

/**
 * The playground's place on /contribute/: the same loader as a claim page's panel (the page's
 * anchor-toggle.js), its script, and the claim it starts from as a JSON data block (every `<`
 * written as \u003c, so no text of the claim can end the block).
 */
export function playgroundHtml(example: { slug: string; text: string }): string {
  return (
    `<section class="what-if playground" id="playground" aria-label="${escapeAttribute(PLAYGROUND.heading)}" data-what-if data-src="${escapeAttribute(whatIfScriptPath('playground.js'))}" hidden>\n` +
    `<p class="what-if-start"><button type="button" class="what-if-open" aria-expanded="false" aria-controls="playground-panel">${escapeHtml(PLAYGROUND.button)}</button> ${escapeHtml(PLAYGROUND.intro)}</p>\n` +
    `<p class="what-if-status" role="status"></p>\n` +
    `<script type="application/json" id="playground-example">${JSON.stringify(example).replaceAll('<', '\\u003c')}</script>\n` +
    `<div class="what-if-panel" id="playground-panel" hidden></div>\n</section>\n`
  );
}
