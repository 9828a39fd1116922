/**
 * Formulas rendered to HTML at build time. A bad formula stops the build (`throwOnError`), and a
 * formula that many pages show (a model's general formulas) is rendered once. Most formulas carry
 * one claim's figures and appear on one page, so the memo keeps the recently used ones only: a
 * build of thousands of pages would otherwise hold every page's formulas in memory to the end.
 */
import katex from 'katex';
import { LRUCache } from 'lru-cache';
import { katexClassAttribute } from './katexClasses.ts';

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

/** The `\displaystyle` KaTeX writes around each cell of an `aligned` environment's MathML. */
const CELL_STYLE = '<mstyle scriptlevel="0" displaystyle="true">';

/**
 * KaTeX's MathML without the `<mstyle scriptlevel="0" displaystyle="true">` that wraps the whole of
 * each cell of an aligned formula (TeX's display style in every row: 26 of them on a claim page,
 * 1.4 KB). The MathML is there for screen readers, which speak a cell alike in either style, and is
 * never shown beside KaTeX's HTML. Only a wrapper that is a cell's one child is removed: an
 * `<mstyle>` that opens right after `<mtd>` and whose own end comes right before `</mtd>`.
 */
export function withoutCellStyles(html: string): string {
  if (!html.includes(CELL_STYLE)) return html;
  const tag = /<(\/?)(m[a-z]+)\b[^>]*?(\/?)>/g;
  // Each open <mstyle>: where it starts, and whether it is a cell's wrapper.
  const open: { start: number; wraps: boolean }[] = [];
  const cut: [number, number][] = [];
  for (let m = tag.exec(html); m !== null; m = tag.exec(html)) {
    if (m[2] !== 'mstyle' || m[3] === '/') continue;
    if (m[1] === '') {
      const wraps = m[0] === CELL_STYLE && html.endsWith('<mtd>', m.index);
      open.push({ start: m.index, wraps });
    } else {
      const opened = open.pop();
      const end = m.index + m[0].length;
      if (opened?.wraps && html.startsWith('</mtd>', end)) {
        cut.push([opened.start, opened.start + CELL_STYLE.length], [m.index, end]);
      }
    }
  }
  cut.sort((a, b) => a[0] - b[0]);
  let out = '';
  let at = 0;
  for (const [from, to] of cut) {
    out += html.slice(at, from);
    at = to;
  }
  return out + html.slice(at);
}

/**
 * Classes for KaTeX's most frequent inline styles (the spaces around operators, the struts and
 * offsets of fractions, scripts and aligned rows), by the style KaTeX writes: every style that
 * comes at least once in three claim pages of the bench's synthetic site (the formulas' shapes are
 * the site's own, so the same styles recur whatever the digits). Each is a rule of the
 * site's stylesheet (`src/styles/global.css`, tested against this table) whose declarations are
 * `!important`, which takes precedence over every other rule just as an inline style does; a style
 * not in the table stays inline.
 */
