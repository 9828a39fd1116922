/**
 * A server build's prerendered files, compressed once: every text file under `client/` gets a
 * Brotli (`.br`) and a gzip (`.gz`) copy beside it when that is smaller, at the codings' best
 * settings (a build can afford what a request cannot), and the manifest the workers serve them by
 * (staticFiles.js): each file's content type, length, strong ETag and which copies it has.
 */
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { extname, join } from 'node:path';
import { availableParallelism } from 'node:os';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { SUFFIX } from './encoding.js';

/** The manifest's file, beside `client/` (staticFiles.js reads it). */
export { STATIC_MANIFEST } from './staticFiles.js';

/** One prerendered file as the workers serve it. */
export interface StaticFile {
  readonly type: string;
  readonly size: number;
  readonly etag: string;
  /** The codings with a smaller copy beside the file, and that copy's length. */
  readonly br?: number;
  readonly gzip?: number;
}

/** Content types by extension; an Atom feed (under `feeds/`) is told apart by typeOf. */
const TYPES: Readonly<Record<string, string>> = {
  '.html': 'text/html; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.md': 'text/markdown; charset=utf-8',
  '.csv': 'text/csv; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
  '.webmanifest': 'application/manifest+json',
  '.svg': 'image/svg+xml',
  '.py': 'text/x-python; charset=utf-8',
  '.yaml': 'text/yaml; charset=utf-8',
  '.wasm': 'application/wasm',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
  '.ttf': 'font/ttf',
  '.zip': 'application/zip',
  '.gz': 'application/gzip',
  '.warc': 'application/warc',
};

/**
 * Files up to this size get Brotli's best quality (11); larger ones, the data downloads of a large
 * site (`data/scores.json` is 95 MB at 20,000 claims), quality 6. Quality 11 compresses about 0.4
 * MB a second, so those few files alone took over 9 minutes of a 20,000-claim server build; quality
 * 6 took 1.2 s for the 70 MB `data/claims.json`, into 7.2 MB against 5.3 MB at quality 11.
 */
const BEST_QUALITY_UP_TO = 1024 * 1024;
const LARGE_FILE_QUALITY = 6;

/** Types worth compressing: text (Pagefind's index files and fonts, images, archives already are). */
const COMPRESSIBLE = /^(?:text\/|application\/(?:json|xml|atom\+xml|manifest\+json|wasm)|image\/svg)/;

/** The content type of a file at `path` (from the client folder, with a leading slash). */
export function typeOf(path: string): string {
  if (/^\/feeds\/[^/]+\.xml$/.test(path)) return 'application/atom+xml; charset=utf-8';
  return TYPES[extname(path).toLowerCase()] ?? 'application/octet-stream';
}

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

/** A strong ETag of some bytes: 27 characters of their SHA-256. */
const etagOfBytes = (bytes: Buffer): string =>
  `"${createHash('sha256').update(bytes).digest('base64url').slice(0, 27)}"`;

/** Every file under `dir` (a fresh build's), as paths from it with a leading slash. */
function filesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name).slice(dir.length).replaceAll('\\', '/'));
}

/** The bytes a file is sent in for each coding, compressed off this thread (zlib's thread pool). */
async function compressed(bytes: Buffer): Promise<{ br: Buffer; gzip: Buffer }> {
  const quality = bytes.length <= BEST_QUALITY_UP_TO ? constants.BROTLI_MAX_QUALITY : LARGE_FILE_QUALITY;
  const [br, gzip] = await Promise.all([
    brotli(bytes, {
      params: { [constants.BROTLI_PARAM_QUALITY]: quality, [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length },
    }),
    gzipped(bytes, { level: constants.Z_BEST_COMPRESSION }),
  ]);
  return { br, gzip };
}

/** How many files were compressed, and their bytes before and after (Brotli). */
export interface Compressed {
  readonly files: number;
  readonly before: number;
  readonly after: number;
}

/** Compresses `paths` (under `clientDir`) on as many lanes as there are cores; their entries, in that order. */
async function compressEach(
  clientDir: string,
  paths: readonly string[],
  totals: { files: number; before: number; after: number },
): Promise<StaticFile[]> {
  const entries: StaticFile[] = new Array<StaticFile>(paths.length);
  let next = 0;
  const one = async (path: string): Promise<StaticFile> => {
    const bytes = readFileSync(join(clientDir, path));
    const type = typeOf(path);
    const entry: { -readonly [K in keyof StaticFile]: StaticFile[K] } = {
      type,
      size: bytes.length,
      etag: etagOfBytes(bytes),
    };
    if (!COMPRESSIBLE.test(type) || bytes.length === 0) return entry;
    const { br, gzip } = await compressed(bytes);
    if (br.length < bytes.length) {
      writeFileSync(join(clientDir, `${path}.${SUFFIX.br}`), br);
      entry.br = br.length;
    }
    if (gzip.length < bytes.length) {
      writeFileSync(join(clientDir, `${path}.${SUFFIX.gzip}`), gzip);
      entry.gzip = gzip.length;
    }
    totals.files += 1;
    totals.before += bytes.length;
    totals.after += entry.br ?? bytes.length;
    return entry;
  };
  const lane = async (): Promise<void> => {
    while (next < paths.length) {
      const at = next++;
      entries[at] = await one(paths[at]!);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, availableParallelism()) }, lane));
  return entries;
}

/**
 * Compresses every text file under `clientDir` and writes the manifest to `manifestFile`; returns
 * how many files it compressed and the bytes before and after (Brotli), or what `alongside` failed
 * with. The files are compressed on zlib's thread pool, as many at a time as there are cores: at
 * Brotli's best quality a server build's few hundred files took half a minute of one core (3,000
 * claims), after Astro had ended. `alongside`, when given, writes the files of one more folder of
 * `clientDir` (Pagefind's bundle) while the rest are compressed, on the cores it leaves idle; that
 * folder's files are compressed once it is done, and listed after the others.
 */
export async function precompress<Failure>(
  clientDir: string,
  manifestFile: string,
  alongside?: { readonly folder: string; readonly run: () => Promise<Failure | null> },
): Promise<Compressed | { failed: Failure }> {
  const totals = { files: 0, before: 0, after: 0 };
  const paths = filesUnder(clientDir);
  const compressing = compressEach(clientDir, paths, totals);
  // Both waited for whatever happens to either, so that nothing is still writing when this returns.
  const [ran, done] = await Promise.allSettled([alongside?.run() ?? Promise.resolve(null), compressing]);
  if (ran.status === 'rejected') throw ran.reason;
  if (done.status === 'rejected') throw done.reason;
  const [failure, entries] = [ran.value, done.value];
  if (failure !== null) return { failed: failure };
  const later =
    alongside === undefined ? [] : filesUnder(join(clientDir, alongside.folder)).map((p) => `/${alongside.folder}${p}`);
  const laterEntries = await compressEach(clientDir, later, totals);
  // In the order the files were listed, whatever order they were compressed in.
  const manifest: Record<string, StaticFile> = {};
  paths.forEach((path, i) => (manifest[path] = entries[i]!));
  later.forEach((path, i) => (manifest[path] = laterEntries[i]!));
  writeFileSync(manifestFile, `${JSON.stringify({ files: manifest })}\n`);
  return totals;
}
