/**
 * Rewrites the URLs of an HTML page (link and resource attributes, `srcset`, a meta refresh,
 * inline styles and `<style>` blocks) and its Content-Security-Policy, and reports what cannot
 * work from `file://` (module scripts). Only the rewritten attribute values change; every other
 * byte of the page is kept.
 */
import { rewriteCss } from './rewriteCss.ts';

/** How to rewrite a page. */
export interface HtmlRewriter {
  /** A URL as written in the page (entities decoded) to the URL to write instead. */
  readonly url: (url: string) => string;
  /** A Content-Security-Policy to the policy to write instead. */
  readonly csp?: (policy: string) => string;
}

/** A rewritten page, with what in it cannot work offline. */
export interface RewrittenHtml {
  readonly html: string;
  /** Why the page cannot work from `file://`, one sentence each. */
  readonly problems: readonly string[];
  /** The `src` of every script the page loads, as written (before rewriting). */
  readonly scripts: readonly string[];
}

/** Attributes that hold one URL, on any element. */
const URL_ATTRIBUTES = new Set([
  'href',
  'src',
  'action',
  'formaction',
  'poster',
  'data',
  'xlink:href',
  'background',
  'longdesc',
  // A script a page loads on first use (the claim page's what-if panel names its script here).
  'data-src',
]);
/** Elements whose content is text, not markup, up to their end tag. */
const RAW_TEXT = new Set(['script', 'style', 'textarea', 'title', 'xmp', 'iframe', 'noembed', 'noframes', 'plaintext']);
const TAG_NAME = /<([a-zA-Z][^\s/>]*)/y;
const ATTRIBUTE = /[\s/]*(?:([^\s"'>/=][^\s"'>/=]*)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+)))?)?/y;

interface Attribute {
  readonly name: string;
  readonly value: string | null;
  /** Where the value's text starts and ends in the page, and how it was quoted. */
  readonly start: number;
  readonly end: number;
  readonly quote: '"' | "'" | '';
}

interface Edit {
  readonly start: number;
  readonly end: number;
  readonly text: string;
}

/** Rewrites a page's URLs and policy; see the module comment. */
export function rewriteHtml(html: string, rewriter: HtmlRewriter): RewrittenHtml {
  const edits: Edit[] = [];
  const problems: string[] = [];
  const scripts: string[] = [];
  const setValue = (attribute: Attribute, value: string): void => {
    if (value === decodeEntities(attribute.value ?? '')) return;
    if (attribute.quote === '') {
      edits.push({ start: attribute.start, end: attribute.end, text: `"${escapeAttribute(value, '"')}"` });
    } else {
      edits.push({ start: attribute.start, end: attribute.end, text: escapeAttribute(value, attribute.quote) });
    }
  };

  let i = 0;
  while (i < html.length) {
    const lt = html.indexOf('<', i);
    if (lt < 0) break;
    if (html.startsWith('<!--', lt)) {
      const end = html.indexOf('-->', lt + 4);
      i = end < 0 ? html.length : end + 3;
      continue;
    }
    TAG_NAME.lastIndex = lt;
    const name = TAG_NAME.exec(html)?.[1]?.toLowerCase();
    if (name === undefined) {
      // An end tag, a doctype, a processing instruction or a stray "<".
      const close = html[lt + 1] === '/' || html[lt + 1] === '!' || html[lt + 1] === '?' ? html.indexOf('>', lt) : lt;
      i = close < 0 ? html.length : close + 1;
      continue;
    }
    const { attributes, end } = readAttributes(html, lt + 1 + name.length);
    i = end;
    const get = (key: string): Attribute | undefined => attributes.find((a) => a.name === key);

    for (const attribute of attributes) {
      if (attribute.value === null) continue;
      const value = decodeEntities(attribute.value);
      if (URL_ATTRIBUTES.has(attribute.name)) setValue(attribute, rewriter.url(value));
      else if (attribute.name === 'srcset' || attribute.name === 'imagesrcset')
        setValue(attribute, rewriteSrcset(value, rewriter.url));
      else if (attribute.name === 'style') setValue(attribute, rewriteCss(value, rewriter.url));
    }
    if (name === 'meta') {
      const equiv = decodeEntities(get('http-equiv')?.value ?? '').toLowerCase();
      const content = get('content');
      if (content?.value != null) {
        const value = decodeEntities(content.value);
        if (equiv === 'refresh') setValue(content, rewriteRefresh(value, rewriter.url));
        if (equiv === 'content-security-policy' && rewriter.csp) setValue(content, rewriter.csp(value));
      }
    }
    if (name === 'script') {
      const type = decodeEntities(get('type')?.value ?? '')
        .trim()
        .toLowerCase();
      const src = get('src')?.value;
      if (src != null) scripts.push(decodeEntities(src));
      if (type === 'module') {
        problems.push(
          `a module script${src ? ` (${decodeEntities(src)})` : ''} cannot run from file://; use a classic script from public/js/`,
        );
      }
    }

    if (RAW_TEXT.has(name) && !html.slice(lt, end).endsWith('/>')) {
      const close = new RegExp(`</${name}[\\s/>]`, 'ig');
      close.lastIndex = end;
      const found = close.exec(html);
      const contentEnd = found === null ? html.length : found.index;
      if (name === 'style') {
        const css = html.slice(end, contentEnd);
        const next = rewriteCss(css, rewriter.url);
        if (next !== css) edits.push({ start: end, end: contentEnd, text: next });
      }
      i = contentEnd;
    }
  }

  let out = '';
  let at = 0;
  for (const edit of edits.sort((a, b) => a.start - b.start)) {
    out += html.slice(at, edit.start) + edit.text;
    at = edit.end;
  }
  return { html: out + html.slice(at), problems, scripts };
}

/** Reads a start tag's attributes from just after its name to just after its `>`. */
function readAttributes(html: string, from: number): { attributes: Attribute[]; end: number } {
  const attributes: Attribute[] = [];
  let at = from;
  for (;;) {
    ATTRIBUTE.lastIndex = at;
    const match = ATTRIBUTE.exec(html);
    const name = match?.[1];
    if (match === null || name === undefined) {
      const close = html.indexOf('>', at);
      return { attributes, end: close < 0 ? html.length : close + 1 };
    }
    const raw = match[2] ?? match[3] ?? match[4] ?? null;
    const quote = match[2] !== undefined ? '"' : match[3] !== undefined ? "'" : '';
    const matchEnd = at + match[0].length;
    const start = raw === null ? matchEnd : matchEnd - raw.length - quote.length;
    attributes.push({ name: name.toLowerCase(), value: raw, start, end: start + (raw?.length ?? 0), quote });
    at = matchEnd;
  }
}

/** Rewrites each URL of a `srcset` list (`a.png 1x, b.png 2x`). */
export function rewriteSrcset(value: string, rewrite: (url: string) => string): string {
  return value
    .split(',')
    .map((candidate) =>
      candidate.replace(/^(\s*)(\S+)/, (_all: string, space: string, url: string) => space + rewrite(url)),
    )
    .join(',');
}

/** Rewrites the URL of a meta refresh (`0; url=/x/`). */
export function rewriteRefresh(value: string, rewrite: (url: string) => string): string {
  const match = /^(\s*\d*(?:\.\d*)?\s*[;,]?\s*(?:url\s*=\s*)?)(["']?)(.*?)\2(\s*)$/is.exec(value);
  if (match === null || match[3] === '') return value;
  return `${match[1]}${match[2]}${rewrite(match[3]!)}${match[2]}${match[4]}`;
}

const NAMED: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0' };

/** Decodes the character references an attribute value may hold. */
export function decodeEntities(value: string): string {
  return value.replace(
    /&(?:#(\d+)|#[xX]([0-9a-fA-F]+)|([a-zA-Z]+));?/g,
    (all: string, dec?: string, hex?: string, name?: string) => {
      if (dec !== undefined || hex !== undefined) {
        const code = dec !== undefined ? Number(dec) : parseInt(hex!, 16);
        return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : all;
      }
      return NAMED[name!.toLowerCase()] ?? all;
    },
  );
}

/** Escapes a value for an attribute quoted with `quote`. */
function escapeAttribute(value: string, quote: '"' | "'"): string {
  return value.replace(/&/g, '&amp;').replace(quote === '"' ? /"/g : /'/g, quote === '"' ? '&quot;' : '&#39;');
}
