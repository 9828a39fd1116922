/**
 * `npm start`: runs the server `npm run build:server` built (in `dist-server/`, or `LEDGER_DIST`),
 * on `HOST` (default 127.0.0.1) and `PORT` (default 8080), in `LEDGER_WORKERS` processes (default
 * one per core: a page renders on one core, so one process serves one core's worth). It first checks
 * the trace store against the engine's code and the models of models/, and refuses to start, in one
 * sentence, on a store that does not match them: it would publish traces this code does not give.
 * Then it forks the workers (scripts/serve-worker.js), which serve.
 */
import cluster from 'node:cluster';
import { existsSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { shownPath } from '../src/lib/site/build/paths.ts';
import { STATIC_MANIFEST } from '../src/lib/site/store/staticFiles.js';
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
// A server built before the prerendered files were compressed has no manifest of them to serve by.
if (!existsSync(join(dir, STATIC_MANIFEST))) {
  process.stderr.write(
    `${shownPath(dir)} was built by an older version of the ledger (it has no ${STATIC_MANIFEST}): build it again with npm run build:server.\n`,
  );
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

// The workers run plain Node (scripts/serve-worker.js): this process, under tsx, only checks the store
// and looks after them. They share one port (with PORT=0, the same free one). It is reported once
// every worker listens: the connections a client opens before that all go to the workers already
// listening, and a keep-alive client (a CDN, a load test) would keep them there.
cluster.setupPrimary({ exec: fileURLToPath(new URL('serve-worker.js', import.meta.url)), execArgv: [] });
let listening = 0;
let stopping = false;
cluster.on('listening', (_worker, address) => {
  listening += 1;
  if (listening === workers) process.stdout.write(shownOrigin(address.port));
});
/** Stops every worker and exits with `code`: on a signal, or when a worker fails (it cannot listen). */
const stop = (code: number): void => {
  stopping = true;
  for (const worker of Object.values(cluster.workers ?? {})) worker?.kill('SIGTERM');
  process.exit(code);
};
cluster.on('exit', (_worker, code) => {
  if (code !== 0 && !stopping) stop(code ?? 1);
});
cluster.on('message', (_worker, message: { cannotListen?: string }) => {
  if (message.cannotListen === undefined || stopping) return;
  process.stderr.write(message.cannotListen);
  stop(1);
});
const workerEnv = { LEDGER_SERVER_ENTRY: entry, HOST: host, PORT: String(port) };
for (let i = 0; i < workers; i++) cluster.fork(workerEnv);
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => stop(0));
