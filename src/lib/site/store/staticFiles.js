// @ts-check
/**
 * The prerendered files of a server build as a worker serves them, by the manifest the build wrote
 * (precompress.ts): the Brotli or gzip copy the request asks for (written once at build time), with
 * `Vary: Accept-Encoding`, an ETag of its own per coding, `Content-Length`, a 304 for a matching
 * `If-None-Match`, and the addresses a static host answers (`/x` → 301 `/x/`, `/x/index.html`).
 * Plain JavaScript (type-checked by its JSDoc): the workers import it with no TypeScript loader.
 */
import { createReadStream, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { codedEtag, codingFor, matchesEtag, SUFFIX } from './encoding.js';

/** @typedef {{ type: string, size: number, etag: string, br?: number, gzip?: number }} StaticFile */

/** The manifest's file in a server build's folder, beside `client/` (so never served itself). */
export const STATIC_MANIFEST = 'static-files.json';

/** How long a cache may keep the site's 404 page for an address (a claim may be added there). */
export const NOT_FOUND_CACHE = 'public, max-age=60';

/** Hashed build assets never change at their address; everything else is asked about again. */
const IMMUTABLE = 'public, max-age=31536000, immutable';
const REVALIDATE = 'public, max-age=0, must-revalidate';

/**
 * The path a request names, decoded as a static host decodes it, or null when it cannot name a file
 * (a bad escape, a NUL, a `..` segment).
 *
 * @param {string} path
 * @returns {string | null}
 */
function decodedPath(path) {
  let decoded;
  try {
    decoded = decodeURIComponent(path);
  } catch {
    return null;
  }
  if (decoded.includes('\0') || decoded.split('/').some((s) => s === '..' || s === '.')) return null;
  return decoded;
}

/**
 * A server for the files of `manifestFile` under `clientDir`, mounted at `base` (`/` or `/sub/`).
 * Its `serve` answers a GET or HEAD for one of them, or a redirect to one, and returns true; for any
 * other request it does nothing and returns false (the adapter's handler takes it).
 *
 * @param {string} clientDir
 * @param {string} manifestFile
 * @param {string} base
 */
export function createStaticFiles(clientDir, manifestFile, base) {
  const { files } = /** @type {{ files: Record<string, StaticFile> }} */ (
    JSON.parse(readFileSync(manifestFile, 'utf8'))
  );
  const known = new Map(Object.entries(files));
  return {
    /**
     * @param {import('node:http').IncomingMessage} req
     * @param {import('node:http').ServerResponse} res
     * @returns {boolean}
     */
    serve(req, res) {
      if (req.method !== 'GET' && req.method !== 'HEAD') return false;
      const url = req.url ?? '/';
      const cut = url.search(/[?#]/);
      const raw = cut < 0 ? url : url.slice(0, cut);
      const search = cut < 0 ? '' : url.slice(cut).replace(/#.*$/, '');
      if (!raw.startsWith(base)) return false;
      const path = decodedPath(`/${raw.slice(base.length)}`);
      if (path === null) return false;
      if (!path.endsWith('/') && known.has(`${path}/index.html`)) {
        res.writeHead(301, { Location: `${raw}/${search}`, 'Cache-Control': REVALIDATE }).end();
        return true;
      }
      const name = path.endsWith('/') ? `${path}index.html` : path;
      const file = known.get(name);
      if (file === undefined) return false;
      const coding = codingFor(req.headers['accept-encoding']);
      const sent = coding !== null && file[coding] !== undefined ? coding : null;
      const etag = codedEtag(file.etag, sent);
      /** @type {Record<string, string | number>} */
      const headers = {
        'Content-Type': file.type,
        ETag: etag,
        Vary: 'Accept-Encoding',
        'Cache-Control': name.startsWith('/_astro/') ? IMMUTABLE : REVALIDATE,
      };
      if (matchesEtag(req.headers['if-none-match'], etag)) {
        res.writeHead(304, headers).end();
        return true;
      }
      if (sent !== null) headers['Content-Encoding'] = sent;
      headers['Content-Length'] = sent === null ? file.size : /** @type {number} */ (file[sent]);
      res.writeHead(200, headers);
      if (req.method === 'HEAD') res.end();
      else createReadStream(join(clientDir, sent === null ? name : `${name}.${SUFFIX[sent]}`)).pipe(res);
      return true;
    },
  };
}
