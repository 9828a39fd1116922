/**
 * What `npm run bench` reports: the figures of a whole run (`--json` prints exactly those fields),
 * those of `--only-full`, the limits of common static hosts printed beside the sizes, and the
 * table printed without `--json`.
 */
import type { Run } from './measure.ts';
import type { WhatIfFigures } from './whatIf.ts';
import type { WorkerFigures } from './workers.ts';

/** The figures `--json` prints, exactly these fields. */
export interface Figures extends WhatIfFigures, WorkerFigures {
  traces_per_second: number;
  build_seconds: number;
  bare_seconds: number;
  build_vs_bare: number;
  /**
   * The least full / bare can be here for the work the full build does: its CPU time spread evenly
   * over every core, over the bare build's time.
   */
  build_vs_bare_floor: number | null;
  scaling_ratio: number;
  /** The largest single process of the build (Astro's). */
  peak_rss_mb: number | null;
  /** Every process of the build at once (Astro, its workers, Pagefind), polled every 0.1 s. */
  peak_rss_sum_mb: number | null;
  dist_mb: number;
  page_kb_gzip_median: number;
  page_kb_gzip_max: number;
  /** The median claim page's HTML alone, uncompressed. */
  page_kb_html_median: number;
  /** How many files `dist/` holds (some hosts cap a deployment's file count). */
  files: number;
  /** `dist/` per 1,000 claims, to project a larger site against a host's size limit. */
  dist_mb_per_1000_claims: number;
  rebuild_seconds: number;
  /** Reading every claim's history from git and scoring its revisions, as a build does (N claims, 3 commits of rewording). */
  history_seconds: number;
  history_revisions: number;
  /** The line through the two builds, t = fixed + per claim × n: what a ratio below 1 is made of. */
  fixed_seconds: number;
  ms_per_claim: number;
  marginal_ratio: number;
}

/** What `--only-full` prints: one cold build of all N claims. */
export interface FullFigures {
  claims: number;
  build_seconds: number;
  cpu_seconds: number | null;
  ms_per_claim: number;
  peak_rss_mb: number | null;
  peak_rss_sum_mb: number | null;
  dist_mb: number;
  files: number;
  page_kb_html_median: number;
  page_kb_gzip_median: number;
}

/** Limits of common static hosts, printed beside the sizes. */
export const HOST_LIMITS = { distMb: 1024, files: 20_000 } as const;
/** The limits in words. */
export const HOST_NOTE = 'GitHub Pages publishes at most 1 GB; some hosts cap a deployment at 20,000 files';

/** What scripts/dev/bench/history.ts prints: the history of every claim read and scored. */
export interface HistoryFigures {
  seconds: number;
  cpuSeconds: number;
  loadCpuSeconds: number;
  readSeconds: number;
  commits: number;
  revisions: number;
  traces: number;
}

/** The numbers of claims the builds were made at: N/5, N/2 and N. */
export interface Sizes {
  readonly small: number;
  readonly half: number;
  readonly claims: number;
}

/** The time each claim added from N/2 to N costs, against each claim added from N/5 to N/2. */
export const marginalOf = ({ claims, small, half }: Sizes, atSmall: number, atHalf: number, atFull: number): number =>
  (atFull - atHalf) / (claims - half) / ((atHalf - atSmall) / (half - small));

/** What the table shows beside the figures. */
export interface TableInput {
  readonly figures: Figures;
  readonly n: Sizes;
  readonly runs: {
    readonly small: Run;
    readonly half: Run;
    readonly full: Run;
    readonly bare: Run;
    readonly rebuild: Run;
  };
  readonly htmlPages: number;
  readonly coldJitRate: number;
  readonly history: HistoryFigures;
  readonly machine: string;
  readonly loadAtStart: string;
  readonly loadAtEnd: string;
}

