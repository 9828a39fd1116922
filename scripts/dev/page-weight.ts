/**
 * `npx tsx scripts/dev/page-weight.ts [dist] [--page <file>] [--json]`: where a claim page's bytes and
 * elements are. It reads the built site (default `dist/`), takes the median claim page by size (the
 * page `npm run bench` reports as `page_kb_html_median`) or the page given, and prints per part of
 * it (the head and its CSP and JSON-LD, the site's header and footer, each step's `<section>`, the
 * trace's `<details>`) the bytes and the elements, and inside each step what its pictures, KaTeX's
 * HTML and KaTeX's MathML take. The last column is each part's median over every claim page, so
 * one odd page does not mislead. With `--json`, one JSON object of the same figures.
 *
 * The HTML is Astro's own output, so a small tokenizer is enough: tags with quoted attributes,
 * comments, raw-text elements (script, style) and void elements; no error recovery is needed.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';

/** One element of a parsed page: its tag, its attributes' text, and where it starts and ends. */
export interface Element {
  readonly name: string;
  readonly attributes: string;
  readonly start: number;
  /** Just after its end tag (or its start tag for a void or self-closed element). */
  end: number;
  readonly children: Element[];
}

const VOID = new Set([
  'area',
  'base',
  'br',
  'col',
  'embed',
  'hr',
  'img',
  'input',
  'link',
  'meta',
  'source',
  'track',
  'wbr',
]);
const RAW_TEXT = new Set(['script', 'style', 'textarea', 'title']);
const TAG =
  /<!--[\s\S]*?-->|<![^>]*>|<\/([a-zA-Z][\w:-]*)\s*>|<([a-zA-Z][\w:-]*)((?:\s+[^\s"'>/=]+(?:\s*=\s*(?:"[^"]*"|'[^']*'|[^\s"'=<>`]+))?)*)\s*(\/?)>/g;

/** The page as a tree of elements under a root that spans the whole text. */
export function parseHtml(html: string): Element {
  const root: Element = { name: '#root', attributes: '', start: 0, end: html.length, children: [] };
  const open: Element[] = [root];
  let lower: string | undefined;
  TAG.lastIndex = 0;
  for (let m = TAG.exec(html); m !== null; m = TAG.exec(html)) {
    const [whole, closing, name, attributes = '', selfClosed] = m;
    if (closing !== undefined) {
      const tag = closing.toLowerCase();
      const at = open.findLastIndex((e) => e.name === tag);
      if (at <= 0) continue;
      for (const e of open.splice(at)) e.end = m.index + whole.length;
      continue;
    }
    if (name === undefined) continue;
    const tag = name.toLowerCase();
    const element: Element = { name: tag, attributes, start: m.index, end: m.index + whole.length, children: [] };
    open.at(-1)!.children.push(element);
    if (VOID.has(tag) || selfClosed === '/') continue;
    if (RAW_TEXT.has(tag)) {
      lower ??= html.toLowerCase();
      const close = lower.indexOf(`</${tag}`, TAG.lastIndex);
      const stop = close < 0 ? html.length : html.indexOf('>', close) + 1;
      element.end = stop;
      TAG.lastIndex = stop;
      continue;
    }
    open.push(element);
  }
  for (const e of open.slice(1)) e.end = html.length;
  return root;
}

const attributePatterns = new Map<string, RegExp>();

/** The value of one attribute of an element, or undefined. */
export function attribute(element: Element, name: string): string | undefined {
  let pattern = attributePatterns.get(name);
  if (pattern === undefined) {
    pattern = new RegExp(`(?:^|\\s)${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)'|([^\\s"'=<>\`]+))`, 'i');
    attributePatterns.set(name, pattern);
  }
  const m = pattern.exec(element.attributes);
  return m === null ? undefined : (m[1] ?? m[2] ?? m[3]);
}

/** Whether an element's class list holds a class. */
export function hasClass(element: Element, name: string): boolean {
  return (attribute(element, 'class') ?? '').split(/\s+/).includes(name);
}

/** Every element under (and including) one, depth first in document order. */
export function* walk(element: Element): Generator<Element> {
  yield element;
  for (const child of element.children) yield* walk(child);
}

