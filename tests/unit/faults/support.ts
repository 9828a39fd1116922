/** Running scripts/build.ts as a child process against a workspace, as `npm run build` runs it. */
import { spawnSync, type SpawnSyncOptions } from 'node:child_process';
import { join } from 'node:path';
import { REPO_ROOT, type Outcome, type Workspace } from '../../support/cli.ts';

/** Runs the build with the workspace's content and models and `LEDGER_DIST=dist`. */
export function runBuild(
  ws: Workspace,
  dist: string,
  options: Pick<SpawnSyncOptions, 'uid' | 'gid'> = {},
  extraEnv: NodeJS.ProcessEnv = {},
): Outcome {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NO_COLOR: '1',
    LEDGER_CONTENT: ws.content,
    LEDGER_MODELS: ws.models,
    LEDGER_DIST: dist,
    ...extraEnv,
  };
  delete env['SOURCE_DATE_EPOCH'];
  const child = spawnSync(process.execPath, ['--import', 'tsx', join(REPO_ROOT, 'scripts', 'build.ts')], {
    cwd: REPO_ROOT,
    encoding: 'utf8',
    env,
    ...options,
  });
  return { code: child.status, stdout: child.stdout, stderr: child.stderr };
}

/** The id of a process that has exited (so no build of it can be running). */
export function finishedPid(): number {
  const child = spawnSync(process.execPath, ['-e', ''], { stdio: 'ignore' });
  return child.pid;
}
