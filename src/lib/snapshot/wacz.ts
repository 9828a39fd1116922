/**
 * A WACZ (Web Archive Collection Zipped, specification 1.1.1) of the built site, as a crawler of
 * its public address would have captured it: one WARC `response` record per file (warcio.js),
 * each gzipped on its own in `archive/data.warc.gz`; a CDXJ index sorted by SURT; the HTML pages
 * in `pages/pages.jsonl`; `datapackage.json` with every resource's SHA-256 and size; and
 * `datapackage-digest.json`. Every timestamp is the build's date, and record ids are derived from
 * the URL, so the same site always gives the same bytes.
 */
import { createHash } from 'node:crypto';
import { getSurt, WARCRecord, WARCSerializer } from 'warcio';
import { byBytes } from '../input/folderWalk.ts';
import { sha256Digits } from './manifest.ts';
import { contentType } from './mime.ts';
import { decodeEntities } from './rewriteHtml.ts';
import { makeZip } from './zip.ts';

/** The WACZ version this writer follows. */
export const WACZ_VERSION = '1.1.1';
/** Where the records are, inside the WACZ. */
export const WARC_PATH = 'archive/data.warc.gz';
export const INDEX_PATH = 'indexes/index.cdx';
export const PAGES_PATH = 'pages/pages.jsonl';

/** What the WACZ says about itself. */
export interface WaczInfo {
  /** The site's public address (`https://claim-ledger.example.org`); records are filed under it. */
  readonly origin: string;
  /** The build's date, `YYYY-MM-DD`: the capture time of every record. */
  readonly date: string;
  readonly title: string;
  /** Markdown. */
  readonly description: string;
  readonly software: string;
  /** Called after each record, for progress on long runs. */
  readonly progress?: (done: number, total: number) => void;
}

/** A made WACZ. */
export interface Wacz {
  readonly bytes: Uint8Array;
  readonly records: number;
  readonly pages: number;
}

/** The URL a file of the site is served at: `x/index.html` at `x/`, under the origin's path if it has one. */
export function siteUrl(origin: string, path: string): string {
  const served = path === 'index.html' ? '' : path.endsWith('/index.html') ? path.slice(0, -'index.html'.length) : path;
  // Relative to the origin (which may end in a base path such as /ledger), so the base is kept.
  return new URL(`./${served}`, `${origin.replace(/\/+$/, '')}/`).href;
}

/** An RFC 3339 time for a date: its midnight, UTC. */
export const captureTime = (date: string): string => `${date}T00:00:00Z`;

/** The 14-digit CDX timestamp of a date. */
export const cdxTimestamp = (date: string): string => `${date.replaceAll('-', '')}000000`;

/** A record id made from a name, in UUID form (version 8: a custom, here SHA-256, derivation). */
export function recordId(name: string): string {
  const hex = createHash('sha256').update(name).digest('hex').slice(0, 32).split('');
  hex[12] = '8';
  hex[16] = ((parseInt(hex[16]!, 16) & 0x3) | 0x8).toString(16);
  const h = hex.join('');
  return `<urn:uuid:${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}>`;
}

/** A page's `<title>` text (entities decoded), or null. */
export function htmlTitle(html: string): string | null {
  const match = /<title(?:\s[^>]*)?>([\s\S]*?)<\/title\s*>/i.exec(html);
  if (!match) return null;
  const text = decodeEntities(match[1]!).replace(/\s+/g, ' ').trim();
  return text === '' ? null : text;
}

const encoder = new TextEncoder();

