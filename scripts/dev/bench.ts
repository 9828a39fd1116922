/**
 * `npm run bench [-- --claims N] [--json]`: how fast the ledger is, measured honestly in one run on
 * this machine (by hand, never in `npm test`). It writes N synthetic claims (0 to 12 links over 1 to
 * 5 sources, reviews, votes, every claim type, refusals included) and measures:
 *
 * - the engine alone: traces per second on one core, every claim under the six released models;
 * - the full site build (`npm run -s build`, in a throw-away copy of the site) at N/5, N/2 and N
 *   (the builds at N/5 and N/2 three times each, their median counting): the time per claim at N
 *   against N/5, and the time per added claim from N/2 to N against N/5 to N/2 (which leaves out
 *   the fixed start-up);
 * - the build at N once more on one thread (`LEDGER_BUILD_WORKERS=1`), right after the build on the
 *   default pool of threads: `build_speedup`, the first over the second (scripts/dev/bench/workers.ts),
 *   with each build's cores kept busy and the most the speed-up can be for the work the default build
 *   does (`build_speedup_ceiling`: its CPU time spread evenly over every core);
 * - a bare Astro build of as many trivial pages as the full build made (three times, the median
 *   counting), and full / bare (and `build_vs_bare_floor`, the least it can be for the full build's
 *   CPU time spread evenly over every core);
 * - the build's peak memory, the size of dist/, the median and largest claim page (gzip, HTML and
 *   its CSS, no fonts);
 * - the what-if panel's and the playground's scripts gzipped, and the panel's time from a change to
 *   its updated figures on the largest claim page, in Chromium with the CPU slowed four times
 *   (bench/whatIf.ts; the machine's own load shows in it);
 * - a rebuild after one claim file changed.
 *
 * Prints a table, or with `--json` one JSON object with exactly the fields of `Figures`. Beside the
 * sizes it prints the limits of common static hosts, so a site owner sees when they near one.
 *
 * `--only-full` builds the N claims once (no engine runs, smaller builds, rebuild or bare build) and
 * reports that build's time, memory and size (`FullFigures`): for sizes where the whole bench would
 * take too long, e.g. `--claims 10000 --only-full --json`.
 *
 * `--server` measures server mode instead (scripts/dev/bench/server.ts, `ServerFigures`): the server
 * build at N, the server under autocannon, its pages against a static build of a sample, and a
 * projection to 1,000,000 claims, e.g. `--server --claims 20000 --json`.
 */
import { spawnSync } from 'node:child_process';
import { availableParallelism, cpus, loadavg, totalmem } from 'node:os';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { progress } from '../../src/lib/site/progress.ts';
import { engineFigures } from './bench/engineRuns.ts';
import {
  figureTable,
  HOST_LIMITS,
  HOST_NOTE,
  marginalOf,
  type Figures,
  type FullFigures,
  type HistoryFigures,
} from './bench/figures.ts';
import { measure, median, siteSizes, type Run } from './bench/measure.ts';
import { bareSite, claimFile, commitHistory, copySite, writeClaims } from './bench/project.ts';
import { serverBench } from './bench/server.ts';
import { whatIfFigures } from './bench/whatIf.ts';
import { workerFigures } from './bench/workers.ts';

function option(name: string): string | undefined {
  const i = process.argv.indexOf(name);
  return i >= 0 ? process.argv[i + 1] : undefined;
}

const claims = Number(option('--claims') ?? 1000);
const asJson = process.argv.includes('--json');
const onlyFull = process.argv.includes('--only-full');
const keep = process.argv.includes('--keep');
if (!Number.isInteger(claims) || claims < 5) {
  process.stderr.write('--claims must be a whole number of at least 5\n');
  process.exit(2);
}
const repo = resolve(import.meta.dirname, '..', '..');
const root = mkdtempSync(join(tmpdir(), 'ledger-bench-'));
const site = join(root, 'site');
const bare = join(root, 'bare');
const say = (text: string): void => {
  if (!asJson) process.stderr.write(`${text}\n`);
};
const fail = (what: string, run: Run): never => {
  process.stderr.write(`${what} failed (exit ${run.status}):\n${run.stderr.slice(-4000)}\n`);
  if (!keep) rmSync(root, { recursive: true, force: true });
  process.exit(1);
};

const round = (value: number, places: number): number => Math.round(value * 10 ** places) / 10 ** places;

