/**
 * Measuring a child process (wall time, CPU time, the peak resident memory of the largest process
 * in its tree and of all of them together) and a built site (its size, and the gzip size of each claim page with the CSS it
 * loads, fonts excluded).
 */
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { gzipSync } from 'node:zlib';

/** What a measured run gave. */
export interface Run {
  readonly status: number | null;
  readonly seconds: number;
  readonly cpuSeconds: number | null;
  readonly peakRssMb: number | null;
  /** The most resident memory the tree's processes held at once, added up (polled). */
  readonly peakRssSumMb?: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

const TIME = '/usr/bin/time';

/**
 * The largest peak RSS (VmHWM, kB) of a live process whose ancestry includes `root`, and the sum of
 * their resident sets now (VmRSS).
 */
function treeRssKb(root: number): { peak: number; sum: number } {
  let peak = 0;
  let sum = 0;
  let entries: string[];
  try {
    entries = readdirSync('/proc').filter((name) => /^\d+$/.test(name));
  } catch {
    return { peak, sum };
  }
  const parents = new Map<number, number>();
  for (const pid of entries) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      parents.set(Number(pid), Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]));
    } catch {
      // The process ended while we looked.
    }
  }
  for (const pid of parents.keys()) {
    let p: number | undefined = pid;
    while (p !== undefined && p > 1 && p !== root) p = parents.get(p);
    if (p !== root) continue;
    try {
      const status = readFileSync(`/proc/${pid}/status`, 'utf8');
      const hwm = /VmHWM:\s+(\d+)/.exec(status);
      if (hwm) peak = Math.max(peak, Number(hwm[1]));
      const rss = /VmRSS:\s+(\d+)/.exec(status);
      if (rss) sum += Number(rss[1]);
    } catch {
      // Ended.
    }
  }
  return { peak, sum };
}

/**
 * Runs a command, timing it by the wall clock. The peak resident set size is that of the largest
 * single process of the tree: /proc is polled every 100 ms for the tree's VmHWM and, with GNU time
 * present, the kernel's accounting is read too (with the CPU time), the larger of the two kept. The
 * kernel counts only processes that were waited for, which Pagefind's indexer, the largest process
 * of a 10,000-claim build after Astro, is not; the poll may miss a process that lives under 100 ms.
 */
export function measure(
  command: string,
  args: readonly string[],
  options: { cwd: string; env: NodeJS.ProcessEnv },
): Promise<Run> {
  const withTime = existsSync(TIME);
  const report = join(options.cwd, `.bench-time-${process.pid}`);
  const [file, argv] = withTime ? [TIME, ['-f', '%M %U %S', '-o', report, command, ...args]] : [command, [...args]];
  const started = performance.now();
  return new Promise((resolve) => {
    const child = spawn(file, argv, { cwd: options.cwd, env: options.env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    let polledKb = 0;
    let polledSumKb = 0;
    const poll = setInterval(() => {
      const { peak, sum } = treeRssKb(child.pid ?? -1);
      polledKb = Math.max(polledKb, peak);
      polledSumKb = Math.max(polledSumKb, sum);
    }, 100);
    child.on('close', (status) => {
      clearInterval(poll);
      const seconds = (performance.now() - started) / 1000;
      let peakRssMb: number | null = polledKb > 0 ? polledKb / 1024 : null;
      let cpuSeconds: number | null = null;
      if (withTime && existsSync(report)) {
        const [kb, user, system] = readFileSync(report, 'utf8').trim().split('\n').pop()!.split(' ').map(Number);
        peakRssMb = Math.max(kb!, polledKb) / 1024;
        cpuSeconds = user! + system!;
        rmSync(report, { force: true });
      }
      const peakRssSumMb = polledSumKb > 0 ? polledSumKb / 1024 : null;
      resolve({ status, seconds, cpuSeconds, peakRssMb, peakRssSumMb, stdout, stderr });
    });
  });
}

/** Every file under a folder, with its size. */
export function filesUnder(dir: string): { path: string; bytes: number }[] {
  const found: { path: string; bytes: number }[] = [];
  const walk = (folder: string): void => {
    for (const name of readdirSync(folder)) {
      const full = join(folder, name);
      const stat = statSync(full);
      if (stat.isDirectory()) walk(full);
      else found.push({ path: full, bytes: stat.size });
    }
  };
  walk(dir);
  return found;
}

/** The middle value of a list of numbers (the mean of the two middle ones for an even count). */
export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length === 0
    ? Number.NaN
    : sorted.length % 2 === 1
      ? sorted[mid]!
      : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/** The stylesheets a page links, as paths under the site's root. */
export function stylesheetsOf(html: string): string[] {
  const sheets: string[] = [];
  for (const tag of html.match(/<link\b[^>]*>/g) ?? []) {
    if (!/\brel=["']?stylesheet\b/.test(tag)) continue;
    const href = /\bhref=["']?([^"' >]+)/.exec(tag)?.[1];
    if (href !== undefined && !/^[a-z]+:|^\/\//i.test(href)) sheets.push(href);
  }
  return sheets;
}

/** What `siteSizes` measured. */
export interface SiteSizes {
  readonly distMb: number;
  /** Every file in the folder, HTML or not: what a host's file-count limit counts. */
  readonly files: number;
  readonly htmlPages: number;
  /** Each claim page gzipped with the CSS it loads. */
  readonly claimPagesKb: number[];
  /** Each claim page's HTML alone, uncompressed. */
  readonly claimPagesHtmlKb: number[];
}

/** Sizes of a built site: all of it, and each claim page (HTML and its CSS, gzipped; no fonts). */
export function siteSizes(dist: string, isClaimPage: (relative: string) => boolean, onPage?: () => void): SiteSizes {
  const files = filesUnder(dist);
  const distMb = files.reduce((sum, f) => sum + f.bytes, 0) / (1024 * 1024);
  const htmlPages = files.filter((f) => f.path.endsWith('.html')).length;
  const cssKb = new Map<string, number>();
  const claimPagesKb: number[] = [];
  const claimPagesHtmlKb: number[] = [];
  for (const { path } of files) {
    const relative = path.slice(dist.length + 1);
    if (!isClaimPage(relative)) continue;
    const html = readFileSync(path);
    claimPagesHtmlKb.push(html.length / 1024);
    let kb = gzipSync(html).length / 1024;
    for (const href of stylesheetsOf(html.toString('utf8'))) {
      const clean = href.replace(/[?#].*$/, '');
      const sheet = clean.startsWith('/') ? join(dist, clean) : join(dirname(path), clean);
      if (!cssKb.has(sheet)) cssKb.set(sheet, existsSync(sheet) ? gzipSync(readFileSync(sheet)).length / 1024 : 0);
      kb += cssKb.get(sheet)!;
    }
    claimPagesKb.push(kb);
    onPage?.();
  }
  return { distMb, files: files.length, htmlPages, claimPagesKb, claimPagesHtmlKb };
}
