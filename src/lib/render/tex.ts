/**
 * Formulas rendered to HTML at build time. A bad formula stops the build (`throwOnError`), and a
 * formula that many pages show (a model's general formulas) is rendered once. Most formulas carry
 * one claim's figures and appear on one page, so the memo keeps the recently used ones only: a
 * build of thousands of pages would otherwise hold every page's formulas in memory to the end.
 */
import katex from 'katex';
import { LRUCache } from 'lru-cache';

const cache = new LRUCache<string, string>({ max: 2000 });

/**
 * KaTeX's MathML without its `<semantics>` wrapper and `<annotation>` (the LaTeX source again):
 * screen readers read the presentation MathML, and nothing on the site copies the source.
 */
export function withoutAnnotation(html: string): string {
  return html.replace(
    /<semantics>([\s\S]*?)<annotation encoding="application\/x-tex">[^<]*<\/annotation><\/semantics>/g,
    '$1',
  );
}

/** Renders LaTeX to KaTeX HTML (MathML included for screen readers, without the LaTeX source). */
export function tex(latex: string, display = false): string {
  const key = `${display ? 'D' : 'I'}${latex}`;
  let html = cache.get(key);
  if (html === undefined) {
    html = withoutAnnotation(
      katex.renderToString(latex, {
        displayMode: display,
        throwOnError: true,
        output: 'htmlAndMathml',
        strict: 'error',
      }),
    );
    cache.set(key, html);
  }
  return html;
}
