/**
 * `npm test`'s server step: starts the server built into `LEDGER_DIST` (default `dist-server`) on a
 * free loopback port and checks it against the static build in `dist/` of the same commit: a sample
 * of claim pages (the default route and model routes) and trace.json files byte for byte, every
 * claim's history page and revision traces (under today's default and under the default then) byte
 * for byte, every browse page (the later ones rendered on request from the store's listing) byte for
 * byte, every compare page (the later ones rendered on request from the store's compare rows) byte
 * for byte, the 404 page for a bad slug, a bad model, a bad commit and a browse or compare page the
 * build does not write, ETag and 304, Cache-Control (revalidated for claim addresses,
 * immutable only for hashed assets), content types and /healthz/, and that a second server on the
 * same port stops with one sentence, and hostile requests (scripts/dev/server-hostile.ts).
 * Prints one line per failure and exits 1 if there was any.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { CLAIM_CACHE } from '../../src/lib/site/store/http.ts';
import { historyAddresses } from './staticAddresses.ts';
import { parityChecks } from './server-parity.ts';
import { hostileChecks } from './server-hostile.ts';

const staticDir = process.env['LEDGER_STATIC_DIST'] ?? 'dist';
const failures: string[] = [];
const fail = (what: string): void => {
  failures.push(what);
};

const server = spawn(process.execPath, ['--import', 'tsx', 'scripts/start.ts'], {
  env: { ...process.env, PORT: '0', HOST: '127.0.0.1' },
  stdio: ['ignore', 'pipe', 'pipe'],
});
let errors = '';
server.stderr.on('data', (chunk: Buffer) => (errors += chunk.toString()));
// Cleared once the server listens, so that the check ends when its requests do.
let timer: NodeJS.Timeout | undefined;
const started = new Promise<string>((done, reject) => {
  let out = '';
  server.stdout.on('data', (chunk: Buffer) => {
    out += chunk.toString();
    // The origin with the base the build was made under (npm test checks a build under a base path).
    const found = /on (http:\/\/127\.0\.0\.1:\d+)(\/\S*)\n/.exec(out);
    if (found) done(found[1]! + found[2]!.replace(/\/$/, ''));
  });
  server.on('exit', (code) =>
    reject(new Error(`the server stopped (exit ${code}) before listening: ${errors.trim()}`)),
  );
  timer = setTimeout(() => reject(new Error('the server did not start within 60 s')), 60_000);
});
// A server that refuses its store (or does not start) is one line, not a stack trace.
const origin = await started.catch((error: Error) => {
  server.kill('SIGTERM');
  process.stderr.write(`server check: ${error.message}\n`);
  process.exit(1);
});
clearTimeout(timer);

try {
  const health = (await (await fetch(`${origin}/healthz/`)).json()) as {
    models: { id: string }[];
    claims: number;
    traces: number;
    historyTraces: number;
    codeHash: string;
  };
  const models = health.models.map((m) => m.id);
  const slugs = readdirSync(join(staticDir, 'claims')).filter((s) =>
    existsSync(join(staticDir, 'claims', s, 'index.html')),
  );
  if (health.claims !== slugs.length || health.traces !== slugs.length * models.length)
    fail(
      `/healthz/: ${health.claims} claims and ${health.traces} traces, but ${staticDir}/ has ${slugs.length} claims under ${models.length} models`,
    );
  const staticHtml = readFileSync(join(staticDir, 'index.html'), 'utf8');
  if (!staticHtml.includes(health.codeHash)) fail(`/healthz/: code hash ${health.codeHash} is not the static build's`);

  // Every 5th claim, each under the default route, the default model and one other model in turn.
  const sample = slugs.filter((_, i) => i % 5 === 0);
  const paths = sample.flatMap((slug, i) => {
    const other = models[1 + (i % (models.length - 1))] ?? models[0]!;
    return [
      `/claims/${slug}/`,
      `/claims/${slug}/${models[0]}/`,
      `/claims/${slug}/${other}/`,
      `/claims/${slug}/trace.json`,
      `/claims/${slug}/${other}/trace.json`,
    ];
  });
  // Every claim's history page and every revision trace it links to: the repository's content is
  // small (27 claims, 122 addresses), and its claims have real history (eastbrook-lead-limit has 8
  // revisions, one of them with a trace under the default model of its commit).
  const historyPaths = slugs.flatMap((slug) => historyAddresses(staticDir, slug));
  const revisions = (slug: string) =>
    historyPaths.filter((p) => p.startsWith(`/claims/${slug}/history/`) && p.split('/').length === 6).length;
  if (!slugs.some((slug) => revisions(slug) >= 3))
    fail(`${staticDir}/ has no claim with several revisions: the history check would prove little`);
  const pinned = historyPaths.find((p) => /\/history\/[^/]+\/[^/]+\/trace\.json$/.test(p));
  if (pinned === undefined) fail(`${staticDir}/ has no history trace under the default model of its commit`);
  const historyTraces = historyPaths.filter((p) => p.endsWith('trace.json')).length;
  if (health.historyTraces !== historyTraces)
    fail(`/healthz/: ${health.historyTraces} history traces, but ${staticDir}/ has ${historyTraces}`);
  paths.push(...historyPaths);
  // The history picture's two files, drawn on request from the stored history as the page is.
  const drawn = slugs.filter((slug) => existsSync(join(staticDir, 'claims', slug, 'history', 'history.svg')));
  if (drawn.length === 0) fail(`${staticDir}/ has no history picture to take away`);
  paths.push(
    ...drawn.flatMap((slug) => [`/claims/${slug}/history/history.svg`, `/claims/${slug}/history/history.csv`]),
  );
  // Every later browse page the static build wrote (page 2 onwards), which a server renders on
  // request from its store's listing; the check needs a build with a page size that makes some.
  const later = addressesUnder(staticDir, 'browse', 3, 4).filter((p) => p.split('/').length === 7);
  if (later.length === 0)
    fail(`${staticDir}/ has no browse page after the first: build it with a small LEDGER_PAGE_SIZE`);
  const serverDir = process.env['LEDGER_DIST'] ?? 'dist-server';
  const prerendered = later.filter((p) => existsSync(join(serverDir, 'client', p, 'index.html')));
  if (prerendered.length > 0) fail(`${prerendered[0]}: prerendered in ${serverDir}/client/, not rendered on request`);
  paths.push(...later);
  // Every later compare page (`/compare/<a>/<b>/<n>/`), rendered on request from the store's compare rows.
  const laterCompare = addressesUnder(staticDir, 'compare', 2, 3).filter((p) => p.split('/').length === 6);
  if (laterCompare.length === 0)
    fail(`${staticDir}/ has no compare page after the first: build it with a small LEDGER_PAGE_SIZE`);
  const prerenderedCompare = laterCompare.filter((p) => existsSync(join(serverDir, 'client', p, 'index.html')));
  if (prerenderedCompare.length > 0)
    fail(`${prerenderedCompare[0]}: prerendered in ${serverDir}/client/, not rendered on request`);
  paths.push(...laterCompare);
  // The first pages stay prerendered: the same bytes, as the server's static files.
  for (const path of [
    ...addressesUnder(staticDir, 'browse', 3, 4).filter((p) => p.split('/').length === 6),
    ...addressesUnder(staticDir, 'compare', 2, 3).filter((p) => p.split('/').length === 5),
  ]) {
    const response = await fetch(origin + path);
    const body = Buffer.from(await response.arrayBuffer());
    if (response.status !== 200 || !body.equals(readFileSync(join(staticDir, path, 'index.html'))))
      fail(`${path}: status ${response.status}, not byte for byte the static build's`);
  }
  for (const path of paths) {
    const file = join(staticDir, path.endsWith('/') ? `${path}index.html` : path);
    const response = await fetch(origin + path);
    const body = Buffer.from(await response.arrayBuffer());
    if (response.status !== 200) {
      fail(`${path}: status ${response.status}, not 200`);
      continue;
    }
    if (!body.equals(readFileSync(file))) fail(`${path}: not byte for byte ${file}`);
    const type = response.headers.get('content-type');
    const wantType = path.endsWith('trace.json')
      ? 'application/json; charset=utf-8'
      : path.endsWith('.svg')
        ? 'image/svg+xml; charset=utf-8'
        : path.endsWith('.csv')
          ? 'text/csv; charset=utf-8'
          : 'text/html; charset=utf-8';
    if (type !== wantType) fail(`${path}: Content-Type ${type}, not ${wantType}`);
    // Every claim address, `/claims/<slug>/<model>/trace.json` too: its bytes change when the claim does.
    const cache = response.headers.get('cache-control');
    if (cache !== CLAIM_CACHE) fail(`${path}: Cache-Control ${cache}, not ${CLAIM_CACHE}`);
    const etag = response.headers.get('etag');
    if (etag === null || !/^"[^"]+"$/.test(etag)) {
      fail(`${path}: no strong ETag (${etag})`);
      continue;
    }
    const again = await fetch(origin + path, { headers: { 'If-None-Match': `"other", ${etag}` } });
    const againBody = await again.arrayBuffer();
    if (again.status !== 304 || againBody.byteLength !== 0 || again.headers.get('etag') !== etag)
      fail(
        `${path}: If-None-Match with its ETag gave ${again.status} and ${againBody.byteLength} bytes, not an empty 304`,
      );
    const stale = await fetch(origin + path, { headers: { 'If-None-Match': '"stale"' } });
    await stale.arrayBuffer();
    if (stale.status !== 200) fail(`${path}: If-None-Match with another ETag gave ${stale.status}, not 200`);
  }
  // `immutable` is for addresses that name their bytes' hash, as the built assets' do.
  const asset = /(?:href|src)="(\/[^"]*_astro\/[^"]+)"/.exec(staticHtml)?.[1];
  if (asset === undefined) fail(`${staticDir}/index.html links no _astro/ asset`);
  else {
    const response = await fetch(new URL(asset, origin).href);
    await response.arrayBuffer();
    const cache = response.headers.get('cache-control') ?? '';
    if (response.status !== 200 || !cache.includes('immutable'))
      fail(`${asset}: status ${response.status}, Cache-Control ${cache}: a hashed asset should be immutable`);
  }
  const etags = new Set<string>();
  for (const path of paths) etags.add((await fetch(origin + path, { method: 'HEAD' })).headers.get('etag') ?? '');
  if (etags.size !== paths.length) fail(`${paths.length} addresses share ${etags.size} ETags: each needs its own`);

  const notFound = readFileSync(join(staticDir, '404.html'));
  // A pair with later pages (the first two models, when the build has any).
  const [a, b] = [models[0]!, models[1] ?? models[0]!];
  const slug = sample[0]!;
  for (const path of [
    '/claims/no-such-claim/',
    `/claims/${slug}/no-such-model/`,
    `/claims/${slug}/${models[0]}/extra/`,
    '/claims/no-such-claim/trace.json',
    `/claims/${slug}/no-such-model/trace.json`,
    `/claims/${slug}/trace.json/`,
    '/claims/no-such-claim/history/',
    '/claims/no-such-claim/history/0000000/trace.json',
    `/claims/${slug}/history/0000000/trace.json`,
    `/claims/${slug}/history/0000000/`,
    ...(pinned === undefined
      ? []
      : [
          pinned.replace(/\/[^/]+\/trace\.json$/, '/no-such-model/trace.json'),
          // Under today's default a revision's trace is `<commit>/trace.json`, never `<commit>/<default>/`.
          pinned.replace(/\/[^/]+\/trace\.json$/, `/${models[0]}/trace.json`),
          pinned.replace(/trace\.json$/, 'trace.json/'),
        ]),
    '/store.sqlite',
    '/server/entry.mjs',
    '/browse/all/all/recorded/1/',
    '/browse/all/all/recorded/02/',
    `/browse/all/all/recorded/${1 + later.filter((p) => p.startsWith('/browse/all/all/recorded/')).length + 1}/`,
    '/browse/no-such-type/all/recorded/2/',
    '/browse/all/no-such-state/recorded/2/',
    '/browse/all/all/no-such-sort/2/',
    `/compare/${a}/${b}/1/`,
    `/compare/${a}/${b}/02/`,
    `/compare/${a}/${b}/${1 + laterCompare.filter((p) => p.startsWith(`/compare/${a}/${b}/`)).length + 1}/`,
    `/compare/${a}/${a}/2/`,
    `/compare/no-such-model/${b}/2/`,
  ]) {
    const response = await fetch(origin + path);
    const body = Buffer.from(await response.arrayBuffer());
    if (response.status !== 404) fail(`${path}: status ${response.status}, not 404`);
    else if (!body.equals(notFound)) fail(`${path}: not the site's 404 page`);
  }

  await parityChecks(origin, staticDir, slug, models, fail);
  await hostileChecks(origin, [`/claims/${slug}/`, later[0] ?? '/'], () => errors, fail);

  // A second server on the same port: one sentence (not one per worker), exit 1, no worker left.
  const port = new URL(origin).port;
  const second = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/start.ts'], {
    env: { ...process.env, PORT: port, HOST: '127.0.0.1', LEDGER_WORKERS: '4' },
    encoding: 'utf8',
    timeout: 60_000,
  });
  const expected = `The server cannot listen on 127.0.0.1:${port} (EADDRINUSE).\n`;
  if (second.status !== 1 || second.stderr !== expected)
    fail(
      `a second server on port ${port}: exit ${second.status}, ${JSON.stringify(second.stderr)}, not 1 and ${JSON.stringify(expected)}`,
    );
} catch (error) {
  fail((error as Error).message);
} finally {
  server.kill('SIGTERM');
}

/**
 * Every page of the static build under `/<folder>/` that lies `from` to `to` folders below it:
 * `/browse/<type>/<state>/<sort>/` and its later `…/<n>/` (3 to 4), `/compare/<a>/<b>/` and its
 * later `…/<n>/` (2 to 3).
 */
function addressesUnder(dir: string, folder: string, from: number, to: number): string[] {
  const out: string[] = [];
  const walk = (path: string, depth: number): void => {
    for (const entry of readdirSync(join(dir, path), { withFileTypes: true })) {
      if (!entry.isDirectory()) continue;
      const below = `${path}${entry.name}/`;
      if (depth >= from && existsSync(join(dir, below, 'index.html'))) out.push(below);
      if (depth < to) walk(below, depth + 1);
    }
  };
  if (existsSync(join(dir, folder))) walk(`/${folder}/`, 1);
  return out;
}

if (failures.length > 0) {
  for (const failure of failures) process.stderr.write(`server check: ${failure}\n`);
  process.exit(1);
}
process.stdout.write(
  `server check: the server's claim pages, histories, traces, browse and compare pages, headers and 404s are right\n`,
);
