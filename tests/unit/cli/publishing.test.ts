/**
 * A build meant for publishing (CI=true, as the Pages workflow and every CI service set it) refuses
 * to run without LEDGER_SITE (docs/design.md §6c): one clear line, a non-zero exit, the previous
 * site untouched. Every build npm test makes names the address (scripts/test-all.ts).
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { REPO_ROOT, looksLikeStackTrace, workspace } from '../../support/cli.ts';
import { publishingProblem } from '../../../src/lib/site/build/publishing.ts';

it('stops a publishing build that names no address, in one line, leaving the previous site', () => {
  const ws = workspace();
  const dist = join(ws.root, 'site');
  mkdirSync(dist);
  writeFileSync(join(dist, 'index.html'), 'the previous site');
  const env: Record<string, string | undefined> = { ...process.env, NO_COLOR: '1', CI: 'true', LEDGER_DIST: dist };
  delete env['LEDGER_SITE'];
  const build = spawnSync(process.execPath, ['--import', 'tsx', join(REPO_ROOT, 'scripts', 'build.ts')], {
    cwd: REPO_ROOT,
    encoding: 'utf8',
    env,
  });
  expect(build.status).toBe(1);
  const lines = build.stderr.trim().split('\n');
  expect(lines).toHaveLength(1);
  expect(lines[0]).toMatch(/^Build stopped: a build for publishing \(CI=true\) needs LEDGER_SITE, /);
  expect(looksLikeStackTrace(build.stderr)).toBe(false);
  expect(readFileSync(join(dist, 'index.html'), 'utf8')).toBe('the previous site');
});

it('lets a local build, and a publishing build with an address, run', () => {
  expect(publishingProblem({})).toBeNull();
  expect(publishingProblem({ CI: 'true', LEDGER_SITE: 'https://ledger.example.net' })).toBeNull();
  expect(publishingProblem({ CI: 'true' })).toContain('needs LEDGER_SITE');
  expect(publishingProblem({ CI: 'true', LEDGER_SITE: ' ' })).toContain('needs LEDGER_SITE');
});
