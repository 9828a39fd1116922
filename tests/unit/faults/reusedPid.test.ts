/**
 * A process number is not ownership: numbers are reused (they wrap at 32,768 within minutes under
 * load), so a staging folder left by a killed build whose number now belongs to another process
 * was kept for ever. The folder's name carries the build's start time beside its number (Linux's
 * `/proc/<pid>/stat`), and a live process with that number but another start time does not own it.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bootId, clearLeftovers, isRunning, ownerOf, startTime } from '../../../src/lib/site/build/leftovers.ts';
import { looksLikeStackTrace, tempDir, workspace } from '../../support/cli.ts';
import { runBuild } from './support.ts';

const LINUX = existsSync('/proc/self/stat');

function site(path: string, text: string): void {
  mkdirSync(join(path, 'claims'), { recursive: true });
  writeFileSync(join(path, 'index.html'), text);
}

// A live process whose command name holds a parenthesis and spaces, as /proc/<pid>/stat writes it.
let live: ChildProcess;
beforeAll(() => {
  const odd = join(tempDir(), 'x) 1 2 (y');
  symlinkSync('/bin/sleep', odd);
  live = spawn(odd, ['60'], { stdio: 'ignore' });
});
afterAll(() => {
  live.kill('SIGTERM');
});

describe.runIf(LINUX)('a staging folder whose process number was reused', () => {
  it('is named after the process and the time it started, in ticks since boot', () => {
    const start = startTime(live.pid!);
    expect(start).toMatch(/^\d+$/);
    // Independently: it started within the last minute of the machine's uptime (100 ticks a second).
    const uptime = Number(readFileSync('/proc/uptime', 'utf8').split(' ')[0]);
    expect(Math.abs(Number(start) / 100 - uptime)).toBeLessThan(60);
    // And the boot it started in: the first 8 hex digits of the kernel's boot id, read here on its own.
    const boot = readFileSync('/proc/sys/kernel/random/boot_id', 'utf8').trim().replace(/-/g, '').slice(0, 8);
    expect(boot).toMatch(/^[0-9a-f]{8}$/);
    expect(ownerOf(live.pid)).toBe(`${live.pid}-${start}-${boot}`);
    expect(startTime(2 ** 22 + 1)).toBeNull();
  });

  it('is abandoned when a live process has the number but started at another time', () => {
    const pid = live.pid!;
    const start = startTime(pid)!;
    expect(isRunning(pid, start)).toBe(true);
    expect(isRunning(pid, String(Number(start) + 1))).toBe(false);
    const parent = tempDir();
    const root = tempDir();
    site(join(parent, `site.staging-${pid}-${Number(start) - 7}`), 'left by a build long gone');
    site(join(parent, `site.previous-${pid}-${Number(start) + 7}`), 'left by another');
    site(join(root, '.cache', `site.staging-${pid}-1`), 'and in the cache');
    site(join(parent, `site.staging-${pid}-${start}`), 'the live process’s own');
    site(join(parent, `site.staging-${pid}`), 'an older build’s name, with no start time');

    const done = clearLeftovers(join(parent, 'site'), root, ownerOf());

    expect(done.map(({ path, action }) => [path, action]).sort()).toEqual(
      [
        [join(parent, `site.staging-${pid}-${Number(start) - 7}`), 'removed'],
        [join(parent, `site.previous-${pid}-${Number(start) + 7}`), 'restored'],
        [join(root, '.cache', `site.staging-${pid}-1`), 'removed'],
      ].sort(),
    );
    expect(readdirSync(parent).sort()).toEqual(['site', `site.staging-${pid}`, `site.staging-${pid}-${start}`]);
  });

  it('is abandoned when it was left before the machine last booted, whatever its number and start', () => {
    const pid = live.pid!;
    const start = startTime(pid)!;
    const boot = bootId()!;
    // Another boot's id: this one's first digit changed.
    const other = `${((parseInt(boot[0]!, 16) + 1) % 16).toString(16)}${boot.slice(1)}`;
    expect(isRunning(pid, start, boot)).toBe(true);
    expect(isRunning(pid, start, other)).toBe(false);
    const parent = tempDir();
    site(join(parent, `site.staging-${pid}-${start}-${other}`), 'left before a reboot');
    site(join(parent, `site.staging-${pid}-${start}-${boot}`), 'the live process’s own');

    const done = clearLeftovers(join(parent, 'site'), tempDir(), ownerOf());

    expect(done).toEqual([{ path: join(parent, `site.staging-${pid}-${start}-${other}`), pid, action: 'removed' }]);
    expect(readdirSync(parent)).toEqual([`site.staging-${pid}-${start}-${boot}`]);
  });

  it('is removed by npm run build, which says so and keeps the folder of a build running now', () => {
    const ws = workspace();
    // Broken content stops the build right after the folders are tidied, before Astro.
    ws.copy(join('broken', 'claims', 'missing-source.yaml'), join('content', 'claims', 'missing-source.yaml'));
    const dist = join(ws.root, 'site');
    const reused = `${process.pid}-1`;
    site(dist, 'the previous site');
    site(`${dist}.staging-${reused}`, 'half a site, its number since taken by this test');
    site(`${dist}.staging-${ownerOf()}`, 'a build running now');

    const build = runBuild(ws, dist);

    expect(build.code).toBe(1);
    expect(build.stdout.split('\n').filter((line) => line.includes(ws.root))).toEqual([
      `Removed ${dist}.staging-${reused}, left by build process ${process.pid}, which is no longer running (another process has its number now).`,
    ]);
    expect(looksLikeStackTrace(build.stderr)).toBe(false);
    expect(readdirSync(ws.root).sort()).toEqual(['content', 'models', 'site', `site.staging-${ownerOf()}`]);
  });
});
