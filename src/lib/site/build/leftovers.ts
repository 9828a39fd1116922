/**
 * Folders left by builds that were stopped midway (killed, out of memory, the machine rebooted):
 * `<out>.staging-<pid>` and `<out>.previous-<pid>` beside the site, `.cache/site.staging-<pid>` in
 * the project. Each is a whole site (1.5 GB at 1,000 claims), and no build of another process would
 * ever reuse the name, so the next build removes those whose process is no longer running; a build
 * running at the same time keeps its own. An old site left with no new one swapped in yet (the build
 * stopped between the two renames) is put back instead, so the site is never missing.
 */
import { existsSync, readdirSync, renameSync, rmSync, statSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { CACHE_SITE } from './paths.ts';

/** What was done with one leftover folder. */
export interface Leftover {
  readonly path: string;
  readonly pid: number;
  readonly action: 'removed' | 'restored';
}

/** True while process `pid` runs (another user's process counts: it may be a build too). */
export function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

const escape = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The leftover folders named after `prefix` in `folder`, with the kind and process of each. */
function named(folder: string, prefix: string, kinds: string): { path: string; kind: string; pid: number }[] {
  if (!existsSync(folder)) return [];
  const pattern = new RegExp(`^${escape(prefix)}\\.(${kinds})-(\\d+)$`);
  return readdirSync(folder)
    .sort()
    .flatMap((name) => {
      const match = pattern.exec(name);
      return match ? [{ path: join(folder, name), kind: match[1]!, pid: Number(match[2]) }] : [];
    });
}

/**
 * Removes the leftovers of stopped builds of `out` (and restores an old site if `out` is missing),
 * never those of `self` or of a process still running; says what it did.
 */
export function clearLeftovers(
  out: string,
  root: string,
  self: number = process.pid,
  running: (pid: number) => boolean = isRunning,
): Leftover[] {
  const stopped = [
    ...named(dirname(out), basename(out), 'staging|previous'),
    ...named(join(root, '.cache'), CACHE_SITE, 'staging'),
  ].filter(({ pid }) => pid !== self && !running(pid));
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