/** How many elements a subtree holds, itself included (the root counts none). */
export function elementCount(element: Element): number {
  let n = 0;
  for (const e of walk(element)) if (e.name !== '#root') n++;
  return n;
}

/** The outermost elements of a subtree that match, not descending into a match. */
export function outermost(element: Element, match: (e: Element) => boolean): Element[] {
  if (match(element)) return [element];
  return element.children.flatMap((child) => outermost(child, match));
}

/** Bytes and elements of a part of a page. */
export interface Weight {
  bytes: number;
  elements: number;
}

/** One row of the table: a part's name, its depth under the page, its weight on this page. */
export interface Row extends Weight {
  readonly part: string;
  /** The part's name, unique on the page (a step's parts carry the step's name). */
  readonly key: string;
  readonly depth: number;
}

const utf8 = (text: string): number => Buffer.byteLength(text, 'utf8');

function weigh(html: string, elements: readonly Element[]): Weight {
  return {
    bytes: elements.reduce((sum, e) => sum + utf8(html.slice(e.start, e.end)), 0),
    elements: elements.reduce((sum, e) => sum + elementCount(e), 0),
  };
}

const isPicture = (e: Element): boolean => e.name === 'svg' || e.name === 'img';
const isMathml = (e: Element): boolean => hasClass(e, 'katex-mathml');
const isKatexHtml = (e: Element): boolean => hasClass(e, 'katex-html');

/** What inside a subtree is pictures and formulas, as rows one level below it. */
function inner(html: string, element: Element, depth: number, under: string): Row[] {
  const rows: Row[] = [];
  const add = (part: string, found: Element[]): void => {
    if (found.length > 0) rows.push({ part, key: `${under} / ${part}`, depth, ...weigh(html, found) });
  };
  add('pictures (svg)', outermost(element, isPicture));
  add('KaTeX HTML', outermost(element, isKatexHtml));
  add('KaTeX MathML', outermost(element, isMathml));
  add(
    'trace <details>',
    outermost(element, (e) => e.name === 'details' && hasClass(e, 'claim-trace')),
  );
  return rows;
}