const machine = `${cpus()[0]?.model ?? 'unknown CPU'}, ${cpus().length} cores, ${(totalmem() / 2 ** 30).toFixed(1)} GiB, Node ${process.version}, ${process.platform}`;
const loadAtStart = loadavg()
  .map((l) => l.toFixed(1))
  .join(' ');
say(`bench: ${claims} claims × 6 models on ${machine}; load average ${loadAtStart}; work folder ${root}`);

// 1. The site copy and its synthetic claims.
copySite(repo, site);
const write = progress('writing claims', claims);
writeClaims(site, claims, () => write.tick());
write.done();
// The claims get a history in git, so that every build reads and renders it as the real site does.
commitHistory(site, claims);

// How a build is run and measured.
const env = (cache: string, dist: string): NodeJS.ProcessEnv => ({
  ...process.env,
  LEDGER_DIST: dist,
  LEDGER_TRACE_CACHE: cache,
  SOURCE_DATE_EPOCH: process.env['SOURCE_DATE_EPOCH'] ?? '1790000000',
  ASTRO_TELEMETRY_DISABLED: '1',
  FORCE_COLOR: '0',
});
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const build = async (label: string, cache: string, dist: string, extra: NodeJS.ProcessEnv = {}): Promise<Run> => {
  say(`${label}…`);
  const run = await measure(npm, ['run', '-s', 'build'], { cwd: site, env: { ...env(cache, dist), ...extra } });
  if (run.status !== 0) fail(label, run);
  const scored = /scored \d+ of \d+ traces[^\n]*/.exec(run.stderr)?.[0] ?? '(no scoring line)';
  say(
    `  ${run.seconds.toFixed(1)} s wall, ${run.cpuSeconds?.toFixed(1) ?? '?'} s CPU, peak RSS ${run.peakRssMb?.toFixed(0) ?? '?'} MB (largest process; ${run.peakRssSumMb?.toFixed(0) ?? '?'} MB all processes at once); ${scored}`,
  );
  return run;
};
const isClaimPage = (relative: string): boolean =>
  // A claim's history page is not a claim page.
  /^claims\/[^/]+\/(?:(?!history\/)[^/]+\/)?index\.html$/.test(relative.split('\\').join('/'));

/** The size figures of a full build, and the warnings for hosts it would not fit. */
const sizesOf = (dist: string): ReturnType<typeof siteSizes> => {
  const bar = progress('measuring claim pages', claims * 7);
  const measured = siteSizes(dist, isClaimPage, () => bar.tick());
  bar.done();
  say(
    `  dist ${measured.distMb.toFixed(0)} MB in ${measured.files} files, ${measured.htmlPages} HTML pages, ${measured.claimPagesKb.length} claim pages`,
  );
  if (measured.distMb > HOST_LIMITS.distMb || measured.files > HOST_LIMITS.files)
    say(`  note: over a host limit (${HOST_NOTE})`);
  return measured;
};

if (process.argv.includes('--server')) {
  const figures = await serverBench({ site, root, claims, env, say, fail, writeClaims: (n) => writeClaims(site, n) });
  if (asJson) process.stdout.write(`${JSON.stringify(figures)}\n`);
  else process.stdout.write(`${JSON.stringify(figures, null, 2)}\n`);
  say(
    `machine: ${machine}; load average ${loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')} at the end (its cores are shared)`,
  );
  if (!keep) rmSync(root, { recursive: true, force: true });
  process.exit(0);
}

if (onlyFull) {
  const dist = join(site, 'dist-full');
  const run = await build(`build at N = ${claims} claims (cold trace cache)`, join(root, 'cache'), dist);
  const measured = sizesOf(dist);
  const full: FullFigures = {
    claims,
    build_seconds: round(run.seconds, 1),
    cpu_seconds: run.cpuSeconds === null ? null : round(run.cpuSeconds, 1),
    ms_per_claim: round((run.seconds / claims) * 1000, 1),
    peak_rss_mb: run.peakRssMb === null ? null : Math.round(run.peakRssMb),
    peak_rss_sum_mb: run.peakRssSumMb == null ? null : Math.round(run.peakRssSumMb),
    dist_mb: round(measured.distMb, 1),
    files: measured.files,
    page_kb_html_median: round(median(measured.claimPagesHtmlKb), 1),
    page_kb_gzip_median: round(median(measured.claimPagesKb), 1),
  };
  if (asJson) process.stdout.write(`${JSON.stringify(full)}\n`);
  else for (const [name, value] of Object.entries(full)) process.stdout.write(`${name.padEnd(20)} ${String(value)}\n`);
  if (!keep) rmSync(root, { recursive: true, force: true });
  process.exit(0);
}

