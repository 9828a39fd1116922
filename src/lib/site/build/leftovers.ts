/**
 * Folders left by builds that were stopped midway (killed, out of memory, the machine rebooted):
 * `<out>.staging-<owner>` and `<out>.previous-<owner>` beside the site, `.cache/site.staging-<owner>`
 * and `.cache/compare.staging-<owner>` (a server build's compare rows) in the project. Each is a whole site (1.5 GB at 1,000 claims), so the next build removes those
 * whose owner is no longer running; a build running at the same time keeps its own. The owner is
 * the build's process number and, where the system says it (Linux's `/proc`), that process's start
 * time (`<pid>-<start>`): process numbers are reused (they wrap at 32,768 within minutes under
 * load), and a folder whose number now belongs to a process that started at another time was left
 * by a build that is gone. Start times count from the machine's boot, so the owner also carries the
 * boot's identity (the first 8 hex digits of `/proc/sys/kernel/random/boot_id`): a folder left before
 * a reboot is never taken for a process that happens to have its number and start time since. Where
 * the start time cannot be read, the owner is the number alone and a running process with that
 * number keeps the folder. An old site left with no new one swapped in
 * yet (the build stopped between the two renames) is put back instead, so the site is never missing.
 */
import { existsSync, readdirSync, readFileSync, renameSync, rmSync, statSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { CACHE_CHECKED, CACHE_COMPARE, CACHE_SITE } from './paths.ts';

/** What was done with one leftover folder. */
export interface Leftover {
  readonly path: string;
  readonly pid: number;
  readonly action: 'removed' | 'restored';
}

/**
 * When process `pid` started, in clock ticks after the machine booted (field 22 of Linux's
 * `/proc/<pid>/stat`), or null where that cannot be read (no `/proc`, no such process).
 */
export function startTime(pid: number): string | null {
  let stat: string;
  try {
    stat = readFileSync(`/proc/${pid}/stat`, 'latin1');
  } catch {
    return null;
  }
  // The command name (field 2) is in parentheses and may hold spaces and parentheses itself.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const start = fields[22 - 3];
  return start !== undefined && /^\d+$/.test(start) ? start : null;
}

/** This boot of the machine: the first 8 hex digits of Linux's boot id, or null where it cannot be read. */
export function bootId(): string | null {
  try {
    const id = readFileSync('/proc/sys/kernel/random/boot_id', 'latin1').replace(/-/g, '').slice(0, 8);
    return /^[0-9a-f]{8}$/.test(id) ? id : null;
  } catch {
    return null;
  }
}

/**
 * The owner a build names its folders after: `<pid>-<start>-<boot>`, `<pid>-<start>` where the boot
 * is unknown, or `<pid>` where the start time is unknown too.
 */
export function ownerOf(pid: number = process.pid): string {
  const start = startTime(pid);
  if (start === null) return String(pid);
  const boot = bootId();
  return boot === null ? `${pid}-${start}` : `${pid}-${start}-${boot}`;
}

/**
 * True while the process that owns a folder runs (another user's process counts: it may be a build
 * too): the folder was made since the machine last booted (when it recorded the boot), process `pid`
 * runs and, when the folder recorded a start time and the system says one, it started then (else
 * the number was reused by another process).
 */
export function isRunning(pid: number, start: string | null = null, boot: string | null = null): boolean {
  if (boot !== null) {
    const now = bootId();
    if (now !== null && now !== boot) return false;
  }
  try {
    process.kill(pid, 0);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EPERM') return false;
  }
  if (start === null) return true;
  const now = startTime(pid);
  return now === null || now === start;
}

const escape = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

interface Named {
  readonly path: string;
  readonly kind: string;
  readonly owner: string;
  readonly pid: number;
  readonly start: string | null;
  readonly boot: string | null;
}

/** The leftover folders named after `prefix` in `folder`, with the kind and owner of each. */
function named(folder: string, prefix: string, kinds: string): Named[] {
  if (!existsSync(folder)) return [];
  const pattern = new RegExp(`^${escape(prefix)}\\.(${kinds})-((\\d+)(?:-(\\d+)(?:-([0-9a-f]{8}))?)?)$`);
  return readdirSync(folder)
    .sort()
    .flatMap((name) => {
      const match = pattern.exec(name);
      if (!match) return [];
      const [, kind, owner, pid, start, boot] = match;
      return [
        {
          path: join(folder, name),
          kind: kind!,
          owner: owner!,
          pid: Number(pid),
          start: start ?? null,
          boot: boot ?? null,
        },
      ];
    });
}

/**
 * Removes the leftovers of stopped builds of `out` (and restores an old site if `out` is missing),
 * never those of `self` (this build's owner, ownerOf) or of an owner still running; says what it did.
 */
export function clearLeftovers(
  out: string,
  root: string,
  self: number | string = ownerOf(),
  running: (pid: number, start: string | null, boot: string | null) => boolean = isRunning,
): Leftover[] {
  const stopped = [
    ...named(dirname(out), basename(out), 'staging|previous'),
    ...named(join(root, '.cache'), CACHE_SITE, 'staging'),
    ...named(join(root, '.cache'), CACHE_COMPARE, 'staging'),
    ...named(join(root, '.cache'), CACHE_CHECKED, 'staging'),
  ].filter(({ owner, pid, start, boot }) => owner !== String(self) && !running(pid, start, boot));
  const done: Leftover[] = [];
  const previous = stopped.filter(({ kind }) => kind === 'previous');
  if (!existsSync(out) && previous.length > 0) {
    // The one written last was the live site; any other is older still.
    const newest = previous.reduce((a, b) => (statSync(b.path).mtimeMs > statSync(a.path).mtimeMs ? b : a));
    renameSync(newest.path, out);
    done.push({ path: newest.path, pid: newest.pid, action: 'restored' });
  }
  for (const leftover of stopped) {
    if (done.some((d) => d.path === leftover.path)) continue;
    rmSync(leftover.path, { recursive: true, force: true });
    done.push({ path: leftover.path, pid: leftover.pid, action: 'removed' });
  }
  return done;
}
