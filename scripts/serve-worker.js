// @ts-check
/**
 * One worker of `npm start`: scripts/start.ts checks the trace store and forks this file once per
 * worker, with plain Node and no TypeScript loader, so that nothing a request does goes through a
 * loader's thread (under tsx, Astro's import of its actions module on every request was a round
 * trip to tsx's thread: 7 % of a worker's CPU and a wait on each page). Requests go to the Node
 * adapter's handler (the claim routes and the not-found page; this file serves every prerendered
 * file from the build's manifest first), their URL routed by routedUrl, once requestGuard has
 * refused the methods and redirected the path forms the site does not answer.
 *
 * The primary hands over, in the environment: LEDGER_SERVER_ENTRY (the built server's entry.mjs),
 * HOST, PORT, and LEDGER_STORE and LEDGER_BASE for the pages.
 */
import cluster from 'node:cluster';
import { createServer } from 'node:http';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { routedUrl, SLASHLESS_HEADER, slashlessClaim } from '../src/lib/site/store/routedUrl.js';
import { refusedRequest, serverOptions } from '../src/lib/site/store/requestGuard.js';
import { createStaticFiles, NOT_FOUND_CACHE, STATIC_MANIFEST } from '../src/lib/site/store/staticFiles.js';

const entry = process.env['LEDGER_SERVER_ENTRY'];
if (!cluster.isWorker || entry === undefined) {
  process.stderr.write('scripts/serve-worker.js is a worker of npm start: run npm start.\n');
  process.exit(1);
}
const host = process.env['HOST'] ?? '127.0.0.1';
const port = Number(process.env['PORT'] ?? 8080);
// The adapter's own server is not started: this one routes the URL first.
process.env['ASTRO_NODE_AUTOSTART'] = 'disabled';
const { handler, pageMap } = /** @type {{
  handler: (req: import('node:http').IncomingMessage, res: import('node:http').ServerResponse) => Promise<void>,
  pageMap: Map<string, () => Promise<unknown>>,
}} */ (await import(pathToFileURL(entry).href));
// Astro imports a route's module again on every request; the module is the same every time.
for (const [component, load] of pageMap) {
  /** @type {Promise<unknown> | undefined} */
  let loaded;
  pageMap.set(component, () => (loaded ??= load()));
}
// The prerendered files (and their Brotli and gzip copies) are served from the build's manifest.
const built = dirname(dirname(entry));
/**
 * The adapter runs in middleware mode (astro.config.mjs): it renders, and serves no file. Its
 * standalone handler looked for a file on disk for every request before rendering (an fs.stat, 3 %
 * of a worker's CPU, and a turn of the event loop while other requests went ahead), though every
 * prerendered file is in the manifest and served above. What that handler also did is done here:
 * a URL that decodeURI refuses is a 400, and under `trailingSlash: 'always'` a path with no final
 * slash, no file name and not internal (`/_…`, `/@…`, `/.…`, `//…`) is a 301 to the path with one.
 */
const FILE_NAME = /\/[^/]+\.\w+$/;
const INTERNAL = /^\/(?:[_@.]|\/(?!\/*$))/;

/**
 * The answer the adapter's standalone handler gave before rendering `url`, if any.
 *
 * @param {string} url
 * @returns {{ status: 400 } | { status: 301, location: string } | null}
 */
function beforeRendering(url) {
  try {
    decodeURI(url);
  } catch {
    return { status: 400 };
  }
  const [path = '', query] = url.replace(/#.*$/s, '').split('?');
  if (path.endsWith('/') || FILE_NAME.test(path) || INTERNAL.test(path)) return null;
  return { status: 301, location: `${path}/${query ? `?${query}` : ''}` };
}
const base = process.env['LEDGER_BASE'] ?? '/';
const files = createStaticFiles(join(built, 'client'), join(built, STATIC_MANIFEST), base);
// Timeouts a public server needs, and no method or path form the site does not answer (requestGuard.js).
const server = createServer(serverOptions(), (req, res) => {
  // The site's 404 page, whoever answers it, may be kept a little while by a cache.
  const writeHead = res.writeHead;
  res.writeHead = /** @type {typeof res.writeHead} */ (
    function (/** @type {number} */ status, /** @type {any[]} */ ...rest) {
      if (status === 404 && !res.hasHeader('cache-control')) res.setHeader('Cache-Control', NOT_FOUND_CACHE);
      return writeHead.call(res, status, ...rest);
    }
  );
  if (refusedRequest(req, res) || files.serve(req, res)) return;
  delete req.headers[SLASHLESS_HEADER];
  const url = routedUrl(req.url ?? '/');
  const path = url.replace(/[?#].*$/, '');
  if (path.startsWith(base) && slashlessClaim(`/${path.slice(base.length)}`)) {
    req.headers[SLASHLESS_HEADER] = '1';
    req.url = `${path}/${url.slice(path.length)}`;
  } else req.url = url;
  const before = beforeRendering(req.url);
  if (before === null) handler(req, res);
  else if (before.status === 400) res.writeHead(400).end('Bad request.');
  else res.writeHead(301, { Location: before.location }).end();
});
// Said by the primary, once for all the workers (each fails alike); then this worker is stopped.
server.on('error', (/** @type {NodeJS.ErrnoException} */ error) => {
  process.send?.({ cannotListen: `The server cannot listen on ${host}:${port} (${error.code ?? error.message}).\n` });
});
server.listen(port, host);
// On a signal the primary stops every worker and exits at once: closing the server tells the primary,
// and a worker whose primary has already gone just ends (rather than failing on the closed channel).
const end = () => (process.connected ? server.close(() => process.exit(0)) : process.exit(0));
process.on('SIGTERM', end);
process.on('SIGINT', end);
cluster.worker?.on('error', () => process.exit(0));
// A worker whose primary went is serving nothing.
process.on('disconnect', () => process.exit(0));