// 2. The engine alone, in fresh processes pinned to one core (bench/engineRuns.ts).
const { byCpu, byWall, tracesPerSecond, coldJitRate } = engineFigures(site, fail);
say(
  `engine: ${median(byCpu).toFixed(0)} traces/s by CPU time, ${median(byWall).toFixed(0)} by wall clock ` +
    `(runs: ${byCpu.map((r) => r.toFixed(0)).join(', ')}); first pass with a cold JIT ${coldJitRate.toFixed(0)}/s`,
);

// 3. Full builds with a cold trace cache: N/5, N/2, then N.
/**
 * Cold builds of the first `n` synthetic claims, each with a trace cache of its own and its output
 * removed afterwards, `REPEATS` of them: the one of median time. The builds at N/5 and N/2 take 10 to
 * 25 s, and this machine's runs of that length vary by seconds, which the time per added claim
 * between them (a difference of differences) would otherwise measure more than the build.
 */
const REPEATS = 3;
/** Of runs of one measure (an odd number of them), the run of median time. */
const medianRun = (runs: readonly Run[]): Run => [...runs].sort((a, b) => a.seconds - b.seconds)[runs.length >> 1]!;
const buildOf = async (n: number, what: string): Promise<Run> => {
  writeClaims(site, n);
  const runs: Run[] = [];
  for (let i = 0; i < REPEATS; i++) {
    const out = join(site, `dist-${n}-${i}`);
    const label = `build at ${what} = ${n} claims (cold trace cache, ${i + 1} of ${REPEATS})`;
    runs.push(await build(label, join(root, `cache-${n}-${i}`), out));
    rmSync(out, { recursive: true, force: true });
  }
  const chosen = medianRun(runs);
  say(
    `  median of ${REPEATS}: ${chosen.seconds.toFixed(1)} s (runs ${runs.map((r) => r.seconds.toFixed(1)).join(', ')} s)`,
  );
  return chosen;
};
const small = Math.max(1, Math.round(claims / 5));
const smallRun = await buildOf(small, 'N/5');
// A third size between the two, so that linearity can be read apart from the fixed start-up.
const half = Math.max(small + 1, Math.round(claims / 2));
const halfRun = await buildOf(half, 'N/2');
writeClaims(site, claims);
const dist = join(site, 'dist-full');
const fullRun = await build(`build at N = ${claims} claims (cold trace cache)`, join(root, 'cache'), dist);
// The same build on one thread (no pool), right after it: the pool's speed-up (bench/workers.ts).
const oneThreadDist = join(site, 'dist-one-thread');
const oneThreadRun = await build(
  `build at N = ${claims} claims on one thread (LEDGER_BUILD_WORKERS=1, cold trace cache)`,
  join(root, 'cache-one-thread'),
  oneThreadDist,
  { LEDGER_BUILD_WORKERS: '1' },
);
rmSync(oneThreadDist, { recursive: true, force: true });

// The history alone, in a fresh process: one git log walk and one cat-file batch, then scoring.
const historyRun = spawnSync(
  process.execPath,
  ['--import', 'tsx', join(site, 'scripts', 'dev', 'bench', 'history.ts')],
  {
    cwd: site,
    encoding: 'utf8',
  },
);
if (historyRun.status !== 0) {
  fail('history measure', {
    status: historyRun.status,
    seconds: 0,
    cpuSeconds: null,
    peakRssMb: null,
    stdout: historyRun.stdout,
    stderr: historyRun.stderr,
  });
}
const historyFigures = JSON.parse(historyRun.stdout) as HistoryFigures;
say(
  `  history: ${historyFigures.seconds.toFixed(2)} s for ${historyFigures.revisions} revisions in ${historyFigures.commits} commits (git ${historyFigures.readSeconds.toFixed(2)} s), ${historyFigures.traces} traces`,
);

// 4. Sizes of the full build.
const sizes = sizesOf(dist);

// The what-if panel on the largest claim page, in Chromium with the CPU slowed four times.
say('what-if panel: the scripts gzipped, and a change timed on the largest claim page (CPU 4× slower)…');
const whatIf = await whatIfFigures(dist);
say(`  p50 ${whatIf.what_if_p50_ms} ms, p95 ${whatIf.what_if_p95_ms} ms`);

