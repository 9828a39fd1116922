/**
 * Formulas rendered to HTML at build time. A bad formula stops the build (`throwOnError`), and a
 * formula that many pages show (a model's general formulas) is rendered once. Most formulas carry
 * one claim's figures and appear on one page, so the memo keeps the recently used ones only: a
 * build of thousands of pages would otherwise hold every page's formulas in memory to the end.
 */
import katex from 'katex';
import { LRUCache } from 'lru-cache';

const cache = new LRUCache<string, string>({ max: 2000 });

/** Renders LaTeX to KaTeX HTML (MathML included for screen readers). */
export function tex(latex: string, display = false): string {
  const key = `${display ? 'D' : 'I'}${latex}`;
  let html = cache.get(key);
  if (html === undefined) {
    html = katex.renderToString(latex, {
      displayMode: display,
      throwOnError: true,
      output: 'htmlAndMathml',
      strict: 'error',
    });
    cache.set(key, html);
  }
  return html;
}