export const KATEX_STYLE_CLASSES: ReadonlyMap<string, string> = new Map([
  ['margin-right:0.2778em;', 'ks1'],
  ['margin-right:0.2222em;', 'ks2'],
  ['height:3em;', 'ks3'],
  ['margin-right:0.1667em;', 'ks4'],
  ['height:3.45em;', 'ks5'],
  ['height:2.7em;', 'ks6'],
  ['top:-2.55em;margin-right:0.05em;', 'ks7'],
  ['height:0.15em;', 'ks8'],
  ['top:0em;', 'ks9'],
  ['border-bottom-width:0.04em;', 'ks10'],
  ['height:0.3011em;', 'ks11'],
  ['height:0.6444em;', 'ks12'],
  ['height:0.548em;', 'ks13'],
  ['top:-3.23em;', 'ks14'],
  ['top:-2.314em;', 'ks15'],
  ['top:-3.677em;', 'ks16'],
  ['height:1.3214em;', 'ks17'],
  ['top:-2.989em;margin-right:0.05em;', 'ks18'],
  ['margin-right:0.0269em;', 'ks19'],
  ['height:0.548em;min-width:1.6em;', 'ks20'],
  ['height:1.2em;vertical-align:-0.35em;', 'ks21'],
  ['top:-3em;', 'ks22'],
  ['height:0.7693em;', 'ks23'],
  ['margin-right:0.0278em;', 'ks24'],
  ['top:-1.51em;', 'ks25'],
  ['height:0.3117em;', 'ks26'],
  ['top:-4.51em;', 'ks27'],
  ['top:-3.01em;', 'ks28'],
  ['height:2.35em;', 'ks29'],
  ['height:1.85em;', 'ks30'],
  ['top:-0.76em;', 'ks31'],
  ['height:3.55em;', 'ks32'],
  ['top:-5.55em;', 'ks33'],
  ['top:-2.85em;', 'ks34'],
  ['height:3.05em;', 'ks35'],
  ['height:3.5679em;', 'ks36'],
  ['top:-5.5679em;', 'ks37'],
  ['top:-2.8322em;', 'ks38'],
  ['top:-0.7421em;', 'ks39'],
  ['height:3.0679em;', 'ks40'],
  ['position:relative;top:0em;', 'ks41'],
  ['height:0.162em;', 'ks42'],
  ['top:-2.4003em;margin-left:0em;margin-right:0.05em;', 'ks43'],
  ['height:0.2997em;', 'ks44'],
  ['top:-2.55em;margin-left:-0.0269em;margin-right:0.05em;', 'ks45'],
  ['top:-0.01em;', 'ks46'],
  ['margin-right:0.0576em;', 'ks47'],
  ['height:4.3em;', 'ks48'],
  ['top:-6.3em;', 'ks49'],
  ['top:-3.6em;', 'ks50'],
  ['height:3.8em;', 'ks51'],
  ['height:4.2em;vertical-align:-1.85em;', 'ks52'],
  ['top:-3.76em;', 'ks53'],
  ['top:-2.26em;', 'ks54'],
  ['height:6.6001em;vertical-align:-3.05em;', 'ks55'],
  ['height:1.1076em;', 'ks56'],
  ['height:0.8804em;', 'ks57'],
  ['height:6.6357em;vertical-align:-3.0679em;', 'ks58'],
  ['height:1.4397em;', 'ks59'],
  ['top:-3.6897em;', 'ks60'],
  ['margin-right:0.0359em;', 'ks61'],
  ['top:-2.55em;margin-left:-0.0359em;margin-right:0.05em;', 'ks62'],
  ['height:0.9857em;', 'ks63'],
  ['height:0.686em;', 'ks64'],
  ['height:1.6em;', 'ks65'],
  ['height:1.1em;', 'ks66'],
  ['height:8.1001em;vertical-align:-3.8em;', 'ks67'],
  ['height:0.6973em;', 'ks68'],
  ['height:0.7401em;', 'ks69'],
  ['height:0.625em;vertical-align:-0.1944em;', 'ks70'],
  ['height:0.1514em;', 'ks71'],
  ['top:-2.55em;margin-left:0em;margin-right:0.05em;', 'ks72'],
  ['height:2.4em;vertical-align:-0.95em;', 'ks73'],
  ['top:-2.296em;', 'ks74'],
  ['height:0.814em;', 'ks75'],
  ['height:0.7873em;', 'ks76'],
  ['height:0.6833em;', 'ks77'],
  ['margin-right:1em;', 'ks78'],
  ['height:2.7em;vertical-align:-1.1em;', 'ks79'],
]);

/**
 * KaTeX's HTML with each inline style of `KATEX_STYLE_CLASSES` made a class: the same few styles
 * recur hundreds of times on a claim page, and a class is a few bytes where the style is thirty.
 */
export function styleClasses(html: string): string {
  return html.replace(
    /<span(?: class="([^"]*)")? style="([^"]*)">/g,
    (whole, cls: string | undefined, style: string) => {
      const name = KATEX_STYLE_CLASSES.get(style);
      if (name === undefined) return whole;
      return `<span class="${cls === undefined ? name : `${cls} ${name}`}">`;
    },
  );
}

/**
 * KaTeX's HTML with its classes as `katexClasses` writes them (unstyled ones dropped, frequent ones
 * short), and without the namespaces that inline `<math>` and `<svg>` do not need in HTML.
 */
export function lean(html: string): string {
  return html
    .replace(/ class="([^"]*)"/g, (_whole, classes: string) => {
      const kept = katexClassAttribute(classes);
      return kept === '' ? '' : ` class="${kept}"`;
    })
    .replace(/<(math|svg) xmlns="[^"]*"/g, '<$1');
}