// 5. A rebuild after one claim file changed, with the cache the full build left.
const edited = claimFile(site, 0);
writeFileSync(
  edited,
  readFileSync(edited, 'utf8').replace(/^statement: .*$/m, 'statement: "A statement edited for the rebuild."'),
);
const rebuildRun = await build('rebuild after one claim changed', join(root, 'cache'), dist);

// 6. A bare Astro build of as many trivial pages as the full build made, three times into an empty
// dist/ each: the median counts. Most of its 8 to 15 s is the kernel's (making thousands of folders
// and files), which varies from run to run by more than the full build does.
bareSite(repo, bare, sizes.htmlPages);
const bareRuns: Run[] = [];
for (let i = 0; i < REPEATS; i++) {
  rmSync(join(bare, 'dist'), { recursive: true, force: true });
  say(`bare Astro build of ${sizes.htmlPages} trivial pages (${i + 1} of ${REPEATS})…`);
  const run = await measure(process.execPath, ['node_modules/astro/astro.js', 'build', '--silent'], {
    cwd: bare,
    env: env('off', join(bare, 'dist')),
  });
  if (run.status !== 0) fail('the bare build', run);
  say(`  ${run.seconds.toFixed(1)} s wall, ${run.cpuSeconds?.toFixed(1) ?? '?'} s CPU`);
  bareRuns.push(run);
}
const bareRun = medianRun(bareRuns);

// The line through N/5 and N, t = fixed + perClaim × n: a scaling ratio below 1 is the fixed
// start-up (bundling, checking, indexing) spread over more claims. The time each added claim costs
// from N/5 to N/2 and from N/2 to N says whether the build slows as it grows (1 is linear).
const perClaim = (fullRun.seconds - smallRun.seconds) / (claims - small);
const fixed = fullRun.seconds - perClaim * claims;
const n = { small, half, claims };
const marginal = marginalOf(n, smallRun.seconds, halfRun.seconds, fullRun.seconds);
const figures: Figures = {
  traces_per_second: Math.round(tracesPerSecond),
  build_seconds: round(fullRun.seconds, 1),
  bare_seconds: round(bareRun.seconds, 1),
  build_vs_bare: round(fullRun.seconds / bareRun.seconds, 2),
  build_vs_bare_floor:
    fullRun.cpuSeconds === null ? null : round(fullRun.cpuSeconds / availableParallelism() / bareRun.seconds, 2),
  scaling_ratio: round(fullRun.seconds / claims / (smallRun.seconds / small), 3),
  peak_rss_mb: fullRun.peakRssMb === null ? null : Math.round(Math.max(fullRun.peakRssMb, rebuildRun.peakRssMb ?? 0)),
  peak_rss_sum_mb:
    fullRun.peakRssSumMb == null ? null : Math.round(Math.max(fullRun.peakRssSumMb, rebuildRun.peakRssSumMb ?? 0)),
  dist_mb: round(sizes.distMb, 1),
  page_kb_gzip_median: round(median(sizes.claimPagesKb), 1),
  page_kb_gzip_max: round(Math.max(...sizes.claimPagesKb), 1),
  page_kb_html_median: round(median(sizes.claimPagesHtmlKb), 1),
  files: sizes.files,
  dist_mb_per_1000_claims: round((sizes.distMb / claims) * 1000, 1),
  rebuild_seconds: round(rebuildRun.seconds, 1),
  history_seconds: round(historyFigures.seconds, 2),
  history_revisions: historyFigures.revisions,
  fixed_seconds: round(fixed, 1),
  ms_per_claim: round(perClaim * 1000, 1),
  marginal_ratio: round(marginal, 3),
  ...whatIf,
  ...workerFigures(oneThreadRun, fullRun),
};
const loadAtEnd = loadavg()
  .map((l) => l.toFixed(1))
  .join(' ');

if (asJson) {
  process.stdout.write(`${JSON.stringify(figures)}\n`);
} else {
  process.stdout.write(
    figureTable({
      figures,
      n,
      runs: { small: smallRun, half: halfRun, full: fullRun, bare: bareRun, rebuild: rebuildRun },
      htmlPages: sizes.htmlPages,
      coldJitRate,
      history: historyFigures,
      machine,
      loadAtStart,
      loadAtEnd,
    }),
  );
}
writeFileSync(join(root, 'figures.json'), `${JSON.stringify(figures, null, 2)}\n`);
if (keep) say(`kept ${root}`);
else rmSync(root, { recursive: true, force: true });
