/**
 * What the ecosystem tests (tests/e2e/ecosystem-*.spec.ts) share: the heads of built pages as the
 * browser's DOMParser reads them, an XML parser for the feeds and sitemaps, the site's address and
 * the built file a URL names, and the traces and claim pages they compare with.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { expect, type Page } from '@playwright/test';
import { XMLParser } from 'fast-xml-parser';
import { distDir } from './e2e-env.ts';
import { claimPages, defaultModelId, parsedPage, readSiteFile, urlOfFile, type ClaimPage } from './e2e-site.ts';

/** RFC 3339 date-time, as Atom requires of every timestamp. */
export const RFC3339 = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d+)?(?:Z|[+-]\d{2}:\d{2})$/;

/** What the head of a page tells the rest of the web, as the browser's DOMParser reads it. */
export interface Head {
  readonly canonical: string[];
  readonly meta: Record<string, string>;
  readonly jsonLd: string[];
  readonly feeds: string[];
}

/** Reads the heads of built pages in the browser's DOMParser (no scripts run, nothing is fetched). */
export async function readHeads(page: Page, files: readonly string[]): Promise<Map<string, Head>> {
  const out = new Map<string, Head>();
  for (let i = 0; i < files.length; i += 40) {
    const chunk = files.slice(i, i + 40);
    const heads = await page.evaluate(
      (htmls: string[]) =>
        htmls.map((html) => {
          const doc = new DOMParser().parseFromString(html, 'text/html');
          const meta: Record<string, string> = {};
          for (const m of doc.head.querySelectorAll('meta[property], meta[name]')) {
            meta[m.getAttribute('property') ?? m.getAttribute('name') ?? ''] = m.getAttribute('content') ?? '';
          }
          return {
            canonical: [...doc.querySelectorAll('link[rel="canonical"]')].map((l) => l.getAttribute('href') ?? ''),
            meta,
            jsonLd: [...doc.querySelectorAll('script[type="application/ld+json"]')].map((s) => s.textContent ?? ''),
            feeds: [...doc.head.querySelectorAll('link[rel="alternate"][type="application/atom+xml"]')].map(
              (l) => l.getAttribute('href') ?? '',
            ),
          };
        }),
      chunk.map((f) => readSiteFile(f)),
    );
    chunk.forEach((f, n) => out.set(f, heads[n]!));
  }
  return out;
}

/** The feeds' and sitemaps' parser: attributes as `@name`, repeatable elements always as arrays. */
export const xml = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@',
  isArray: (name) => ['entry', 'link', 'author', 'url', 'sitemap'].includes(name),
});
/** An element as the XML parser gives it. */
export type Node = Record<string, unknown>;

/** Why Chromium's XML parser (strict, as feed readers' are) refuses a document, or null when it is well-formed. */
export const xmlProblem = (page: Page, body: string): Promise<string | null> =>
  page.evaluate((text: string) => {
    const error = new DOMParser().parseFromString(text, 'application/xml').querySelector('parsererror');
    return error === null ? null : (error.textContent ?? 'parsererror');
  }, body);
/** The text of an element, whether the parser gave it as a string or as an object with attributes. */
export const text = (node: unknown): string => {
  const value = typeof node === 'object' && node !== null ? (node as Node)['#text'] : node;
  return typeof value === 'string' || typeof value === 'number' ? String(value) : '';
};

/** The site's address, as the home page's canonical link gives it. */
export function siteAddress(): string {
  const canonical = parsedPage('index.html').refs.find((r) => r.tag === 'link' && r.rel === 'canonical');
  expect(canonical, 'the home page has a canonical link').toBeDefined();
  const url = new URL(canonical!.value);
  expect(url.pathname).toBe('/');
  return url.href;
}

/** The built file an absolute URL on the site names, or null when it is not on the site. */
export function fileOf(url: string, site: string): string | null {
  if (!url.startsWith(site)) return null;
  const path = decodeURIComponent(new URL(url).pathname).replace(/^\/+/, '');
  const file = path === '' || path.endsWith('/') ? `${path}index.html` : path;
  return existsSync(join(distDir(), file)) ? file : null;
}

/** A trace as the tests read it from disk. */
export interface Trace {
  readonly claim: string;
  readonly model: string;
  readonly configHash: string;
  readonly inputHash: string;
  readonly input: {
    readonly statement: string;
    readonly author: string;
    readonly recorded: string;
    readonly reviews: readonly ({ readonly date: string } | { readonly on: string })[];
    readonly claimant?: { readonly name: string; readonly url: string | null; readonly type?: string };
    readonly appearances?: readonly { readonly url: string; readonly date: string }[];
  };
  readonly result: {
    readonly state: string;
    readonly probability: string | null;
    readonly reason: string | null;
    readonly stability: { readonly spread: string; readonly level: string } | null;
    readonly coverage: { readonly value: string };
    readonly gradient: { readonly value: string; readonly status: string };
  };
}
/** A published trace, read from the built site. */
export const traceAt = (file: string): Trace => JSON.parse(readSiteFile(file)) as Trace;
let claimPagesRead: ClaimPage[] | null = null;
/** Every claim page with its trace, read from disk once per worker. */
export const pages = (): ClaimPage[] => (claimPagesRead ??= claimPages().filter((p) => p.raw !== null));
/** The site's default model, as the trace beside `/claims/<slug>/` names it. */
export const defaultModel = (): string => defaultModelId();
/** Whether a claim page shows its claim under the default model. */
export const isDefault = (p: ClaimPage): boolean => p.urlModel === defaultModel();
/** The path a page names as canonical: its own, but `/claims/<slug>/` for the claim under the default model. */
export function canonicalOf(file: string): string {
  const claim = pages().find((p) => p.htmlFile === file && p.urlModel !== null);
  return claim !== undefined && isDefault(claim) ? `/claims/${claim.slug}/` : urlOfFile(file);
}
