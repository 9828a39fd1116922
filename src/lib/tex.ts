/**
 * Formulas rendered to HTML at build time. A bad formula stops the build (`throwOnError`), and the
 * same formula is rendered once however many pages show it.
 */
import katex from 'katex';

const cache = new Map<string, string>();

/** Renders LaTeX to KaTeX HTML (MathML included for screen readers). */
export function tex(latex: string, display = false): string {
  const key = `${display ? 'D' : 'I'}${latex}`;
  let html = cache.get(key);
  if (html === undefined) {
    html = katex.renderToString(latex, { displayMode: display, throwOnError: true, output: 'htmlAndMathml', strict: 'error' });
    cache.set(key, html);
  }
  return html;
}

/** Escapes text for use inside `\text{…}` in a formula. */
export function texText(text: string): string {
  return text.replace(/[\\{}$&#^_%~]/g, (c) => (c === '\\' ? '\\textbackslash{}' : c === '~' ? '\\textasciitilde{}' : c === '^' ? '\\textasciicircum{}' : `\\${c}`));
}