/** The table of one claim page: the page, its head, the site's frame, each step and what is inside. */
export function pageRows(html: string): Row[] {
  const root = parseHtml(html);
  const find = (match: (e: Element) => boolean): Element[] => outermost(root, match);
  const rows: Row[] = [];
  const add = (part: string, depth: number, weight: Weight): void => {
    rows.push({ part, key: part, depth, ...weight });
  };
  add('whole page', 0, { bytes: utf8(html), elements: elementCount(root) });
  const head = find((e) => e.name === 'head');
  add('<head>', 1, weigh(html, head));
  const inHead = (match: (e: Element) => boolean): Element[] => head.flatMap((h) => outermost(h, match));
  const isCsp = (e: Element): boolean =>
    e.name === 'meta' && /content-security-policy/i.test(attribute(e, 'http-equiv') ?? '');
  add('CSP <meta>', 2, weigh(html, inHead(isCsp)));
  add(
    'JSON-LD',
    2,
    weigh(
      html,
      inHead((e) => e.name === 'script' && attribute(e, 'type') === 'application/ld+json'),
    ),
  );
  add(
    'site header',
    1,
    weigh(
      html,
      find((e) => hasClass(e, 'site-header')),
    ),
  );
  const article = find((e) => e.name === 'article');
  const isStep = (e: Element): boolean => e.name === 'section' && attribute(e, 'id') !== undefined;
  const sections = article.flatMap((a) => outermost(a, isStep));
  const before = article.flatMap((a) =>
    a.children.filter((c) => !sections.some((s) => s.start >= c.start && s.end <= c.end)),
  );
  add('claim header, contents', 1, weigh(html, before));
  rows.push(...inner(html, { ...root, children: before }, 2, 'claim header'));
  for (const section of sections) {
    const name = `step #${attribute(section, 'id') ?? ''}`;
    add(name, 1, weigh(html, [section]));
    rows.push(...inner(html, section, 2, name));
  }
  add(
    'site footer',
    1,
    weigh(
      html,
      find((e) => hasClass(e, 'site-footer')),
    ),
  );
  add('all pictures (svg)', 0, weigh(html, find(isPicture)));
  add('all KaTeX HTML', 0, weigh(html, find(isKatexHtml)));
  add('all KaTeX MathML', 0, weigh(html, find(isMathml)));
  const attributeBytes = (pattern: RegExp): number =>
    [...html.matchAll(pattern)].reduce((sum, m) => sum + utf8(m[0]), 0);
  add('class="…" attributes', 0, { bytes: attributeBytes(/\sclass="[^"]*"/g), elements: 0 });
  add('style="…" attributes', 0, { bytes: attributeBytes(/\sstyle="[^"]*"/g), elements: 0 });
  add('whitespace between tags', 0, { bytes: attributeBytes(/(?<=>)\s+(?=<)/g), elements: 0 });
  return rows;
}

/** Whether a path under the site is a claim page (one claim under one model; not its history). */
export const isClaimPage = (path: string): boolean =>
  /^claims\/[^/]+\/(?:(?!history\/)[^/]+\/)?index\.html$/.test(path.split('\\').join('/'));

function claimPagesOf(dist: string): string[] {
  const found: string[] = [];
  const visit = (dir: string): void => {
    for (const name of readdirSync(dir)) {
      const full = join(dir, name);
      if (statSync(full).isDirectory()) visit(full);
      else if (isClaimPage(relative(dist, full))) found.push(full);
    }
  };
  visit(join(dist, 'claims'));
  return found;
}

function medianOf(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length === 0 ? 0 : sorted[(sorted.length - 1) >> 1]!;
}

function main(): void {
  const args = process.argv.slice(2);
  const json = args.includes('--json');
  const pageAt = args.indexOf('--page');
  const given = pageAt >= 0 ? args[pageAt + 1] : undefined;
  const dist = resolve(args.find((a, i) => !a.startsWith('--') && args[i - 1] !== '--page') ?? 'dist');
  const pages = claimPagesOf(dist).map((path) => ({ path, bytes: statSync(path).size }));
  if (pages.length === 0) {
    console.error(`${dist}: no claim pages (build the site first: npm run -s build)`);
    process.exit(1);
  }
  pages.sort((a, b) => a.bytes - b.bytes);
  const chosen = given === undefined ? pages[(pages.length - 1) >> 1]!.path : resolve(given);
  const rows = pageRows(readFileSync(chosen, 'utf8'));
  // Each part's median over every page, by its name (a step a page lacks counts as nothing).
  const byPart = new Map<string, number[]>();
  for (const { path } of pages)
    for (const row of pageRows(readFileSync(path, 'utf8')))
      byPart.set(row.key, [...(byPart.get(row.key) ?? []), row.bytes]);
  const medians = new Map(
    [...byPart].map(([part, values]) => [
      part,
      medianOf([...values, ...Array<number>(pages.length - values.length).fill(0)]),
    ]),
  );
  const total = rows[0]!.bytes;
  if (json) {
    const out = {
      page: relative(dist, chosen),
      claim_pages: pages.length,
      parts: rows.map((r) => ({ ...r, median_bytes_all_pages: medians.get(r.key) ?? 0 })),
    };
    console.log(JSON.stringify(out, null, 2));
    return;
  }
  const kb = (bytes: number): string => (bytes / 1024).toFixed(1);
  console.log(`${relative(dist, chosen)}: the median of ${pages.length} claim pages by size\n`);
  console.log('| part | KB | share | elements | median KB, all pages |');
  console.log('| --- | ---: | ---: | ---: | ---: |');
  for (const r of rows) {
    const name = `${'  '.repeat(r.depth)}${r.depth > 0 ? '↳ ' : ''}${r.part}`.replace(/^ +/, (s) =>
      '&nbsp;'.repeat(s.length),
    );
    const share = `${((100 * r.bytes) / total).toFixed(1)} %`;
    console.log(`| ${name} | ${kb(r.bytes)} | ${share} | ${r.elements || ''} | ${kb(medians.get(r.key) ?? 0)} |`);
  }
}

if (import.meta.url === `file://${process.argv[1]}`) main();
