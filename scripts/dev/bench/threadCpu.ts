/**
 * `npx tsx scripts/dev/bench/threadCpu.ts [--every <s>] <command…>`: runs the command (a build or a
 * bench) and prints the CPU time (user + system) of each thread of every Astro build process under
 * it, and of the pool's worker processes (`boot.mjs`), read from `/proc/<pid>/task/*` every 0.2 s
 * while it runs (Linux only). A process's own thread is `main`; V8's helpers and Node's file-system
 * threads are listed by their thread id, in the order the process started them.
 *
 * With `--every <s>` it also prints, every s seconds, how many cores each kind of process kept busy
 * in that time: the build script (which checks the content on every core), Astro, the pool's
 * workers together, Pagefind, and the rest (npm, tsx, esbuild, git), and at the end each kind's CPU
 * seconds, the cores idle and the least wall time the work could take on every core: where each
 * core spends a build. The command's own output goes to standard error. docs/building-on-every-core.md
 * has what it measured.
 */
import { spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';

const TICKS = 100; // USER_HZ, the unit of /proc's times on Linux
const read = (path: string): string | null => {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return null;
  }
};
const list = (path: string): string[] => {
  try {
    return readdirSync(path);
  } catch {
    return [];
  }
};

/** The process and every process under it. */
function family(pid: number): number[] {
  const found = [pid];
  for (const tid of list(`/proc/${pid}/task`))
    for (const child of (read(`/proc/${pid}/task/${tid}/children`) ?? '').split(' ').filter(Boolean))
      found.push(...family(Number(child)));
  return found;
}

/** What a build process is, from its command line: Astro's, one of the pool's workers, or neither. */
function kindOf(cmdline: string): 'astro' | 'worker' | null {
  if (cmdline.includes('astro.js\0build')) return 'astro';
  if (cmdline.includes('pool/boot.mjs')) return 'worker';
  return null;
}

/** The kinds of process the timeline tells apart, in its columns' order. */
const KINDS = ['build', 'astro', 'workers', 'pagefind', 'other'] as const;
type Kind = (typeof KINDS)[number];

/** Which column of the timeline a process of the build counts in. */
function columnOf(cmdline: string): Kind {
  const kind = kindOf(cmdline);
  if (kind !== null) return kind === 'worker' ? 'workers' : kind;
  if (cmdline.includes('scripts/build.ts')) return 'build';
  if (cmdline.includes('pagefind')) return 'pagefind';
  return 'other';
}

/** Every process's CPU seconds when last read (all its threads), and the column it counts in. */
const processes = new Map<number, { kind: Kind; seconds: number }>();
function sampleProcesses(commands: ReadonlyMap<number, string>): void {
  for (const [pid, command] of commands) {
    const stat = read(`/proc/${pid}/stat`);
    if (stat === null) continue;
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const seconds = (Number(fields[11]) + Number(fields[12])) / TICKS;
    processes.set(pid, { kind: columnOf(command), seconds });
  }
}

/** Each column's CPU seconds so far. */
function byKind(): Record<Kind, number> {
  const sums = Object.fromEntries(KINDS.map((kind) => [kind, 0])) as Record<Kind, number>;
  for (const { kind, seconds } of processes.values()) sums[kind] += seconds;
  return sums;
}

const last = new Map<string, { kind: string; pid: number; tid: number; seconds: number }>();
function sample(commands: ReadonlyMap<number, string>): void {
  for (const [pid, command] of commands) {
    const kind = kindOf(command);
    if (kind === null) continue;
    for (const tid of list(`/proc/${pid}/task`)) {
      const stat = read(`/proc/${pid}/task/${tid}/stat`);
      if (stat === null) continue;
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      const seconds = (Number(fields[11]) + Number(fields[12])) / TICKS;
      last.set(`${pid}/${tid}`, { kind, pid, tid: Number(tid), seconds });
    }
  }
}

let argv = process.argv.slice(2);
let every: number | null = null;
if (argv[0] === '--every') {
  every = Number(argv[1]);
  argv = argv.slice(2);
}
const [command, ...args] = argv;
if (command === undefined || (every !== null && !(every >= 0.2))) {
  process.stderr.write('usage: npx tsx scripts/dev/bench/threadCpu.ts [--every <seconds, at least 0.2>] <command…>\n');
  process.exit(2);
}
const started = performance.now();
const elapsed = (): number => (performance.now() - started) / 1000;
const row = (cells: readonly string[]): string => `${cells.map((cell) => cell.padStart(9)).join('')}\n`;
let before = byKind();
if (every !== null) process.stdout.write(row(['t (s)', 'cores', ...KINDS]));
// The command's own output goes to standard error, so that standard output is the report alone.
const child = spawn(command, args, { stdio: ['inherit', 2, 'inherit'] });
const timer = setInterval(() => {
  // Each process's command line, read once a sample (a process may exec another command).
  const commands = new Map(family(child.pid!).map((pid) => [pid, read(`/proc/${pid}/cmdline`) ?? ''] as const));
  sample(commands);
  sampleProcesses(commands);
}, 200);
const timeline =
  every === null
    ? null
    : setInterval(() => {
        const now = byKind();
        const cores = KINDS.map((kind) => (now[kind] - before[kind]) / every);
        before = now;
        const busy = cores.reduce((a, b) => a + b, 0);
        process.stdout.write(row([elapsed().toFixed(1), busy.toFixed(2), ...cores.map((c) => c.toFixed(2))]));
      }, every * 1000);
child.on('close', (code) => {
  clearInterval(timer);
  if (timeline !== null) {
    clearInterval(timeline);
    const wall = elapsed();
    const sums = byKind();
    const cpu = KINDS.reduce((sum, kind) => sum + sums[kind], 0);
    const cores = availableParallelism();
    process.stdout.write(
      `CPU seconds: ${KINDS.map((kind) => `${kind} ${sums[kind].toFixed(1)}`).join(', ')}; ${cpu.toFixed(1)} in all in ${wall.toFixed(1)} s (${(cpu / wall).toFixed(2)} cores busy of ${cores}, ${(cores * wall - cpu).toFixed(1)} core-seconds idle); on every core this work takes at least ${(cpu / cores).toFixed(1)} s\n`,
    );
  }
  const threads = [...last.values()].sort((a, b) => a.pid - b.pid || a.tid - b.tid);
  for (const { kind, pid, tid, seconds } of threads)
    if (seconds >= 0.3)
      process.stdout.write(`${kind} ${pid} ${pid === tid ? 'main' : `thread ${tid}`}: ${seconds.toFixed(1)} s\n`);
  const total = threads.reduce((sum, t) => sum + t.seconds, 0);
  process.stdout.write(`astro and worker threads in all: ${total.toFixed(1)} s\n`);
  process.exit(code ?? 1);
});
