/**
 * A tiny static server for the built site, as a static host would serve it: `/x/` answers with
 * `x/index.html`, `/x` (a folder) redirects to `/x/`, anything missing gets `404.html` with
 * status 404. A site built under a base path (`LEDGER_BASE=/sub/`) is served under it, as a
 * project page is: `/sub/x/` answers with `x/index.html` and nothing outside `/sub/` is found.
 * Run as `npx tsx tests/support/static-server.ts`; it serves `LEDGER_DIST` (else `dist`) on
 * 127.0.0.1 at `E2E_PORT` (else 4399).
 */
import { createReadStream, existsSync, statSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { extname, join, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sitePrefix } from './e2e-env.ts';

/** Content types of every kind of file the site publishes. */
const TYPES: Readonly<Record<string, string>> = {
  '.html': 'text/html; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.md': 'text/markdown; charset=utf-8',
  '.csv': 'text/csv; charset=utf-8',
  '.atom': 'application/atom+xml; charset=utf-8',
  '.webmanifest': 'application/manifest+json',
  '.wasm': 'application/wasm',
  '.xml': 'application/xml; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
  '.ttf': 'font/ttf',
  '.py': 'text/x-python; charset=utf-8',
  '.yaml': 'text/yaml; charset=utf-8',
  '.zip': 'application/zip',
  '.gz': 'application/gzip',
  '.warc': 'application/warc',
};

/** The content type of a file, by its extension. */
export const contentType = (file: string): string => TYPES[extname(file).toLowerCase()] ?? 'application/octet-stream';

type Resolved = { kind: 'file'; file: string } | { kind: 'redirect'; location: string } | { kind: 'missing' };

/** Maps a request path onto the folder; never leaves it. */
export function resolveRequest(root: string, urlPath: string): Resolved {
  let path: string;
  try {
    path = decodeURIComponent(urlPath);
  } catch {
    return { kind: 'missing' };
  }
  if (path.includes('\0')) return { kind: 'missing' };
  const target = resolve(root, `.${path}`);
  if (target !== root && !target.startsWith(root + sep)) return { kind: 'missing' };
  if (!existsSync(target)) return { kind: 'missing' };
  if (statSync(target).isDirectory()) {
    if (!urlPath.endsWith('/')) return { kind: 'redirect', location: `${urlPath}/` };
    const index = join(target, 'index.html');
    return existsSync(index) ? { kind: 'file', file: index } : { kind: 'missing' };
  }
  return { kind: 'file', file: target };
}

/** The response header naming the folder served, so a test run can tell it is talking to its own server. */
export const ROOT_HEADER = 'x-ledger-root';

/** A server for one built folder, served under `base` (`/` or `/sub/`). */
export function createStaticServer(root: string, base = '/'): Server {
  const folder = resolve(root);
  return createServer((request, response) => {
    response.setHeader(ROOT_HEADER, encodeURIComponent(folder));
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      response.writeHead(405, { allow: 'GET, HEAD' }).end();
      return;
    }
    if (base !== '/' && url.pathname === base.slice(0, -1)) {
      response.writeHead(301, { location: `${base}${url.search}` }).end();
      return;
    }
    const found: Resolved = url.pathname.startsWith(base)
      ? resolveRequest(folder, `/${url.pathname.slice(base.length)}`)
      : { kind: 'missing' };
    if (found.kind === 'redirect') found.location = `${base}${found.location.slice(1)}`;
    if (found.kind === 'redirect') {
      response.writeHead(301, { location: `${found.location}${url.search}` }).end();
      return;
    }
    const notFound = join(folder, '404.html');
    const [status, file] =
      found.kind === 'file' ? [200, found.file] : existsSync(notFound) ? [404, notFound] : [404, null];
    if (file === null) {
      response.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('not found\n');
      return;
    }
    response.writeHead(status, {
      'content-type': contentType(file),
      'content-length': statSync(file).size,
      'cache-control': 'no-store',
    });
    if (request.method === 'HEAD') response.end();
    else createReadStream(file).pipe(response);
  });
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const root = resolve(process.env['LEDGER_DIST'] ?? 'dist');
  const port = Number(process.env['E2E_PORT'] ?? '4399');
  if (!existsSync(join(root, 'index.html'))) {
    process.stderr.write(`No built site at ${root} (index.html is missing): run npm run build first.\n`);
    process.exit(1);
  }
  const base = sitePrefix();
  createStaticServer(root, base).listen(port, '127.0.0.1', () => {
    process.stdout.write(`Serving ${root} at http://127.0.0.1:${port}${base}\n`);
  });
}