/** The table printed without `--json`: each measure, its figure and its target. */
export function figureTable(input: TableInput): string {
  const { figures, n, htmlPages, coldJitRate, machine, loadAtStart, loadAtEnd } = input;
  const { small, claims } = n;
  const { small: smallRun, half: halfRun, full: fullRun, bare: bareRun, rebuild: rebuildRun } = input.runs;
  const historyFigures = input.history;
  const cpuRatio =
    fullRun.cpuSeconds !== null && bareRun.cpuSeconds !== null
      ? ` (CPU ${(fullRun.cpuSeconds / bareRun.cpuSeconds).toFixed(2)})`
      : '';
  const cpuMarginal =
    smallRun.cpuSeconds !== null && halfRun.cpuSeconds !== null && fullRun.cpuSeconds !== null
      ? ` (CPU ${marginalOf(n, smallRun.cpuSeconds, halfRun.cpuSeconds, fullRun.cpuSeconds).toFixed(3)})`
      : '';
  const cpuScaling =
    fullRun.cpuSeconds !== null && smallRun.cpuSeconds !== null
      ? ` (CPU ${(fullRun.cpuSeconds / claims / (smallRun.cpuSeconds / small)).toFixed(3)})`
      : '';
  const rows: [string, string, string][] = [
    ['engine, one core', `${figures.traces_per_second} traces/s (cold JIT: ${coldJitRate.toFixed(0)})`, '≥ 30000'],
    [`full build, ${claims} claims`, `${figures.build_seconds} s (CPU ${fullRun.cpuSeconds?.toFixed(1) ?? '?'} s)`, ''],
    [
      `bare Astro, ${htmlPages} pages`,
      `${figures.bare_seconds} s (CPU ${bareRun.cpuSeconds?.toFixed(1) ?? '?'} s)`,
      '',
    ],
    ['full / bare', `${figures.build_vs_bare}${cpuRatio}`, '≤ 3.0'],
    ['  at the least, every core busy', `${figures.build_vs_bare_floor ?? '?'}`, ''],
    [
      `one worker / ${figures.build_workers} workers`,
      `${figures.build_speedup} (${figures.build_seconds_1_worker} s, CPU ${figures.cpu_seconds_1_worker ?? '?'} s / ${figures.build_seconds_default_workers} s, CPU ${figures.cpu_seconds_default_workers ?? '?'} s)`,
      '≥ 1.7 on 2 cores',
    ],
    [
      '  cores busy; at the most',
      `${figures.build_cores_busy_1_worker ?? '?'} / ${figures.build_cores_busy_default_workers ?? '?'}; ${figures.build_speedup_ceiling ?? '?'}`,
      '',
    ],
    [`time per claim, N / (N/5)`, `${figures.scaling_ratio}${cpuScaling}`, '0.9 – 1.1'],
    ['  as a line through both', `${figures.fixed_seconds} s + ${figures.ms_per_claim} ms per claim`, ''],
    [
      `  per added claim, N/2→N / N/5→N/2`,
      `${figures.marginal_ratio}${cpuMarginal} (build at N/2: ${halfRun.seconds.toFixed(1)} s)`,
      '0.85 – 1.15',
    ],
    [
      'history of every claim',
      `${figures.history_seconds} s (CPU ${historyFigures.cpuSeconds.toFixed(2)} s, git ${historyFigures.readSeconds.toFixed(2)} s) for ${figures.history_revisions} revisions: ${((100 * figures.history_seconds) / figures.build_seconds).toFixed(1)} % of the build; loading the claims takes CPU ${historyFigures.loadCpuSeconds.toFixed(2)} s`,
      '',
    ],
    [
      'peak RSS of the build',
      `${figures.peak_rss_mb ?? '?'} MB, largest process (${figures.peak_rss_sum_mb ?? '?'} MB, all at once)`,
      '≤ 1500',
    ],
    [
      'dist/',
      `${figures.dist_mb} MB (${figures.dist_mb_per_1000_claims} MB per 1,000 claims)`,
      '≤ 700; a host: ≤ 1024',
    ],
    ['files in dist/', `${figures.files}`, 'a host: ≤ 20000'],
    ['claim page HTML (median)', `${figures.page_kb_html_median} KB`, '≤ 90'],
    ['claim page, gzip (median)', `${figures.page_kb_gzip_median} KB`, '≤ 25'],
    ['claim page, gzip (largest)', `${figures.page_kb_gzip_max} KB`, ''],
    ['what-if panel script, gzip', `${figures.what_if_script_kb_gzip} KB`, '≤ 60'],
    ['playground script, gzip', `${figures.playground_script_kb_gzip ?? '–'} KB`, '≤ 140'],
    [
      'what-if change → figures (CPU 4× slower)',
      `p50 ${figures.what_if_p50_ms} ms, p95 ${figures.what_if_p95_ms} ms`,
      'p95 ≤ 50',
    ],
    [
      'rebuild, one claim changed',
      `${figures.rebuild_seconds} s; ${/scored \d+ of \d+ traces[^\n]*/.exec(rebuildRun.stderr)?.[0] ?? ''}`,
      '',
    ],
  ];
  const width = Math.max(...rows.map((r) => r[0].length));
  const valueWidth = Math.max(...rows.map((r) => r[1].length));
  const out = [`${machine}`, `load average ${loadAtStart} at the start, ${loadAtEnd} at the end`, ``];
  out.push(`${'measure'.padEnd(width)}  ${'figure'.padEnd(valueWidth)}  target`);
  for (const [name, value, target] of rows) out.push(`${name.padEnd(width)}  ${value.padEnd(valueWidth)}  ${target}`);
  return `${out.join('\n')}\n`;
}
