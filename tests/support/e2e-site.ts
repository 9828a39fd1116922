/**
 * What the browser tests know about the built site, read from the folder itself: every page,
 * every claim page with its trace, the default model, and a DOM parse of pages read from disk
 * (in the browser's own `DOMParser`, so no HTML is ever picked apart with patterns).
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import type { Page } from '@playwright/test';
import { distDir, sitePrefix } from './e2e-env.ts';

/** The states under which a claim gets no number. */
export const REFUSALS: readonly string[] = ['not-applicable', 'insufficient-evidence'];

/** Every step anchor a scored claim page carries (besides one `link-<id>` per evidence link). */
export const STEP_ANCHORS: readonly string[] = [
  'groups',
  'prior',
  'sum',
  'probability',
  'state',
  'stability',
  'coverage',
  'gradient',
  'models',
  'trace',
];

/** Steps a refusal's page leaves out: they would be empty. */
export const SCORED_ONLY_ANCHORS: readonly string[] = ['groups', 'prior', 'sum', 'probability', 'state', 'stability'];

/** The part of a trace the tests read. */
export interface TraceView {
  readonly claim: string;
  readonly model: string;
  readonly links: readonly { readonly id: string; readonly weight: string }[];
  readonly result: { readonly state: string; readonly probability: string | null; readonly reason: string | null };
  readonly input: { readonly statement: string };
}

/** One claim page of the built site. */
export interface ClaimPage {
  readonly slug: string;
  /** The model in the URL, or `null` for the default model's page `/claims/<slug>/`. */
  readonly urlModel: string | null;
  readonly url: string;
  readonly htmlFile: string;
  readonly traceFile: string;
  readonly trace: TraceView;
  readonly raw: unknown;
}

/** Every file under a folder, as paths relative to it with forward slashes. */
export function listFiles(root: string): string[] {
  const out: string[] = [];
  const walk = (dir: string): void => {
    for (const name of readdirSync(dir).sort()) {
      const full = join(dir, name);
      if (statSync(full).isDirectory()) walk(full);
      else out.push(relative(root, full).split(sep).join('/'));
    }
  };
  walk(root);
  return out;
}

/**
 * The URL path a built file is served at, under the base path if the site has one
 * (`a/b/index.html` → `/a/b/`, `404.html` → `/404.html`; under `/sub/`: `/sub/a/b/`).
 */
export const urlOfFile = (file: string): string =>
  sitePrefix() +
  (file === 'index.html' ? '' : file.endsWith('/index.html') ? file.slice(0, -'index.html'.length) : file);

/** Every HTML file of the built site (relative paths). */
export const htmlFiles = (root = distDir()): string[] => listFiles(root).filter((f) => f.endsWith('.html'));

/** Reads a built file as text. */
export const readSiteFile = (file: string, root = distDir()): string => readFileSync(join(root, file), 'utf8');

/** Every claim page (default and per model) that has a trace beside it. */
export function claimPages(root = distDir()): ClaimPage[] {
  const claimsDir = join(root, 'claims');
  if (!existsSync(claimsDir)) return [];
  const pages: ClaimPage[] = [];
  const add = (slug: string, urlModel: string | null): void => {
    const dir = urlModel === null ? `claims/${slug}` : `claims/${slug}/${urlModel}`;
    const htmlFile = `${dir}/index.html`;
    if (!existsSync(join(root, htmlFile))) return;
    const traceFile = `${dir}/trace.json`;
    const raw: unknown = existsSync(join(root, traceFile)) ? JSON.parse(readSiteFile(traceFile, root)) : null;
    pages.push({ slug, urlModel, url: `${sitePrefix()}${dir}/`, htmlFile, traceFile, trace: raw as TraceView, raw });
  };
  for (const slug of readdirSync(claimsDir).sort()) {
    if (!statSync(join(claimsDir, slug)).isDirectory()) continue;
    add(slug, null);
    for (const model of readdirSync(join(claimsDir, slug)).sort()) {
      // `history/` holds the claim's history page, not a model's.
      if (model !== 'history' && statSync(join(claimsDir, slug, model)).isDirectory()) add(slug, model);
    }
  }
  return pages;
}

/** The default model's id, as the default claim pages' traces name it. */
export function defaultModelId(root = distDir()): string {
  const page = claimPages(root).find((p) => p.urlModel === null && p.raw !== null);
  if (!page) throw new Error(`no claim page with a trace.json under ${root}/claims/`);
  return page.trace.model;
}

/** The default model's id, or `null` when no claim page names it (for test discovery). */
export function defaultModelOrNull(root = distDir()): string | null {
  try {
    return defaultModelId(root);
  } catch {
    return null;
  }
}

/** Whether a trace's claim was scored (has a probability). */
export const isScored = (trace: TraceView): boolean =>
  trace.result.probability !== null && !REFUSALS.includes(trace.result.state);

/** The value at a dotted path (`links.0.weight`) of a parsed JSON document, if there is one. */
export function valueAt(document: unknown, path: string): { found: true; value: unknown } | { found: false } {
  let here: unknown = document;
  for (const key of path.split('.')) {
    if (Array.isArray(here) && /^\d+$/.test(key) && Number(key) < here.length) here = here[Number(key)];
    else if (here !== null && typeof here === 'object' && !Array.isArray(here) && Object.hasOwn(here, key)) {
      here = (here as Record<string, unknown>)[key];
    } else return { found: false };
  }
  return { found: true, value: here };
}

