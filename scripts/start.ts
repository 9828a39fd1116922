/**
 * `npm start`: runs the server `npm run build:server` built (in `dist-server/`, or `LEDGER_DIST`),
 * on `HOST` (default 127.0.0.1) and `PORT` (default 8080), in `LEDGER_WORKERS` processes (default
 * one per core: a page renders on one core, so one process serves one core's worth). It first checks the trace store against
 * the engine's code and the models of models/, and refuses to start, in one sentence, on a store
 * that does not match them: it would publish traces this code does not give. Requests go to the
 * Node adapter's handler (prerendered files, then the claim routes), their URL routed by routedUrl.
 */
import cluster from 'node:cluster';
import { existsSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { shownPath } from '../src/lib/site/build/paths.ts';
import { routedUrl } from '../src/lib/site/store/http.ts';
import { STORE_FILE } from '../src/lib/site/store/store.ts';
import { openServedStore } from '../src/lib/site/store/storeSite.ts';

const dir = resolve(process.env['LEDGER_DIST'] ?? 'dist-server');
const entry = join(dir, 'server', 'entry.mjs');
if (!existsSync(entry)) {
  process.stderr.write(`There is no server in ${shownPath(dir)}: build it with npm run build:server.\n`);
  process.exit(1);
}
const storeFile = join(dir, STORE_FILE);
let base: string;
try {
  const { store } = openServedStore(storeFile);
  base = store.meta.base;
  store.close();
} catch (error) {
  process.stderr.write(`${(error as Error).message}\n`);
  process.exit(1);
}
const port = Number(process.env['PORT'] ?? 8080);
const host = process.env['HOST'] ?? '127.0.0.1';
if (!Number.isInteger(port) || port < 0 || port > 65535) {
  process.stderr.write(`PORT=${process.env['PORT']} is not a port number (0 to 65535).\n`);
  process.exit(1);
}
process.env['LEDGER_STORE'] = storeFile;
// The pages' links are built under the base the prerendered pages were built with.
process.env['LEDGER_BASE'] = base;
const workers = Number(process.env['LEDGER_WORKERS'] ?? availableParallelism());
if (!Number.isInteger(workers) || workers < 1) {
  process.stderr.write(`LEDGER_WORKERS=${process.env['LEDGER_WORKERS']} is not a whole number of at least 1.\n`);
  process.exit(1);
}
const shownOrigin = (listening: number): string => `Serving ${shownPath(dir)} on http://${host}:${listening}${base}\n`;

if (cluster.isPrimary && workers > 1) {
  // The workers share one port (with PORT=0, the same free one). It is reported once every worker
  // listens: the connections a client opens before that all go to the workers already listening,
  // and a keep-alive client (a CDN, a load test) would keep them there.
  let listening = 0;
  let stopping = false;
  cluster.on('listening', (_worker, address) => {
    listening += 1;
    if (listening === workers) process.stdout.write(shownOrigin(address.port));
  });
  cluster.on('exit', (_worker, code) => {
    if (code !== 0 && !stopping) process.exit(code ?? 1);
  });
  for (let i = 0; i < workers; i++) cluster.fork();
  for (const signal of ['SIGINT', 'SIGTERM'] as const)
    process.on(signal, () => {
      stopping = true;
      for (const worker of Object.values(cluster.workers ?? {})) worker?.kill('SIGTERM');
      process.exit(0);
    });
} else {
  // The adapter's own server is not started: this one routes the URL first.
  process.env['ASTRO_NODE_AUTOSTART'] = 'disabled';
  const { handler, pageMap } = (await import(pathToFileURL(entry).href)) as {
    handler: (req: IncomingMessage, res: ServerResponse) => void;
    pageMap: Map<string, () => Promise<unknown>>;
  };
  // Astro imports a route's module again on every request: under a loader with hooks (tsx) each
  // import() is a round trip to the loader's thread. The module is the same every time.
  for (const [component, load] of pageMap) {
    let loaded: Promise<unknown> | undefined;
    pageMap.set(component, () => (loaded ??= load()));
  }
  const server = createServer((req, res) => {
    req.url = routedUrl(req.url ?? '/');
    handler(req, res);
  });
  server.on('error', (error: NodeJS.ErrnoException) => {
    process.stderr.write(`The server cannot listen on ${host}:${port} (${error.code ?? error.message}).\n`);
    process.exit(1);
  });
  server.listen(port, host, () => {
    const address = server.address();
    if (cluster.isPrimary)
      process.stdout.write(shownOrigin(typeof address === 'object' && address ? address.port : port));
  });
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => server.close(() => process.exit(0)));
  // A worker whose primary went is serving nothing.
  if (cluster.isWorker) process.on('disconnect', () => process.exit(0));
}
