/**
 * Closing the build's pool keeps the process that closes it alive until every worker has exited. A
 * worker with no task is unreferenced (so a process whose work is done can end), and a process
 * awaiting close() with nothing else to do used to end before the workers' exits were seen: Astro's
 * did, with status 0, in the middle of its last hook, leaving a site without its sitemap.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../../support/cli.ts';

const folder = mkdtempSync(join(tmpdir(), 'ledger-pool-close-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

const ROUNDS = 20;

describe('closing the pool', () => {
  it('keeps a process with nothing else to do alive until its workers have exited', () => {
    // A worker that doubles each number it is sent, speaking the pool's messages (serveTasks).
    const worker = join(folder, 'worker.mjs');
    writeFileSync(
      worker,
      [
        "process.on('message', (message) => {",
        "  if ('init' in message) return;",
        '  process.send({ id: message.id, result: message.task * 2 });',
        '});',
        "process.on('disconnect', () => process.exit(0));",
        '',
      ].join('\n'),
    );
    const pool = pathToFileURL(join(REPO_ROOT, 'src', 'lib', 'site', 'pool', 'pool.ts')).href;
    const main = join(folder, 'main.mts');
    writeFileSync(
      main,
      [
        `import { startPool } from ${JSON.stringify(pool)};`,
        `for (let round = 0; round < ${ROUNDS}; round++) {`,
        `  const pool = startPool(${JSON.stringify(worker)}, 2, {});`,
        '  const doubled = await Promise.all(Array.from({ length: 20 }, (_, i) => pool.run(i)));',
        '  await pool.close();',
        '  process.stdout.write(`${round}: ${doubled.reduce((a, b) => a + b, 0)}\\n`);',
        '}',
        '',
      ].join('\n'),
    );
    const run = spawnSync(process.execPath, ['--import', 'tsx', main], { cwd: REPO_ROOT, encoding: 'utf8' });
    // A process that ends while a top-level await is pending exits with status 13.
    expect(run.status, run.stderr).toBe(0);
    expect(run.stdout).toBe(Array.from({ length: ROUNDS }, (_, round) => `${round}: 380\n`).join(''));
  }, 60_000);
});
