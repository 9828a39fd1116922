/**
 * The link check: every internal link, script, stylesheet and image of every built page resolves
 * to a file of the site, and every `#fragment` names an element of the page it points into.
 * Pages are read from disk and parsed with the browser's DOMParser; nothing is served.
 */
import { existsSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { distDir } from '../support/e2e-env.ts';
import { htmlFiles, listFiles, parsePages, readSiteFile, urlOfFile, type ParsedPage } from '../support/e2e-site.ts';

const BASE = 'http://site.invalid';
/** Schemes a page may link to without the link check following them. */
const EXTERNAL = new Set(['http:', 'https:', 'mailto:', 'tel:']);

type Target = { file: string } | { broken: string } | { external: true };

/** Maps a reference on a page to the built file it names. */
function resolveRef(fromUrl: string, value: string, tag: string): { target: Target; fragment: string | null } {
  const trimmed = value.trim();
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(trimmed)?.[1]?.toLowerCase();
  if (scheme !== undefined) {
    if (EXTERNAL.has(`${scheme}:`)) return { target: { external: true }, fragment: null };
    if (scheme === 'data' && tag === 'img') return { target: { external: true }, fragment: null };
    return { target: { broken: `scheme "${scheme}:" is not allowed` }, fragment: null };
  }
  if (trimmed.startsWith('//')) return { target: { external: true }, fragment: null };
  const url = new URL(trimmed, `${BASE}${fromUrl}`);
  const fragment = url.hash.length > 1 ? decodeURIComponent(url.hash.slice(1)) : null;
  let path: string;
  try {
    path = decodeURIComponent(url.pathname);
  } catch {
    return { target: { broken: 'undecodable path' }, fragment };
  }
  const relativePath = path.replace(/^\/+/, '');
  const full = join(distDir(), relativePath);
  if (path.endsWith('/')) {
    const index = `${relativePath}index.html`;
    return existsSync(join(distDir(), index))
      ? { target: { file: index }, fragment }
      : { target: { broken: `no ${index}` }, fragment };
  }
  if (!existsSync(full)) return { target: { broken: `no file ${relativePath}` }, fragment };
  if (statSync(full).isDirectory()) {
    return { target: { broken: `folder without its trailing slash (write ${path}/)` }, fragment };
  }
  return { target: { file: relativePath }, fragment };
}

test('every internal link and anchor of every page resolves', async ({ page }) => {
  test.setTimeout(120_000);
  const files = htmlFiles();
  const parsed = await parsePages(
    page,
    files.map((f) => readSiteFile(f)),
  );
  const byFile = new Map<string, ParsedPage>(files.map((f, i) => [f, parsed[i]!]));
  const broken: string[] = [];
  let checked = 0;

  // Ids repeated on one page make fragments ambiguous.
  for (const [file, { ids }] of byFile) {
    const seen = new Set<string>();
    for (const id of ids) {
      if (seen.has(id)) broken.push(`${urlOfFile(file)}: id "${id}" is used more than once`);
      seen.add(id);
    }
  }

  for (const [file, { refs }] of byFile) {
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
      if (fragment === null || fragment === 'top') continue;
      const targetPage = byFile.get(target.file);
      if (targetPage === undefined) continue; // fragments of JSON, CSS and the like are not ids
      if (!targetPage.ids.includes(fragment))
        broken.push(`${where}: ${urlOfFile(target.file)} has no id "${fragment}"`);
    }
  }

  // Stylesheets: every url() names a file of the site (the KaTeX fonts among them).
  for (const css of listFiles(distDir()).filter((f) => f.endsWith('.css'))) {
    const text = readSiteFile(css);
    for (const match of text.matchAll(/url\(\s*(['"]?)([^'")]+)\1\s*\)/g)) {
      const value = match[2]!;
      if (value.startsWith('data:') || value.startsWith('#')) continue;
      const { target } = resolveRef(`/${css}`, value, 'css');
      checked += 1;
      if ('broken' in target) broken.push(`/${css}: url(${value}): ${target.broken}`);
    }
  }

  expect(checked, 'the link check found internal links to check').toBeGreaterThan(0);
  const unique = [...new Set(broken)];
  expect(unique, `${unique.length} broken links or anchors in ${files.length} pages`).toEqual([]);
});

test('every built page parses, and no formula failed to render', async ({ page }) => {
  const files = htmlFiles();
  const parsed = await parsePages(
    page,
    files.map((f) => readSiteFile(f)),
  );
  const failures = files.flatMap((f, i) =>
    parsed[i]!.katexErrors > 0 ? [`${urlOfFile(f)}: ${parsed[i]!.katexErrors} .katex-error`] : [],
  );
  expect(failures).toEqual([]);
});
