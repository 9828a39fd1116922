/**
 * Syntax highlighting at build time with shiki, in the site's light and dark themes (the
 * stylesheet swaps to the dark colours when the reader prefers them).
 *
 * Thousands of pages each show a trace of a few hundred lines, and most of those lines recur
 * from trace to trace (`"places": 4,`, a level's name, a claim's passage under six models). So
 * shiki highlights line by line, carrying its grammar state from one line to the next as it does
 * inside one document, and a (grammar state, line) pair seen recently is not highlighted again:
 * the output is the same HTML as highlighting the whole document at once (tested), at a fraction of
 * the cost. The memo keeps the recently used lines only, so lines that occur once (a trace's hashes)
 * do not pile up in memory over a build of thousands of pages.
 *
 * Shiki colours every token with an inline `style` of both themes' colours, which made the inline
 * styles most of a claim page's bytes. A token in the code's own default colour needs no span at
 * all, and the few colours the two themes use are classes of the site's stylesheet
 * (`TOKEN_CLASSES`, mirrored in `src/styles/global.css` and tested against it); a colour not in the
 * table keeps shiki's inline style, so nothing is ever shown in the wrong colour.
 */
import { LRUCache } from 'lru-cache';
import { createHighlighter, hastToHtml, type GrammarState, type Highlighter } from 'shiki';
import { compactJson } from './compactJson.ts';
import { escapeCode } from './markup.ts';

type Lang = 'json' | 'python' | 'yaml' | 'typescript';

const THEMES = { light: 'github-light-high-contrast', dark: 'github-dark-high-contrast' } as const;
/**
 * No time limit on a line: shiki stops tokenizing a line after 500 ms by default and colours the
 * rest of it as plain text, so on a busy machine a page came out differently (a unit test run
 * under load gave another colour to half a file). A page must be the same wherever it is built.
 */
const OPTIONS = { themes: THEMES, defaultColor: 'light', tokenizeTimeLimit: 0 } as const;

/** Classes for the token colours the two themes use, by shiki's inline style (light and dark). */
export const TOKEN_CLASSES: ReadonlyMap<string, string> = new Map([
  ['color:#024C1A;--shiki-dark:#72F088', 'hl-green'],
  ['color:#032563;--shiki-dark:#ADDCFF', 'hl-navy'],
  ['color:#023B95;--shiki-dark:#91CBFF', 'hl-blue'],
  ['color:#A0111F;--shiki-dark:#FF9492', 'hl-red'],
  ['color:#702C00;--shiki-dark:#FFB757', 'hl-orange'],
  ['color:#622CBC;--shiki-dark:#DBB7FF', 'hl-purple'],
  ['color:#66707B;--shiki-dark:#BDC4CC', 'hl-grey'],
]);

/** The code's default colours, as the `<pre>` frame declares them. */
const DEFAULT_STYLE = 'color:#0e1116;--shiki-dark:#f0f3f6';

/**
 * Shiki's HTML with its token spans made small: a token in the default colour loses its span, a
 * token in a colour of `TOKEN_CLASSES` gets the class instead of the inline style. The text is
 * untouched (shiki has escaped it already, so a token's text holds no `<`).
 */
export function compactTokens(html: string): string {
  return html.replace(/<span style="([^"]*)">([^<]*)<\/span>/g, (whole, style: string, text: string) => {
    if (style.toLowerCase() === DEFAULT_STYLE) return text;
    const name = TOKEN_CLASSES.get(style);
    return name === undefined ? whole : `<span class="${name}">${text}</span>`;
  });
}

let highlighter: Promise<Highlighter> | undefined;

function loaded(): Promise<Highlighter> {
  highlighter ??= createHighlighter({ themes: Object.values(THEMES), langs: ['json', 'python', 'yaml', 'typescript'] });
  return highlighter;
}

/** What one line highlights to, and the grammar state the next line starts from. */
interface Line {
  html: string;
  stateKey: number;
}

const lines = new LRUCache<string, Line>({ max: 50_000 });
/** Grammar states by their description, numbered so that line keys stay short. */
const stateKeys = new Map<string, number>();
/** One grammar state per number (documents nest only so deep, so there are few). */
const states = new Map<number, GrammarState>();
/** The `<pre><code>` frame around the lines, per language (it depends only on the themes). */
const frames = new Map<Lang, { open: string; close: string }>();

