/**
 * A server build's sitemap of the pages it renders on request: the claim pages are rows of the
 * trace store, not files, and so are the later pages of the listing and of compare, so the sitemap
 * Astro writes (every prerendered page, `sitemap-0.xml`) leaves them out. These are listed from the
 * store, as the static sitemap lists them (`/claims/<slug>/`, `/claims/<slug>/<model>/` under every
 * model but the default, whose page names `/claims/<slug>/` as canonical, `/claims/<slug>/history/`,
 * `/browse/<type>/<state>/<sort>/<n>/` and `/compare/<a>/<b>/<n>/` from page 2), in files of at most
 * 50,000 addresses and 50 MB (the protocol's limits), which the sitemap index then names after
 * Astro's own.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { SORTS, stateChoices, typeChoices } from '../../listing/browse.ts';
import { listingPageExists, type ListingCount } from '../../listing/stored.ts';
import { comparePageExists, type CompareCount } from '../../model/comparePages.ts';

/** The protocol's limits for one sitemap file (sitemaps.org): addresses, and bytes uncompressed. */
export const SITEMAP_LIMITS = { urls: 50_000, bytes: 50 * 1024 * 1024 } as const;

/** The index Astro's sitemap integration writes, which names every sitemap file. */
const INDEX = 'sitemap-index.xml';

const HEAD = '<?xml version="1.0" encoding="UTF-8"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">';
const TAIL = '</urlset>';

/** `text` with XML's five special characters escaped. */
const xml = (text: string): string =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c]!);

/** What the claim sitemaps list: every claim, the models in the pages' order, which claims have a history page. */
export interface ClaimSitemapInput {
  readonly slugs: Iterable<string>;
  /** The released models' ids, the default first (its address is not listed). */
  readonly models: readonly string[];
  readonly hasHistory: (slug: string) => boolean;
  /** The later pages of the listing and of compare (laterPagePaths), listed after the claims. */
  readonly later?: Iterable<string>;
}

/** Every claim address the static sitemap lists, as paths from the site's root (no leading slash). */
export function* claimPaths({ slugs, models, hasHistory }: ClaimSitemapInput): Generator<string> {
  for (const slug of slugs) {
    yield `claims/${slug}/`;
    if (hasHistory(slug)) yield `claims/${slug}/history/`;
    for (const model of models.slice(1)) yield `claims/${slug}/${model}/`;
  }
}

/**
 * The later pages (2 onwards) a server renders on request, as paths from the site's root: of every
 * listing combination whose claims fill more than one page of `size`, by the store's counts, and
 * of every compared pair likewise.
 */
export function* laterPagePaths(
  listing: readonly ListingCount[],
  compare: readonly CompareCount[],
  size: number,
): Generator<string> {
  // Only the states present matter here: a state with no claims has no page 2.
  for (const { value: type } of typeChoices(listing))
    for (const { value: state } of stateChoices(listing, []))
      for (const sort of SORTS)
        for (let page = 2; listingPageExists(listing, [], { type, state, sort }, page, size); page++)
          yield `browse/${type}/${state}/${sort}/${page}/`;
  for (const { a, b } of compare)
    for (let page = 2; comparePageExists(compare, a, b, page, size); page++) yield `compare/${a}/${b}/${page}/`;
}

/**
 * The files of `paths` under `prefix` (the site's address with its base, ending in `/`): each
 * `<urlset>` of at most `limits.urls` addresses and `limits.bytes` bytes.
 */
export function* sitemapFiles(
  prefix: string,
  paths: Iterable<string>,
  limits: { readonly urls: number; readonly bytes: number } = SITEMAP_LIMITS,
): Generator<string> {
  let entries: string[] = [];
  let bytes = HEAD.length + TAIL.length;
  for (const path of paths) {
    const entry = `<url><loc>${xml(prefix + path)}</loc></url>`;
    const size = Buffer.byteLength(entry);
    if (entries.length > 0 && (entries.length === limits.urls || bytes + size > limits.bytes)) {
      yield HEAD + entries.join('') + TAIL;
      entries = [];
      bytes = HEAD.length + TAIL.length;
    }
    entries.push(entry);
    bytes += size;
  }
  if (entries.length > 0) yield HEAD + entries.join('') + TAIL;
}

/**
 * Writes `sitemap-claims-<n>.xml` into `clientDir` for every claim of `input` and adds each to the
 * sitemap index Astro wrote there; returns how many addresses and files.
 */
export function writeClaimSitemaps(clientDir: string, input: ClaimSitemapInput): { urls: number; files: number } {
  const indexFile = join(clientDir, INDEX);
  const index = readFileSync(indexFile, 'utf8');
  // Astro's index names its own files at the site's address and base: the claims' are named alike.
  const prefix = /<loc>([^<]*\/)sitemap-0\.xml<\/loc>/.exec(index)?.[1];
  if (prefix === undefined) throw new Error(`${INDEX} names no sitemap-0.xml`);
  const unescaped = prefix.replace(/&(amp|lt|gt|quot|apos);/g, (_, name: string) =>
    name === 'amp' ? '&' : name === 'lt' ? '<' : name === 'gt' ? '>' : name === 'quot' ? '"' : "'",
  );
  let urls = 0;
  const names: string[] = [];
  const counted = (function* () {
    for (const path of claimPaths(input)) {
      urls += 1;
      yield path;
    }
    for (const path of input.later ?? []) {
      urls += 1;
      yield path;
    }
  })();
  for (const file of sitemapFiles(unescaped, counted)) {
    const name = `sitemap-claims-${names.length}.xml`;
    writeFileSync(join(clientDir, name), file);
    names.push(name);
  }
  const added = names.map((name) => `<sitemap><loc>${prefix}${name}</loc></sitemap>`).join('');
  writeFileSync(indexFile, index.replace('</sitemapindex>', `${added}</sitemapindex>`));
  return { urls, files: names.length };
}
