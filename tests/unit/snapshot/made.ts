/** A snapshot of the repository's traces, made by `ledger snapshot` in a folder of a test's own. */
import { readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from 'vitest';
import { snapshotCommand } from '../../../src/cli/snapshot.ts';
import { verifyCommand } from '../../../src/cli/verify.ts';
import { REPO_ROOT, runInProcess } from '../../support/cli.ts';
import { repositoryContent, writeSiteLayout, type Published } from '../verify/layout.ts';

/**
 * Lays the repository's traces and models (or those of `content`) out as a built site in
 * `<root>/site` with the given home page, snapshots it into `<root>/out`, and gives the ZIP's path
 * and how many traces it holds.
 */
export async function snapshotOfRepository(
  root: string,
  indexHtml: string,
  content: Published = repositoryContent(),
): Promise<{ zipPath: string; traces: number }> {
  const traces = writeSiteLayout(join(root, 'site'), content);
  writeFileSync(join(root, 'site', 'index.html'), indexHtml);
  const run = await runInProcess((io) =>
    snapshotCommand(
      io,
      { dist: 'site', out: 'out' },
      { cwd: root, progress: false, env: { ...process.env, SOURCE_DATE_EPOCH: '1790000000' } },
    ),
  );
  expect(run.code, run.stderr).toBe(0);
  const zip = readdirSync(join(root, 'out')).find((name) => name.endsWith('.zip'))!;
  return { zipPath: join(root, 'out', zip), traces };
}

/** `ledger verify <target>`: its exit code, its output lines and its standard error. */
export async function verifyLines(target: string): Promise<{ code: number | null; lines: string[]; stderr: string }> {
  const run = await runInProcess((io) => verifyCommand(io, [target], { cwd: REPO_ROOT, progress: false }));
  return { code: run.code, lines: run.stdout.split('\n').filter((line) => line !== ''), stderr: run.stderr };
}
