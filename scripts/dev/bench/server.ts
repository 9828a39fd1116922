/**
 * `npm run bench -- --server --claims N`: server mode measured on the bench's synthetic site.
 *
 * 1. At a size a static build manages (SAMPLE claims): a static build and a server build of the same
 *    content and commit, and every claim page, model page and trace.json of a sample, and every
 *    claim's history page and revision trace, and every browse and compare page after the first,
 *    fetched from the server and compared byte for byte with the static files; each answered 304 to
 *    its ETag.
 * 2. At N claims: the server build (scoring into the store plus Astro's build), then the server
 *    under autocannon (16 connections, 20 s, random claim × model pages on loopback): requests per
 *    second, p99 latency and the server's peak RSS (its workers' added up); and a projection to
 *    1,000,000 claims. The server runs as `npm start` does, one worker per core, on the same cores
 *    as autocannon (which takes about 4 % of one core at these rates) and the primary (idle); the
 *    load starts once every worker listens, so the 16 connections are shared 8 and 8. The 20 s are
 *    measured after 5 s of the same load (other random pages, nothing cached between them): a
 *    server behind a CDN runs for days, and its first seconds, while V8 compiles the page code and
 *    the store's pages come into memory, are not what its readers see. That warm-up's own p99 is
 *    reported too (`server_cold_p99_ms`). Under 16 connections that never wait, the server is always
 *    saturated and a request's latency is mostly its place in the queue (16 connections over the
 *    requests per second, Little's law); so a third run of 20 s offers the load the target names,
 *    100 requests a second, each sent at its time whatever the earlier ones' (pacedLoad), and
 *    reports the latencies a reader sees while the server carries it (`server_paced_p50_ms`, `server_paced_p99_ms`). Every request asks
 *    for compression as a browser does (`Accept-Encoding: gzip, deflate, br, zstd`), so the
 *    latencies include it; then the bytes of 200 random claim pages as sent, compressed and not
 *    (`server_page_kb_*_median`).
 */
