/**
 * A build killed midway leaves `<out>.staging-<pid>` and `<out>.previous-<pid>` (a whole site
 * each); the next build removes those whose process is no longer running, says so, and keeps
 * those of a build running beside it. An old site left with no new one in its place is put back.
 */
import { mkdirSync, readdirSync, readFileSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { clearLeftovers } from '../../../src/lib/site/build/leftovers.ts';
import { looksLikeStackTrace, tempDir, workspace } from '../../support/cli.ts';
import { finishedPid, runBuild } from './support.ts';

function site(path: string, text: string): void {
  mkdirSync(join(path, 'claims'), { recursive: true });
  writeFileSync(join(path, 'index.html'), text);
}

describe('clearLeftovers', () => {
  it('removes the folders of stopped builds and keeps those of running ones and every other name', () => {
    const parent = tempDir();
    const root = tempDir();
    for (const name of [
      'site',
      'site.staging-101',
      'site.previous-101',
      'site.staging-202',
      'site.staging-303',
      'site-2.staging-101',
      'site.staging-x',
      'sitex.previous-101',
    ])
      site(join(parent, name), name);
    site(join(root, '.cache', 'site.staging-101'), 'cache');
    site(join(root, '.cache', 'site.staging-202'), 'cache, running');
    // A server build's compare rows, worked apart (compareApartBuild.ts).
    site(join(root, '.cache', 'compare.staging-101'), 'compare rows');
    site(join(root, '.cache', 'compare.staging-202'), 'compare rows, running');

    const running = (pid: number): boolean => pid === 202;
    const done = clearLeftovers(join(parent, 'site'), root, 303, running);

    expect(done).toEqual([
      { path: join(parent, 'site.previous-101'), pid: 101, action: 'removed' },
      { path: join(parent, 'site.staging-101'), pid: 101, action: 'removed' },
      { path: join(root, '.cache', 'site.staging-101'), pid: 101, action: 'removed' },
      { path: join(root, '.cache', 'compare.staging-101'), pid: 101, action: 'removed' },
    ]);
    expect(readdirSync(parent).sort()).toEqual([
      'site',
      'site-2.staging-101',
      'site.staging-202',
      'site.staging-303',
      'site.staging-x',
      'sitex.previous-101',
    ]);
    expect(readdirSync(join(root, '.cache')).sort()).toEqual(['compare.staging-202', 'site.staging-202']);
  });

  it('puts the old site back when a build stopped between moving it away and moving the new one in', () => {
    const parent = tempDir();
    site(join(parent, 'site.previous-101'), 'older');
    site(join(parent, 'site.previous-102'), 'the live site');
    site(join(parent, 'site.staging-102'), 'the new site, perhaps half-written');
    utimesSync(join(parent, 'site.previous-101'), new Date('2026-01-01'), new Date('2026-01-01'));
    utimesSync(join(parent, 'site.previous-102'), new Date('2026-02-01'), new Date('2026-02-01'));

    const done = clearLeftovers(join(parent, 'site'), tempDir(), 1, () => false);

    expect(done.map(({ path, action }) => [path, action])).toEqual([
      [join(parent, 'site.previous-102'), 'restored'],
      [join(parent, 'site.previous-101'), 'removed'],
      [join(parent, 'site.staging-102'), 'removed'],
    ]);
    expect(readdirSync(parent)).toEqual(['site']);
    expect(readFileSync(join(parent, 'site', 'index.html'), 'utf8')).toBe('the live site');
  });
});

it('npm run build removes what stopped builds left and says so, keeping a running build’s folder', () => {
  const ws = workspace();
  // Broken content stops the build right after the folders are tidied, before Astro.
  ws.copy(join('broken', 'claims', 'missing-source.yaml'), join('content', 'claims', 'missing-source.yaml'));
  const dist = join(ws.root, 'site');
  const dead = finishedPid();
  site(dist, 'the previous site');
  site(`${dist}.staging-${dead}`, 'half a site');
  site(`${dist}.previous-${dead}`, 'an older site');
  site(`${dist}.staging-${process.pid}`, 'a build running now');

  const build = runBuild(ws, dist);

  expect(build.code).toBe(1);
  expect(build.stdout.split('\n').filter((line) => line.includes(ws.root))).toEqual([
    `Removed ${dist}.previous-${dead}, left by build process ${dead}, which is no longer running.`,
    `Removed ${dist}.staging-${dead}, left by build process ${dead}, which is no longer running.`,
  ]);
  expect(looksLikeStackTrace(build.stderr)).toBe(false);
  expect(readdirSync(ws.root).sort()).toEqual(['content', 'models', 'site', `site.staging-${process.pid}`]);
  expect(readFileSync(join(dist, 'index.html'), 'utf8')).toBe('the previous site');
});
