/**
 * A site folder that cannot be replaced (read-only, or in a folder that cannot be written) stops
 * the build before the long Astro build, in one line that names the folder and says the previous
 * site was left untouched; a non-zero exit and no stack trace. The build runs as an unprivileged
 * user (root may write anywhere), so the test runs it as `nobody` when it is itself root.
 */
import { chmodSync, chownSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { looksLikeStackTrace, REPO_ROOT, workspace, type Workspace } from '../../support/cli.ts';
import { runBuild } from './support.ts';

const NOBODY = 65534;
const asRoot = process.getuid?.() === 0;

/**
 * Whether the build can run as `nobody` here: a checkout under a folder only root may enter (a
 * home folder, say) cannot be read by another user, and then these tests cannot make their point.
 */
function nobodyCanRunTheBuild(): boolean {
  if (!asRoot) return true;
  const probe = spawnSync(
    process.execPath,
    ['-e', `require('node:fs').accessSync(${JSON.stringify(join(REPO_ROOT, 'node_modules', 'tsx', 'package.json'))})`],
    { uid: NOBODY, gid: NOBODY, stdio: 'ignore' },
  );
  return probe.status === 0;
}

/** Hands the whole workspace to the user the build will run as. */
function handOver(ws: Workspace): { uid?: number; gid?: number } {
  if (!asRoot) return {};
  const walk = (path: string): void => {
    chownSync(path, NOBODY, NOBODY);
    for (const entry of readdirSync(path, { withFileTypes: true })) {
      if (entry.isDirectory()) walk(join(path, entry.name));
      else chownSync(join(path, entry.name), NOBODY, NOBODY);
    }
  };
  walk(ws.root);
  return { uid: NOBODY, gid: NOBODY };
}

function previousSite(path: string): void {
  mkdirSync(join(path, 'claims', 'a'), { recursive: true });
  writeFileSync(join(path, 'index.html'), 'the previous site');
}

const untouched = 'the previous site was left untouched.';

describe.skipIf(process.platform === 'win32' || !nobodyCanRunTheBuild())('a site folder the build cannot write', () => {
  it('stops before building when the site folder is read-only, naming it', () => {
    const ws = workspace();
    const dist = join(ws.root, 'site');
    previousSite(dist);
    const user = handOver(ws);
    chmodSync(dist, 0o555);

    const build = runBuild(ws, dist, user);
    chmodSync(dist, 0o755);

    expect(build.code).toBe(1);
    expect(build.stderr).toBe(
      `Build stopped: cannot write to ${dist} (EACCES): make it writable, or set LEDGER_DIST to a folder you can write; ${untouched}\n`,
    );
    expect(looksLikeStackTrace(build.stderr)).toBe(false);
    expect(readdirSync(ws.root).sort()).toEqual(['content', 'models', 'site']);
    expect(readFileSync(join(dist, 'index.html'), 'utf8')).toBe('the previous site');
  });

  it('stops before building when a folder inside the old site cannot be emptied, naming that folder', () => {
    const ws = workspace();
    const dist = join(ws.root, 'site');
    previousSite(dist);
    const user = handOver(ws);
    chmodSync(join(dist, 'claims', 'a'), 0o555);

    const build = runBuild(ws, dist, user);
    chmodSync(join(dist, 'claims', 'a'), 0o755);

    expect(build.code).toBe(1);
    expect(build.stderr).toBe(
      `Build stopped: cannot write to ${join(dist, 'claims', 'a')} (EACCES): make it writable, or set LEDGER_DIST to a folder you can write; ${untouched}\n`,
    );
    expect(readdirSync(ws.root).sort()).toEqual(['content', 'models', 'site']);
  });

  it('stops before building when the folder the site goes in cannot be written, naming it', () => {
    const ws = workspace();
    const parent = join(ws.root, 'public-html');
    previousSite(join(parent, 'site'));
    const user = handOver(ws);
    chmodSync(parent, 0o555);

    const build = runBuild(ws, join(parent, 'site'), user);
    chmodSync(parent, 0o755);

    expect(build.code).toBe(1);
    expect(build.stderr).toBe(
      `Build stopped: cannot write to ${parent} (EACCES): make it writable, or set LEDGER_DIST to a folder you can write; ${untouched}\n`,
    );
    expect(looksLikeStackTrace(build.stderr)).toBe(false);
    expect(readdirSync(parent)).toEqual(['site']);
  });

  it('stops before building when the folder the site goes in cannot be made, naming the folder that stops it', () => {
    const ws = workspace();
    const locked = join(ws.root, 'locked');
    mkdirSync(locked);
    const user = handOver(ws);
    chmodSync(locked, 0o555);

    const build = runBuild(ws, join(locked, 'www', 'site'), user);
    chmodSync(locked, 0o755);

    expect(build.code).toBe(1);
    expect(build.stderr).toBe(
      `Build stopped: cannot write to ${join(locked, 'www')} (EACCES): make it writable, or set LEDGER_DIST to a folder you can write; ${untouched}\n`,
    );
    expect(readdirSync(locked)).toEqual([]);
  });
});