/** The frames of vscode-textmate's state stack; internal to shiki, hence the narrow shape. */
interface StackFrame {
  parent: StackFrame | null;
  ruleId: number;
  endRule: string | null;
  beginRuleCapturedEOL: boolean;
  nameScopesList: { toString(): string } | null;
  contentNameScopesList: { toString(): string } | null;
}

/**
 * A number that two grammar states share exactly when the rest of a document tokenizes the same
 * after either, under each theme (a state holds one stack per theme): every frame's rule, its end
 * pattern (which may hold text captured at its start) and its scopes.
 */
function keyOf(state: GrammarState): number {
  const parts: string[] = [];
  const stacks = state as unknown as {
    readonly themes: readonly string[];
    getInternalStack(theme: string): StackFrame;
  };
  for (const theme of stacks.themes) {
    parts.push(`theme ${theme}`);
    for (let frame: StackFrame | null = stacks.getInternalStack(theme); frame !== null; frame = frame.parent) {
      parts.push(
        `${frame.ruleId}|${frame.endRule ?? ''}|${frame.beginRuleCapturedEOL ? 1 : 0}|${frame.nameScopesList?.toString() ?? ''}|${frame.contentNameScopesList?.toString() ?? ''}`,
      );
    }
  }
  const description = parts.join('\n');
  let key = stateKeys.get(description);
  if (key === undefined) {
    key = stateKeys.size + 1;
    stateKeys.set(description, key);
    states.set(key, state);
  }
  return key;
}

function highlightLine(shiki: Highlighter, lang: Lang, text: string, before: Line | undefined): Line {
  const key = `${lang}\u0000${before?.stateKey ?? 0}\u0000${text}`;
  const known = lines.get(key);
  if (known !== undefined) return known;
  const grammarState = before && states.get(before.stateKey);
  const hast = shiki.codeToHast(text, { ...OPTIONS, lang, ...(grammarState && { grammarState }) });
  const state = shiki.getLastGrammarState(hast);
  if (state === undefined) throw new Error(`shiki gave no grammar state for a ${lang} line`);
  const html = hastToHtml(hast);
  const start = html.indexOf('<code>') + '<code>'.length;
  const end = html.lastIndexOf('</code>');
  if (!frames.has(lang)) frames.set(lang, { open: html.slice(0, start), close: html.slice(end) });
  const line: Line = { html: compactTokens(html.slice(start, end)), stateKey: keyOf(state) };
  lines.set(key, line);
  return line;
}

/** Highlights code as HTML (a `<pre class="shiki">`), each distinct line in its grammar state once. */
export async function highlight(code: string, lang: Lang = 'json'): Promise<string> {
  const shiki = await loaded();
  const out: string[] = [];
  let line: Line | undefined;
  for (const text of code.split('\n')) {
    line = highlightLine(shiki, lang, text, line);
    out.push(line.html);
  }
  const frame = frames.get(lang)!;
  return `${frame.open}${out.join('\n')}${frame.close}`;
}

/**
 * A value as JSON to be read: indented with tabs, which the stylesheet shows two spaces wide
 * (`tab-size`), and an object or array that fits in 100 characters kept on one line, as a person
 * would write it (compactJson.ts, json-stringify-pretty-compact's layout). A claim's trace reads one
 * link to a line, in about half the lines of fully indented JSON (293 against 553) and a tenth fewer
 * bytes. Strings are left as JSON.stringify writes them, so the text parses back to the same value.
 */
export function readableJson(value: unknown): string {
  return compactJson(value, { indent: '\t', maxLength: 100 }) ?? 'null';
}

/**
 * Code as a plain `<pre class="plain-code"><code>` that the stylesheet colours as a whole, in the
 * highlighted code's default colours. For a claim's full trace: a few hundred lines of JSON that
 * highlighted would be a quarter of the page's bytes and half its elements, for text the reader
 * can also download as it is (escapeCode: only `&`, `<` and `>` are escaped).
 */
export function plainCode(code: string): string {
  return `<pre class="plain-code" tabindex="0"><code>${escapeCode(code)}</code></pre>`;
}

/** Shiki's own highlighting of the whole document at once, made small: what `highlight` must equal. */
export async function highlightWhole(code: string, lang: Lang = 'json'): Promise<string> {
  return compactTokens((await loaded()).codeToHtml(code, { ...OPTIONS, lang }));
}
