/**
 * The link check over the whole built site: every internal link, script, stylesheet and image of
 * every page resolves to a file of the site, every `#fragment` names an element of the page it
 * points into, and nothing a page loads comes from another origin; on a site built under a base
 * path (LEDGER_BASE), every internal URL is under it. Pages are read from disk (as global setup
 * parsed them); nothing is served.
 */
import { existsSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { distDir, sitePrefix } from '../support/e2e-env.ts';
import { listFiles, parsedSite, readSiteFile, urlOfFile } from '../support/e2e-site.ts';

const BASE = 'http://site.invalid';
/** Schemes a page may link to without the link check following them. */
const EXTERNAL = new Set(['http', 'https', 'mailto', 'tel']);
/** `<link rel>` values that make the browser fetch the URL (the others only name it). */
const FETCHING_RELS = new Set([
  'stylesheet',
  'icon',
  'apple-touch-icon',
  'mask-icon',
  'manifest',
  'preload',
  'modulepreload',
  'prefetch',
  'preconnect',
  'dns-prefetch',
]);

type Target = { file: string } | { broken: string } | { external: string };

/** A CSV in a `data:` address: followed no further, but its percent-escapes must decode. */
function csvData(address: string): Target {
  try {
    decodeURIComponent(address.slice(address.indexOf(',') + 1));
    return { external: 'data:text/csv' };
  } catch {
    return { broken: 'a CSV data address that does not decode' };
  }
}

/** Maps a reference on a page to the built file it names. */
function resolveRef(fromUrl: string, value: string, tag: string): { target: Target; fragment: string | null } {
  const trimmed = value.trim();
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(trimmed)?.[1]?.toLowerCase();
  if (scheme !== undefined) {
    if (EXTERNAL.has(scheme)) return { target: { external: trimmed }, fragment: null };
    if (scheme === 'data' && tag === 'img') return { target: { external: trimmed }, fragment: null };
    // A claim page picture's numbers, a CSV carried in its download link (download.ts): it must decode.
    if (scheme === 'data' && tag === 'a' && trimmed.startsWith('data:text/csv;charset=utf-8,'))
      return { target: csvData(trimmed), fragment: null };
    return { target: { broken: `scheme "${scheme}:" is not allowed` }, fragment: null };
  }
  if (trimmed.startsWith('//')) return { target: { external: trimmed }, fragment: null };
  const url = new URL(trimmed, `${BASE}${fromUrl}`);
  let fragment: string | null = null;
  let path: string;
  try {
    fragment = url.hash.length > 1 ? decodeURIComponent(url.hash.slice(1)) : null;
    path = decodeURIComponent(url.pathname);
  } catch {
    return { target: { broken: 'undecodable percent-encoding' }, fragment };
  }
  // Every internal URL is under the base path the site was built for (`/` at the root).
  const base = sitePrefix();
  if (!path.startsWith(base)) return { target: { broken: `outside the base path ${base}` }, fragment };
  const relativePath = path.slice(base.length);
  if (path.endsWith('/')) {
    const index = `${relativePath}index.html`;
    return existsSync(join(distDir(), index))
      ? { target: { file: index }, fragment }
      : { target: { broken: `no ${index}` }, fragment };
  }
  const full = join(distDir(), relativePath);
  if (!existsSync(full)) return { target: { broken: `no file ${relativePath}` }, fragment };
  if (statSync(full).isDirectory()) {
    return { target: { broken: `folder without its trailing slash (write ${path}/)` }, fragment };
  }
  return { target: { file: relativePath }, fragment };
}

/** Whether an element fetches its URL when the page loads (rather than only linking to it). */
const fetches = (tag: string, rel: string): boolean =>
  tag === 'link'
    ? rel
        .toLowerCase()
        .split(/\s+/)
        .some((r) => FETCHING_RELS.has(r))
    : !['a', 'area', 'form'].includes(tag);

test('every internal link and anchor of every page resolves', () => {
  const site = parsedSite();
  const broken: string[] = [];
  let checked = 0;

  for (const [file, { ids }] of site) {
    const seen = new Set<string>();
    for (const id of ids) {
      if (seen.has(id)) broken.push(`${urlOfFile(file)}: id "${id}" is used more than once`);
      seen.add(id);
    }
  }

  for (const [file, { refs }] of site) {
    const fromUrl = urlOfFile(file);
    for (const { tag, attr, value } of refs) {
      if (value.trim() === '') continue;
      const where = `${fromUrl}: <${tag} ${attr}="${value}">`;
      // The not-found page is served at every missing path, so only root-relative links work there.
      if (file === '404.html' && !/^([a-z][a-z0-9+.-]*:|\/|#)/i.test(value.trim())) {
        broken.push(`${where}: relative link on the not-found page (it is served at any path)`);
        continue;
      }
      const { target, fragment } = resolveRef(fromUrl, value, tag);
      if ('external' in target) continue;
      checked += 1;
      if ('broken' in target) {
        broken.push(`${where}: ${target.broken}`);
        continue;
      }
      // An empty fragment and "#top" go to the top of any page.
      if (fragment === null || fragment === 'top') continue;
      const targetPage = site.get(target.file);
      if (targetPage === undefined) continue; // JSON, CSS and the like have no ids
      if (!targetPage.ids.includes(fragment))
        broken.push(`${where}: ${urlOfFile(target.file)} has no id "${fragment}"`);
    }
  }

  // Stylesheets: every url() names a file of the site (the KaTeX fonts among them).
  for (const css of listFiles(distDir()).filter((f) => f.endsWith('.css'))) {
    for (const match of readSiteFile(css).matchAll(/url\(\s*(['"]?)([^'")]+)\1\s*\)/g)) {
      const value = match[2]!;
      if (value.startsWith('data:') || value.startsWith('#')) continue;
      const { target } = resolveRef(urlOfFile(css), value, 'css');
      checked += 1;
      if ('broken' in target) broken.push(`${urlOfFile(css)}: url(${value}): ${target.broken}`);
      if ('external' in target) broken.push(`${urlOfFile(css)}: url(${value}): loads from another origin`);
    }
  }

  expect(checked, 'the link check found internal links to check').toBeGreaterThan(0);
  const unique = [...new Set(broken)];
  expect(unique, `${unique.length} broken links or anchors in ${site.size} pages`).toEqual([]);
});

test('no page names a script, stylesheet, font or image on another origin', () => {
  const foreign: string[] = [];
  for (const [file, { refs }] of parsedSite()) {
    for (const { tag, attr, value, rel } of refs) {
      if (!fetches(tag, rel)) continue;
      const { target } = resolveRef(urlOfFile(file), value, tag);
      if ('external' in target && !target.external.startsWith('data:')) {
        foreign.push(`${urlOfFile(file)}: <${tag} ${attr}="${value}">`);
      }
    }
  }
  expect(foreign).toEqual([]);
});

test('no formula on any page failed to render', () => {
  const failures = [...parsedSite()].flatMap(([file, { katexErrors }]) =>
    katexErrors > 0 ? [`${urlOfFile(file)}: ${katexErrors} .katex-error`] : [],
  );
  expect(failures).toEqual([]);
});
