/**
 * `npx tsx scripts/dev/bench/threadCpu.ts <command…>`: runs the command (a build or a bench) and
 * prints the CPU time (user + system) of each thread of every Astro build process under it, and of
 * the pool's worker processes (`boot.mjs`), read from `/proc/<pid>/task/*` every 0.2 s while it runs
 * (Linux only). A process's own thread is `main`; V8's helpers and Node's file-system threads are
 * listed by their thread id, in the order the process started them. docs/building-on-every-core.md has what it measured.
 */
import { spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';

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

const last = new Map<string, { kind: string; pid: number; tid: number; seconds: number }>();
function sample(root: number): void {
  for (const pid of family(root)) {
    const kind = kindOf(read(`/proc/${pid}/cmdline`) ?? '');
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

const [command, ...args] = process.argv.slice(2);
if (command === undefined) {
  process.stderr.write('usage: npx tsx scripts/dev/bench/threadCpu.ts <command…>\n');
  process.exit(2);
}
const child = spawn(command, args, { stdio: 'inherit' });
const timer = setInterval(() => sample(child.pid!), 200);
child.on('close', (code) => {
  clearInterval(timer);
  const threads = [...last.values()].sort((a, b) => a.pid - b.pid || a.tid - b.tid);
  for (const { kind, pid, tid, seconds } of threads)
    if (seconds >= 0.3)
      process.stdout.write(`${kind} ${pid} ${pid === tid ? 'main' : `thread ${tid}`}: ${seconds.toFixed(1)} s\n`);
  const total = threads.reduce((sum, t) => sum + t.seconds, 0);
  process.stdout.write(`astro and worker threads in all: ${total.toFixed(1)} s\n`);
  process.exit(code ?? 1);
});