import autocannon from 'autocannon';
import { existsSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { measure, type Run } from './measure.ts';
import { BROWSER_CODINGS, median, pacedLoad, peakRssMb, sentBytes, startServer } from './serverProcess.ts';
import { historyAddresses } from '../staticAddresses.ts';

/** The load the server targets (requests a second), offered in the bench's paced run. */
const PACED_RPS = 100;

/** What `--server --json` prints, exactly these fields. */
export interface ServerFigures {
  claims: number;
  models: number;
  server_build_seconds: number;
  /** Of server_build_seconds: scoring every trace into the store. */
  store_seconds: number;
  /** Of server_build_seconds: reading every claim's history and writing it and its revision traces into the store. */
  history_store_seconds: number;
  /**
   * Working out every pair's compare rows (reasons included) and writing them: a process of their
   * own beside Astro's build (compareApart.ts), so it overlaps the rest of server_build_seconds.
   */
  compare_store_seconds: number;
  /** How many revision traces the store holds for the history pages. */
  history_traces: number;
  store_mb: number;
  server_build_peak_rss_mb: number | null;
  server_rps: number;
  server_p50_ms: number;
  server_p99_ms: number;
  /** The p99 of the 5 s warm-up, from the server's start (not part of server_p99_ms). */
  server_cold_p99_ms: number;
  /** The latencies with 100 requests a second offered, each sent at its time (pacedLoad): not saturated. */
  server_paced_p50_ms: number;
  server_paced_p99_ms: number;
  /** The requests a second that run achieved (100 unless the server could not keep up). */
  server_paced_rps: number;
  server_errors: number;
  server_non2xx: number;
  server_rss_mb: number;
  sample_claims: number;
  server_pages_compared: number;
  server_pages_identical: boolean;
  /** Of server_pages_compared: history pages and revision traces. */
  server_history_compared: number;
  /** Of server_pages_compared: browse pages after the first (rendered on request from the store's listing). */
  server_browse_compared: number;
  /** Of server_pages_compared: compare pages after the first (rendered on request from the store's compare rows). */
  server_compare_compared: number;
  /** Files the server build at N claims prerendered (its client/ folder, assets included). */
  server_prerendered_files: number;
  server_etag_304: boolean;
  /** The median bytes a claim page is sent in, asked for by a browser (Brotli here) and without compression. */
  server_page_kb_compressed_median: number;
  server_page_kb_raw_median: number;
  /** The coding the server answered the browser's Accept-Encoding with. */
  server_page_coding: string;
  projection_1m: {
    store_gb: number;
    scoring_minutes: number;
    /** Servers needed at this machine's rps for a request rate at a CDN hit ratio. */
    servers: { requests_per_second: number; cdn_hit_ratio: number; origin_rps: number; servers: number }[];
  };
}

/** What the bench hands over: its synthetic site and how it builds. */
export interface ServerBenchContext {
  readonly site: string;
  readonly claims: number;
  readonly env: (cache: string, dist: string) => NodeJS.ProcessEnv;
  readonly root: string;
  readonly say: (text: string) => void;
  readonly fail: (what: string, run: Run) => never;
  readonly writeClaims: (n: number) => void;
}

const SAMPLE = 200;
const round = (value: number, places: number): number => Math.round(value * 10 ** places) / 10 ** places;

const slugsOf = (site: string): string[] =>
  readdirSync(join(site, 'content', 'claims'))
    .filter((f) => f.endsWith('.yaml'))
    .map((f) => f.slice(0, -'.yaml'.length));

/** The later pages of a static build's listings: `/browse/<type>/<state>/<sort>/<n>/` and `/compare/<a>/<b>/<n>/`. */
function laterPagePaths(dist: string, folder: 'browse' | 'compare'): string[] {
  const below = (path: string): string[] =>
    existsSync(join(dist, path))
      ? readdirSync(join(dist, path), { withFileTypes: true })
          .filter((e) => e.isDirectory())
          .map((e) => `${path}${e.name}/`)
      : [];
  let level = [`/${folder}/`];
  for (let depth = folder === 'browse' ? 4 : 3; depth > 0; depth -= 1) level = level.flatMap(below);
  return level.filter((page) => existsSync(join(dist, page, 'index.html')));
}

/** How many files a folder holds, in every folder below it. */
const filesIn = (dir: string): number =>
  readdirSync(dir, { withFileTypes: true }).reduce((n, e) => n + (e.isDirectory() ? filesIn(join(dir, e.name)) : 1), 0);

/** Runs the server bench and returns its figures. */
export async function serverBench(ctx: ServerBenchContext): Promise<ServerFigures> {
  const { site, say } = ctx;
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  const buildServer = async (dist: string, label: string): Promise<Run> => {
    say(`${label}…`);
    const run = await measure(npm, ['run', '-s', 'build:server'], {
      cwd: site,
      env: { ...ctx.env(join(ctx.root, `cache-${label.length}`), dist), LEDGER_OUTPUT: 'server' },
    });
    if (run.status !== 0) ctx.fail(label, run);
    say(`  ${run.seconds.toFixed(1)} s wall, peak RSS ${run.peakRssMb?.toFixed(0) ?? '?'} MB`);
    return run;
  };

  // 1. Byte for byte at SAMPLE claims, static and server of the same content and commit.
  const sample = Math.min(SAMPLE, ctx.claims);
  ctx.writeClaims(sample);
  const staticDist = join(site, 'dist-sample');
  const staticRun = await measure(npm, ['run', '-s', 'build'], {
    cwd: site,
    env: ctx.env(join(ctx.root, 'cache-sample'), staticDist),
  });
  if (staticRun.status !== 0) ctx.fail('the static build of the sample', staticRun);
  const sampleServer = join(site, 'dist-server-sample');
  await buildServer(sampleServer, `server build at ${sample} claims`);
  let compared = 0;
  let historyCompared = 0;
  const laterBrowse = laterPagePaths(staticDist, 'browse');
  const laterCompare = laterPagePaths(staticDist, 'compare');
  let identical = true;
  let etag304 = true;
  {
    const server = await startServer(site, { ...ctx.env('', sampleServer) });
    const models = ((await (await fetch(`${server.origin}/healthz/`)).json()) as { models: { id: string }[] }).models;
    const addresses = slugsOf(site).flatMap((slug, i) => {
      const model = models[i % models.length]!.id;
      const history = historyAddresses(staticDist, slug);
      historyCompared += history.length;
      return [
        `/claims/${slug}/`,
        `/claims/${slug}/${model}/`,
        `/claims/${slug}/trace.json`,
        `/claims/${slug}/${model}/trace.json`,
        ...history,
      ];
    });
    for (const path of [...addresses, ...laterBrowse, ...laterCompare]) {
      const response = await fetch(server.origin + path);
      const body = Buffer.from(await response.arrayBuffer());
      const file = join(staticDist, path.endsWith('/') ? `${path}index.html` : path);
      compared += 1;
      if (response.status !== 200 || !body.equals(readFileSync(file))) {
        identical = false;
        say(`  differs: ${path}`);
      }
      const again = await fetch(server.origin + path, {
        headers: { 'If-None-Match': response.headers.get('etag') ?? '' },
      });
      await again.arrayBuffer();
      if (again.status !== 304) etag304 = false;
    }
    server.stop();
    say(`  compared ${compared} addresses with the static build: ${identical ? 'identical' : 'NOT identical'}`);
  }
  rmSync(staticDist, { recursive: true, force: true });
  rmSync(sampleServer, { recursive: true, force: true });

  // 2. The server at N claims.
  ctx.writeClaims(ctx.claims);
  const dist = join(site, 'dist-server');
  const run = await buildServer(dist, `server build at N = ${ctx.claims} claims`);
  const storeSeconds = Number(/into the trace store in ([\d.]+) s/.exec(run.stdout)?.[1] ?? NaN);
  const withHistory = /its (\d+) revision traces, ([\d.]+) s/.exec(run.stdout);
  const historySeconds = round(Number(withHistory?.[2] ?? NaN) - storeSeconds, 1);
  const withCompare = /compare rows apart, beside Astro's build, in ([\d.]+) s/.exec(run.stdout);
  const compareSeconds = round(Number(withCompare?.[1] ?? NaN), 1);
  const storeMb = statSync(join(dist, 'store.sqlite')).size / 2 ** 20;
  const prerendered = filesIn(join(dist, 'client'));
  const server = await startServer(site, ctx.env('', dist));
  const health = (await (await fetch(`${server.origin}/healthz/`)).json()) as { models: { id: string }[] };
  const slugs = slugsOf(site);
  const models = health.models.map((m) => m.id);
  const randomPath = (): string => {
    const slug = slugs[Math.floor(Math.random() * slugs.length)]!;
    const model = Math.floor(Math.random() * (models.length + 1));
    return model === models.length ? `/claims/${slug}/` : `/claims/${slug}/${models[model]}/`;
  };
  const load = (duration: number): Promise<autocannon.Result> =>
    autocannon({
      url: server.origin,
      connections: 16,
      duration,
      headers: { 'accept-encoding': BROWSER_CODINGS },
      requests: [
        {
          method: 'GET',
          setupRequest: (request) => ({
            ...request,
            path: randomPath(),
            headers: { ...request.headers, 'accept-encoding': BROWSER_CODINGS },
          }),
        },
      ],
    });
  say('autocannon: 16 connections, 5 s of warm-up, then 20 s measured, random claim × model pages…');
  const cold = await load(5);
  say(`  warm-up: ${cold.requests.average.toFixed(0)} requests/s, p99 ${cold.latency.p99} ms`);
  const result = await load(20);
  say(`  then 20 s at ${PACED_RPS} requests/s offered…`);
  const paced = await pacedLoad(server.origin, randomPath, PACED_RPS, 20, BROWSER_CODINGS);
  const rss = peakRssMb(server.pid);
  const compressed: number[] = [];
  const raw: number[] = [];
  const codings = new Set<string>();
  for (let i = 0; i < 200; i++) {
    const url = server.origin + randomPath();
    const sent = await sentBytes(url, BROWSER_CODINGS);
    compressed.push(sent.bytes);
    codings.add(sent.coding);
    raw.push((await sentBytes(url, 'identity')).bytes);
  }
  server.stop();
  say(
    `  a claim page: median ${(median(compressed) / 1024).toFixed(1)} KB as sent (${[...codings].join(', ')}), ` +
      `${(median(raw) / 1024).toFixed(1)} KB uncompressed`,
  );
  if (!existsSync(dist)) throw new Error('the server build went');
  const rps = result.requests.average;
  say(
    `  ${rps.toFixed(0)} requests/s, p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms, ` +
      `${result.errors} errors, ${result.non2xx} non-2xx; server peak RSS ${rss.toFixed(0)} MB`,
  );
  say(
    `  at ${PACED_RPS} requests/s offered: ${paced.rps.toFixed(0)} requests/s, ` +
      `p50 ${paced.p50} ms, p99 ${paced.p99} ms, ${paced.errors} errors, ${paced.non2xx} non-2xx`,
  );
  const scale = 1_000_000 / ctx.claims;
  const servers = [1_000, 10_000].flatMap((requests) =>
    [0.9, 0.99].map((hit) => {
      const origin = requests * (1 - hit);
      return {
        requests_per_second: requests,
        cdn_hit_ratio: hit,
        origin_rps: round(origin, 0),
        servers: Math.max(1, Math.ceil(origin / rps)),
      };
    }),
  );
  return {
    claims: ctx.claims,
    models: models.length,
    server_build_seconds: round(run.seconds, 1),
    store_seconds: storeSeconds,
    history_store_seconds: historySeconds,
    compare_store_seconds: compareSeconds,
    history_traces: Number(withHistory?.[1] ?? NaN),
    store_mb: round(storeMb, 1),
    server_build_peak_rss_mb: run.peakRssMb === null ? null : Math.round(run.peakRssMb),
    server_rps: round(rps, 0),
    server_p50_ms: result.latency.p50,
    server_p99_ms: result.latency.p99,
    server_cold_p99_ms: cold.latency.p99,
    server_paced_p50_ms: paced.p50,
    server_paced_p99_ms: paced.p99,
    server_paced_rps: round(paced.rps, 0),
    server_errors: result.errors + cold.errors + paced.errors,
    server_non2xx: result.non2xx + cold.non2xx + paced.non2xx,
    server_rss_mb: Math.round(rss),
    sample_claims: sample,
    server_pages_compared: compared,
    server_pages_identical: identical,
    server_history_compared: historyCompared,
    server_browse_compared: laterBrowse.length,
    server_compare_compared: laterCompare.length,
    server_prerendered_files: prerendered,
    server_etag_304: etag304,
    server_page_kb_compressed_median: round(median(compressed) / 1024, 1),
    server_page_kb_raw_median: round(median(raw) / 1024, 1),
    server_page_coding: [...codings].sort().join(', '),
    projection_1m: {
      store_gb: round((storeMb * scale) / 1024, 1),
      scoring_minutes: round((storeSeconds * scale) / 60, 1),
      servers,
    },
  };
}
