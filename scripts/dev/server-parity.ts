/**
 * The server check's parity part (scripts/server-check.ts): what a reader or a crawler used on the
 * static site works alike on the server. The server's sitemap lists every address the static
 * sitemap lists (in files within the protocol's limits); responses asked for gzip or Brotli come
 * compressed, decompress to the static build's bytes, carry `Vary` and an ETag of their own that a
 * 304 honours per coding; every address form gives the status the static host gives
 * (tests/support/static-server.ts, which stands for it); feeds, trace.json, 404s and a malformed
 * `If-None-Match` are answered as they should be; and search finds the same first result.
 */
import { readFileSync } from 'node:fs';
import { get, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { createStaticServer } from '../../tests/support/static-server.ts';
import { searchFirstResults } from './server-search.ts';

/** A raw answer: status, headers and the bytes as sent (never decompressed by the client). */
interface Raw {
  readonly status: number;
  readonly headers: IncomingHttpHeaders;
  readonly body: Buffer;
}

/** GET (or HEAD) `url` with `headers`, keeping the bytes as they came. */
function raw(url: string, headers: Record<string, string> = {}, method = 'GET'): Promise<Raw> {
  return new Promise((done, reject) => {
    get(url, { headers, method }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => done({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
    }).on('error', reject);
  });
}

/** The addresses of the sitemap index under `prefix` and every file it names, read with `read` (a path from the root). */
async function sitemapUrls(
  prefix: string,
  read: (path: string) => Promise<string>,
  fail: (what: string) => void,
): Promise<Set<string>> {
  const urls = new Set<string>();
  const index = await read(`${prefix}sitemap-index.xml`);
  for (const [, loc] of index.matchAll(/<loc>([^<]+)<\/loc>/g)) {
    const file = await read(new URL(loc!.replaceAll('&amp;', '&')).pathname);
    const listed = [...file.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]!.replaceAll('&amp;', '&'));
    if (listed.length > 50_000 || Buffer.byteLength(file) > 50 * 1024 * 1024)
      fail(`${loc}: ${listed.length} addresses, ${Buffer.byteLength(file)} bytes, past the sitemap protocol's limits`);
    for (const url of listed) urls.add(url);
  }
  return urls;
}

/** Runs the checks against the server at `origin` (with its base) and the static build in `staticDir`. */
export async function parityChecks(
  origin: string,
  staticDir: string,
  slug: string,
  models: readonly string[],
  fail: (what: string) => void,
): Promise<void> {
  const prefix = new URL(origin).pathname.replace(/\/?$/, '/');
  const fromRoot = (path: string): string => `${new URL(origin).origin}${path}`;

  // The sitemap: every claim address of the static sitemap, from the server's sitemap index.
  const staticUrls = await sitemapUrls(
    prefix,
    (path) => Promise.resolve(readFileSync(join(staticDir, path.slice(prefix.length - 1)), 'utf8')),
    fail,
  );
  const serverUrls = await sitemapUrls(prefix, async (path) => (await raw(fromRoot(path))).body.toString('utf8'), fail);
  const claimUrls = [...staticUrls].filter((url) => new URL(url).pathname.startsWith(`${prefix}claims/`));
  if (claimUrls.length < 3)
    fail(`the static sitemap lists ${claimUrls.length} claim addresses: the check would prove little`);
  // Pages a server renders on request: the claims' and the later listing and compare pages.
  for (const later of [/^browse\/.+\/[0-9]+\/$/, /^compare\/.+\/[0-9]+\/$/])
    if (![...staticUrls].some((url) => later.test(new URL(url).pathname.slice(prefix.length))))
      fail(`the static sitemap lists no address like ${later.source}: build it with a small LEDGER_PAGE_SIZE`);
  const missing = [...staticUrls].filter((url) => !serverUrls.has(url));
  if (missing.length > 0)
    fail(`the server's sitemap leaves out ${missing.length} addresses the static one lists, such as ${missing[0]}`);

  // Compression: prerendered files and pages rendered on request, in each coding a client asks for.
  const staticBytes = (path: string): Buffer =>
    readFileSync(join(staticDir, path.endsWith('/') ? `${path}index.html` : path));
  const [model, other] = [models[0]!, models[1] ?? models[0]!];
  const compressed = ['/', `/claims/${slug}/`, `/claims/${slug}/${other}/`, `/claims/${slug}/trace.json`];
  compressed.push(`/models/${model}/`, '/data/scores.json', '/feeds/changes.xml', '/models/');
  for (const path of compressed) {
    const plain = await raw(origin + path, { 'Accept-Encoding': 'identity' });
    if (plain.headers['content-encoding'] !== undefined || !plain.body.equals(staticBytes(path)))
      fail(`${path}: uncompressed, not byte for byte the static build's`);
    for (const [asked, coding] of [
      ['gzip', 'gzip'],
      ['br', 'br'],
      ['gzip, deflate, br, zstd', 'br'],
    ] as const) {
      const got = await raw(origin + path, { 'Accept-Encoding': asked });
      const where = `${path} with Accept-Encoding: ${asked}`;
      if (got.headers['content-encoding'] !== coding) {
        fail(`${where}: Content-Encoding ${got.headers['content-encoding']}, not ${coding}`);
        continue;
      }
      const bytes = coding === 'br' ? brotliDecompressSync(got.body) : gunzipSync(got.body);
      if (!bytes.equals(staticBytes(path))) fail(`${where}: does not decompress to the static build's bytes`);
      if (!/accept-encoding/i.test(got.headers.vary ?? '')) fail(`${where}: no Vary: Accept-Encoding`);
      if (Number(got.headers['content-length']) !== got.body.length) fail(`${where}: no Content-Length of its bytes`);
      const etag = got.headers.etag ?? '';
      if (etag === '' || etag === plain.headers.etag) fail(`${where}: ETag ${etag}, not one of its own coding`);
      const again = await raw(origin + path, { 'Accept-Encoding': asked, 'If-None-Match': etag });
      if (again.status !== 304) fail(`${where}: If-None-Match with its ETag gave ${again.status}, not 304`);
      const otherCoding = await raw(origin + path, { 'Accept-Encoding': 'identity', 'If-None-Match': etag });
      if (otherCoding.status !== 200)
        fail(`${path}: the ${coding} ETag gave ${otherCoding.status} uncompressed, not 200`);
    }
  }

  // Every address form a static host answers, given the static host's status (and page).
  const statics = createStaticServer(staticDir, prefix);
  await new Promise<void>((done) => statics.listen(0, '127.0.0.1', done));
  const staticOrigin = `http://127.0.0.1:${(statics.address() as AddressInfo).port}${prefix.slice(0, -1)}`;
  try {
    const forms = [
      `/claims/${slug}`,
      `/claims/${slug}/${other}`,
      `/claims/${slug}/${other.replace('@', '%40')}/`,
      `/claims/${slug}/${other.replace('@', '%40')}`,
      `/claims/${slug}/index.html`,
      `/claims/${slug}/${other}/index.html`,
      `/claims/${slug}/history`,
      `/claims/${slug}/history/index.html`,
      `/claims/${slug}/${other.replace('@', '%40')}/trace.json`,
      `/models/${other}`,
      `/models/${other.replace('@', '%40')}/`,
      '/models/index.html',
      '/claims/no-such-claim',
      `/claims/${slug}/no-such-model`,
      `/claims/${slug}/no-such-model@1.0.0`,
      `/claims/${slug}/${other}/trace.json/index.html`,
    ];
    for (const path of forms) {
      const [want, got] = [await raw(staticOrigin + path), await raw(origin + path)];
      if (want.status !== got.status) fail(`${path}: status ${got.status}, where the static host gives ${want.status}`);
      else if (
        want.status === 301 &&
        decodeURIComponent(got.headers.location ?? '') !== decodeURIComponent(want.headers.location ?? '')
      )
        fail(`${path}: redirected to ${got.headers.location}, where the static host says ${want.headers.location}`);
      else if (want.status === 200 && !want.body.equals(got.body)) fail(`${path}: not the static host's bytes`);
    }
    // Search: the same first result for the same query, in a real browser on each site.
    const [staticFirst = new Map<string, string>(), serverFirst = new Map<string, string>()] = await searchFirstResults(
      [staticOrigin, origin],
      staticDir,
    );
    for (const [query, first] of staticFirst) {
      if (serverFirst.get(query) !== first)
        fail(`search for "${query}": first result ${serverFirst.get(query)}, where the static site gives ${first}`);
    }
  } finally {
    statics.close();
  }

  // The smaller things: feeds' type, trace.json's length, a 404's caching, a malformed If-None-Match.
  const feed = await raw(`${origin}/feeds/changes.xml`);
  if (!feed.headers['content-type']?.startsWith('application/atom+xml'))
    fail(`/feeds/changes.xml: Content-Type ${feed.headers['content-type']}, not application/atom+xml`);
  const trace = await raw(`${origin}/claims/${slug}/${other}/trace.json`, { 'Accept-Encoding': 'identity' });
  if (Number(trace.headers['content-length']) !== trace.body.length)
    fail('trace.json: sent without its Content-Length');
  const notFound = await raw(`${origin}/claims/no-such-claim/`);
  if (notFound.status !== 404 || !notFound.headers['cache-control'])
    fail(`/claims/no-such-claim/: status ${notFound.status}, Cache-Control ${notFound.headers['cache-control']}`);
  for (const path of ['/', `/claims/${slug}/`]) {
    const { etag } = (await raw(origin + path)).headers;
    const doubled = await raw(origin + path, { 'If-None-Match': `W/W/${etag}` });
    if (doubled.status !== 200) fail(`${path}: If-None-Match W/W/${etag} gave ${doubled.status}, not 200`);
  }
}
