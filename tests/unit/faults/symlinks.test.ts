/**
 * Symbolic links are never followed out of a folder that is published or archived: a link in the
 * built site stops `ledger snapshot` (a dangling one used to crash it, an escaping one was archived
 * as the site's own file), and a link under `public/` stops the build before it builds. The
 * dangling link is snapshotted as a user runs it (a child process: its exit code and standard
 * error); the others in this process through `runCommand`, as scripts/ledger.ts runs
 * `snapshotCommand` (an error it does not expect is thrown there, and fails the test).
 */
import { mkdirSync, readdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { publicLinks } from '../../../src/lib/site/build/publicFolder.ts';
import { folderSource, writeAtomically } from '../../../src/lib/snapshot/files.ts';
import { findSymlinks } from '../../../src/lib/input/symlinks.ts';
import { snapshotCommand } from '../../../src/cli/snapshot.ts';
import {
  REPO_ROOT,
  looksLikeStackTrace,
  runChild,
  runInProcess,
  tempDir,
  workspace,
  type Outcome,
} from '../../support/cli.ts';
import { fixtureSite } from '../snapshot/fixture.ts';
import { runBuild } from './support.ts';

function builtSite(): string {
  const root = join(tempDir(), 'site');
  for (const [path, bytes] of fixtureSite()) writeAtomically(join(root, ...path.split('/')), bytes);
  return root;
}

describe('findSymlinks', () => {
  it('lists every link, to a file, a folder or nothing, without following any', () => {
    const root = tempDir();
    mkdirSync(join(root, 'a', 'b'), { recursive: true });
    writeFileSync(join(root, 'a', 'file.txt'), 'x');
    symlinkSync('/etc/hostname', join(root, 'a', 'out.txt'));
    symlinkSync('../..', join(root, 'a', 'b', 'up')); // followed, it would walk the folder forever
    symlinkSync('nowhere', join(root, 'gone'));
    expect(findSymlinks(root)).toEqual([
      { path: 'a/b/up', target: '../..' },
      { path: 'a/out.txt', target: '/etc/hostname' },
      { path: 'gone', target: 'nowhere' },
    ]);
  });

  it('reads a link in a folder of files as no file (verify never follows one)', () => {
    const root = tempDir();
    writeFileSync(join(root, 'own.txt'), 'x');
    symlinkSync('/etc/hostname', join(root, 'out.txt'));
    const files = folderSource(root);
    expect(files.list()).toEqual(['own.txt']);
    expect(files.read('out.txt')).toBeNull();
  });
});

/** `ledger snapshot --dist <dist> --out <out>`, as a child process or in this process. */
async function snapshot(dist: string, out: string, run: 'child' | 'in-process'): Promise<Outcome> {
  if (run === 'child') return runChild(['snapshot', '--dist', dist, '--out', out]);
  return runInProcess((io) =>
    snapshotCommand(io, { dist, out, publish: false }, { cwd: REPO_ROOT, progress: false, env: process.env }),
  );
}

describe('ledger snapshot of a site holding a symbolic link', () => {
  it.each([
    ['a dangling link', 'claims/a/missing.json', '../../nowhere.json', 'child'],
    ['a link out of the site', 'escape.txt', '/etc/hostname', 'in-process'],
    ['a link to a folder outside', 'katex/elsewhere', '/etc', 'in-process'],
  ] as const)('refuses %s, naming it, and writes nothing', async (_, link, target, how) => {
    const dist = builtSite();
    symlinkSync(target, join(dist, ...link.split('/')));
    const out = join(tempDir(), 'snapshots');

    const run = await snapshot(dist, out, how);

    expect(run.code).toBe(1);
    expect(run.stderr).toBe(
      `ledger snapshot: ${join(dist, ...link.split('/'))}: a symbolic link (to ${target}); a snapshot copies only the site's own files and never follows links: remove it, or rebuild the site\n` +
        'No snapshot written.\n',
    );
    expect(looksLikeStackTrace(run.stderr)).toBe(false);
    expect(run.stdout).toBe('');
    expect(readdirSync(join(out, '..'))).toEqual([]);
  });
});

describe('a symbolic link under public/', () => {
  it('is named by publicLinks, as is public/ being one', () => {
    const root = tempDir();
    mkdirSync(join(root, 'public', 'img'), { recursive: true });
    symlinkSync('/etc', join(root, 'public', 'img', 'etc'));
    expect(publicLinks(root)).toEqual([
      `${join(root, 'public', 'img', 'etc')} is a symbolic link (to /etc), and the build would publish what it points at: put the file or folder itself there instead`,
    ]);
    const linked = tempDir();
    symlinkSync(join(root, 'public'), join(linked, 'public'));
    expect(publicLinks(linked)).toEqual([
      `${join(linked, 'public')} is a symbolic link, and the build would publish what it points at: put the file or folder itself there instead`,
    ]);
  });

  it('stops npm run build before it builds, naming the link', () => {
    const ws = workspace();
    const dist = join(ws.root, 'site');
    const name = `test-link-${process.pid}`;
    const link = join(REPO_ROOT, 'public', name);
    symlinkSync('/etc', link);
    try {
      const build = runBuild(ws, dist);
      expect(build.code).toBe(1);
      expect(build.stderr).toBe(
        `public/${name} is a symbolic link (to /etc), and the build would publish what it points at: put the file or folder itself there instead.\n` +
          'Build stopped: public/ holds a symbolic link (above); the previous site was left untouched.\n',
      );
      expect(readdirSync(ws.root).sort()).toEqual(['content', 'models']);
    } finally {
      rmSync(link);
    }
  });
});