/** How a trace value reads on a page: strings as they are, numbers and booleans as JSON writes them. */
export function displayOf(value: unknown): string | null {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return JSON.stringify(value);
  return null;
}

/** What a DOM parse of one page yields. */
export interface ParsedPage {
  readonly ids: string[];
  /** `[data-field]` elements: the path and the trimmed text. */
  readonly fields: { field: string; text: string }[];
  /** Every URL-bearing attribute: element, attribute, value, and the element's `rel`. */
  readonly refs: { tag: string; attr: string; value: string; rel: string }[];
  readonly katexErrors: number;
  /**
   * What the page runs or lets run: each script (its `src`, or its type and text; a JSON-LD
   * block's text is for search engines and read by no script, so only its type), each `data-src`
   * (a script loaded later), and the Content-Security-Policy.
   */
  readonly runs: string[];
  /** The headline's text (see HEADLINE_NOTE). */
  readonly headline: string;
}

/** What the tests take for a page's headline. */
export const HEADLINE_NOTE = 'everything in <main> before its first <h2> (the first step of the working)';

/** The environment variable naming the file where global setup left every page's parse. */
export const PARSED_SITE_ENV = 'LEDGER_E2E_PARSED_SITE';

let parsedSiteCache: ReadonlyMap<string, ParsedPage> | null = null;

/** Every built HTML file (relative path) with its parse, as global setup left it. */
export function parsedSite(): ReadonlyMap<string, ParsedPage> {
  if (parsedSiteCache) return parsedSiteCache;
  const file = process.env[PARSED_SITE_ENV];
  if (!file || !existsSync(file))
    throw new Error(`${PARSED_SITE_ENV} is not set: run the tests through playwright.config.ts`);
  const data = JSON.parse(readFileSync(file, 'utf8')) as Record<string, ParsedPage>;
  parsedSiteCache = new Map(Object.entries(data));
  return parsedSiteCache;
}

/** The parse of one built HTML file (relative path). */
export function parsedPage(file: string): ParsedPage {
  const found = parsedSite().get(file);
  if (!found) throw new Error(`${file} was not parsed (is it an HTML file of the built site?)`);
  return found;
}

/** Parses pages read from disk in the browser's DOMParser (no scripts run, nothing is fetched). */
export async function parsePages(page: Page, htmls: readonly string[]): Promise<ParsedPage[]> {
  const out: ParsedPage[] = [];
  const batch = 25;
  for (let i = 0; i < htmls.length; i += batch) {
    const parsed = await page.evaluate(
      (chunk: string[]) => {
        const parser = new DOMParser();
        return chunk.map((html) => {
          const doc = parser.parseFromString(html, 'text/html');
          const ids = [...doc.querySelectorAll('[id]')].map((e) => e.id);
          for (const a of doc.querySelectorAll('a[name]')) ids.push(a.getAttribute('name') ?? '');
          const fields = [...doc.querySelectorAll('[data-field]')].map((e) => ({
            field: e.getAttribute('data-field') ?? '',
            text: (e.textContent ?? '').trim(),
          }));
          const refs: { tag: string; attr: string; value: string; rel: string }[] = [];
          for (const attr of ['href', 'src', 'action', 'poster', 'data']) {
            for (const e of doc.querySelectorAll(`[${attr}]`)) {
              // <object data>, not the data-* attributes; SVG <use href> counts too.
              refs.push({
                tag: e.tagName.toLowerCase(),
                attr,
                value: e.getAttribute(attr) ?? '',
                rel: e.getAttribute('rel') ?? '',
              });
            }
          }
          for (const e of doc.querySelectorAll('[srcset]')) {
            for (const part of (e.getAttribute('srcset') ?? '').split(',')) {
              const url = part.trim().split(/\s+/)[0];
              if (url) refs.push({ tag: e.tagName.toLowerCase(), attr: 'srcset', value: url, rel: '' });
            }
          }
          const runs = [...doc.querySelectorAll('script')].map((e) => {
            const type = e.getAttribute('type') ?? '';
            if (e.hasAttribute('src')) return `script ${type} src=${e.getAttribute('src') ?? ''}`;
            return `script ${type} ${type === 'application/ld+json' ? '' : (e.textContent ?? '')}`;
          });
          for (const e of doc.querySelectorAll('[data-src]')) runs.push(`data-src ${e.getAttribute('data-src') ?? ''}`);
          for (const e of doc.querySelectorAll('meta[http-equiv]'))
            runs.push(`${e.getAttribute('http-equiv') ?? ''}: ${e.getAttribute('content') ?? ''}`);
          const main = doc.querySelector('main');
          let headline = '';
          if (main) {
            const range = doc.createRange();
            range.setStart(main, 0);
            const firstStep = main.querySelector('h2');
            if (firstStep) range.setEndBefore(firstStep);
            else range.setEnd(main, main.childNodes.length);
            headline = range.toString();
          }
          return { ids, fields, refs, katexErrors: doc.querySelectorAll('.katex-error').length, runs, headline };
        });
      },
      htmls.slice(i, i + batch),
    );
    out.push(...parsed);
  }
  return out;
}
