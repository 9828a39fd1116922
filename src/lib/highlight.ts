/**
 * Syntax highlighting at build time with shiki, in the site's light and dark themes (the
 * stylesheet swaps to the dark colours when the reader prefers them). The same code is
 * highlighted once however many pages show it: a claim's trace under the default model appears
 * on two pages.
 */
import { codeToHtml } from 'shiki';

const cache = new Map<string, Promise<string>>();

/** Highlights code as HTML (a `<pre class="shiki">`), memoised per language and code string. */
export function highlight(code: string, lang: 'json' | 'python' | 'yaml' | 'typescript' = 'json'): Promise<string> {
  const key = `${lang}\u0000${code}`;
  let html = cache.get(key);
  if (html === undefined) {
    html = codeToHtml(code, { lang, themes: { light: 'github-light-high-contrast', dark: 'github-dark-high-contrast' }, defaultColor: 'light' });
    cache.set(key, html);
  }
  return html;
}