/** KaTeX's HTML, leaned, for a formula: what `tex` gives, worked out without any memo. */
export function renderTex(latex: string, display: boolean): string {
  const html = katex.renderToString(latex, {
    displayMode: display,
    throwOnError: true,
    output: 'htmlAndMathml',
    strict: 'error',
  });
  return lean(styleClasses(withoutCellStyles(withoutAnnotation(html))));
}

/** A run of digits: a formula's figures, model ids and subscripts are made of them. */
const DIGITS = /\d+/g;
/**
 * The digit runs `renderFromShape` puts in a formula's place to find them in KaTeX's output: `73`
 * and five digits, the run's index from FIRST_PLACEHOLDER.
 */
const FIRST_PLACEHOLDER = 7_300_000;
const PLACEHOLDER = /73\d{5}/g;
const ONE_PLACEHOLDER = /^73\d{5}$/;
const placeholder = (index: number): string => String(FIRST_PLACEHOLDER + index);

/**
 * A formula's shape: the formula with every digit run made `#`. Claim pages show a few dozen
 * shapes, each with the figures of thousands of claims.
 */
const shapes = new LRUCache<string, { readonly html: string | null }>({ max: 500 });

/**
 * KaTeX's HTML for `latex` from the rendering of its shape, or null where that is not known to be
 * the same. KaTeX lays every digit out alike (each has the same height, depth and width in every
 * font it uses, and a run of digits is one text node in the HTML and one in the MathML), so the
 * rendering of a formula differs from its shape's only in the digits of those text nodes. The shape
 * is rendered once with a placeholder for each digit run (`73` and five digits, one per run), and
 * used only if each placeholder comes out in the text exactly twice (once in the HTML, once in the
 * MathML), never inside a tag (a digit that sets a size, `\hspace{4pt}`, would), and the text has
 * no other digits; then each placeholder is given back its run. Otherwise the formula is rendered
 * itself. Tested against KaTeX's own rendering on every formula of the repository's claims and of
 * random figures in every shape (tex.test.ts).
 */
export function renderFromShape(latex: string, display: boolean): string | null {
  const runs = latex.match(DIGITS);
  if (runs === null || runs.length > 99_999) return null;
  const key = `${display ? 'D' : 'I'}${latex.replace(DIGITS, '#')}`;
  let shape = shapes.get(key);
  if (shape === undefined) {
    let index = 0;
    const html = renderTex(
      latex.replace(DIGITS, () => placeholder(index++)),
      display,
    );
    shape = { html: placeholdersHold(html, runs.length) ? html : null };
    shapes.set(key, shape);
  }
  const { html } = shape;
  return html === null ? null : html.replace(PLACEHOLDER, (found) => runs[Number(found) - FIRST_PLACEHOLDER]!);
}

/** True when each of `count` placeholders is in the text of `html` twice, and no other digit is, nor any in a tag. */
function placeholdersHold(html: string, count: number): boolean {
  const seen = new Array<number>(count).fill(0);
  for (const piece of html.split(/(<[^>]*>)/)) {
    if (piece.startsWith('<')) {
      if (piece.search(PLACEHOLDER) >= 0) return false;
      continue;
    }
    for (const run of piece.match(DIGITS) ?? []) {
      const index = ONE_PLACEHOLDER.test(run) ? Number(run) - FIRST_PLACEHOLDER : -1;
      if (index < 0 || index >= count) return false;
      seen[index]! += 1;
    }
  }
  return seen.every((n) => n === 2);
}

/** Renders LaTeX to KaTeX HTML (MathML included for screen readers, without the LaTeX source). */
export function tex(latex: string, display = false): string {
  const key = `${display ? 'D' : 'I'}${latex}`;
  let html = cache.get(key);
  if (html === undefined) {
    html = renderFromShape(latex, display) ?? renderTex(latex, display);
    cache.set(key, html);
  }
  return html;
}