/** Makes the WACZ of a site's files (as built, with root-relative links, served at `info.origin`). */
export async function makeWacz(site: ReadonlyMap<string, Uint8Array>, info: WaczInfo): Promise<Wacz> {
  const paths = [...site.keys()].sort(byBytes);
  const when = captureTime(info.date);
  const chunks: Uint8Array[] = [];
  let offset = 0;
  const append = (bytes: Uint8Array): { offset: number; length: number } => {
    chunks.push(bytes);
    offset += bytes.length;
    return { offset: offset - bytes.length, length: bytes.length };
  };

  const warcinfo = WARCRecord.createWARCInfo(
    {
      filename: 'data.warc.gz',
      date: when,
      warcVersion: 'WARC/1.1',
      warcHeaders: { 'WARC-Record-ID': recordId(`warcinfo ${info.origin} ${when}`) },
    },
    {
      software: info.software,
      format: 'WARC File Format 1.1',
      conformsTo: 'https://iipc.github.io/warc-specifications/specifications/warc-format/warc-1.1/',
      isPartOf: info.title,
    },
  );
  append(await WARCSerializer.serialize(warcinfo, { gzip: true, preferPako: true }));

  const index: string[] = [];
  const pages: { url: string; line: string }[] = [];
  for (const [i, path] of paths.entries()) {
    const body = site.get(path)!;
    const url = siteUrl(info.origin, path);
    const type = contentType(path);
    const record = WARCRecord.create(
      {
        url,
        date: when,
        type: 'response',
        warcVersion: 'WARC/1.1',
        warcHeaders: { 'WARC-Record-ID': recordId(`response ${url} ${when}`) },
        httpHeaders: { 'Content-Type': type, 'Content-Length': String(body.length) },
      },
      [body],
    );
    // Pako, not the platform's CompressionStream, so that the gzip bytes do not depend on the zlib it was built with.
    const serialized = await WARCSerializer.serialize(record, { gzip: true, preferPako: true });
    const at = append(serialized);
    const cdx = {
      url,
      mime: type.split(';')[0]!,
      status: '200',
      digest: record.warcPayloadDigest ?? `sha256:${sha256Digits(body)}`,
      length: String(at.length),
      offset: String(at.offset),
      filename: 'data.warc.gz',
    };
    index.push(`${getSurt(url)} ${cdxTimestamp(info.date)} ${JSON.stringify(cdx)}`);
    if (type.startsWith('text/html')) {
      const title = htmlTitle(new TextDecoder().decode(body)) ?? url;
      pages.push({
        url,
        line: JSON.stringify({ id: sha256Digits(encoder.encode(url)).slice(0, 16), url, ts: when, title }),
      });
    }
    info.progress?.(i + 1, paths.length);
  }

  const warc = concat(chunks, offset);
  const cdxj = encoder.encode(
    index
      .sort(byBytes)
      .map((line) => `${line}\n`)
      .join(''),
  );
  const pagesJsonl = encoder.encode(
    [
      JSON.stringify({ format: 'json-pages-1.0', id: 'pages', title: info.title }),
      // By URL, so the home page comes first.
      ...pages.sort((a, b) => byBytes(a.url, b.url)).map((page) => page.line),
    ]
      .map((line) => `${line}\n`)
      .join(''),
  );
  const resources = [
    { path: WARC_PATH, bytes: warc },
    { path: INDEX_PATH, bytes: cdxj },
    { path: PAGES_PATH, bytes: pagesJsonl },
  ];
  const datapackage = {
    profile: 'data-package',
    wacz_version: WACZ_VERSION,
    title: info.title,
    description: info.description,
    created: when,
    modified: when,
    software: info.software,
    mainPageUrl: siteUrl(info.origin, 'index.html'),
    mainPageDate: when,
    resources: resources.map(({ path, bytes }) => ({
      name: path.slice(path.lastIndexOf('/') + 1),
      path,
      hash: `sha256:${sha256Digits(bytes)}`,
      bytes: bytes.length,
    })),
  };
  const datapackageBytes = encoder.encode(`${JSON.stringify(datapackage, null, 2)}\n`);
  const digest = { path: 'datapackage.json', hash: `sha256:${sha256Digits(datapackageBytes)}` };
  const bytes = makeZip(
    [
      ...resources.map(({ path, bytes: content }) => ({ path, bytes: content, store: path.startsWith('archive/') })),
      { path: 'datapackage.json', bytes: datapackageBytes },
      { path: 'datapackage-digest.json', bytes: encoder.encode(`${JSON.stringify(digest, null, 2)}\n`) },
    ],
    info.date,
  );
  return { bytes, records: paths.length, pages: pages.length };
}

function concat(chunks: readonly Uint8Array[], length: number): Uint8Array {
  const out = new Uint8Array(length);
  let at = 0;
  for (const chunk of chunks) {
    out.set(chunk, at);
    at += chunk.length;
  }
  return out;
}
