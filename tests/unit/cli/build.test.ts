/**
 * `npm run build` checks the content it is about to build from (LEDGER_CONTENT and LEDGER_MODELS,
 * as the site reads them), and a problem stops it before Astro starts: the file and field named,
 * a non-zero exit, no stack trace, and the previous site left as it was.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { REPO_ROOT, looksLikeStackTrace, problemLines, shown, workspace } from '../../support/cli.ts';

it('stops on a broken claim in the content it builds from, leaving the previous site', () => {
  const ws = workspace();
  const file = ws.copy(
    join('broken', 'claims', 'missing-source.yaml'),
    join('content', 'claims', 'missing-source.yaml'),
  );
  const dist = join(ws.root, 'site');
  mkdirSync(dist);
  writeFileSync(join(dist, 'index.html'), 'the previous site');

  const build = spawnSync(process.execPath, ['--import', 'tsx', join(REPO_ROOT, 'scripts', 'build.ts')], {
    cwd: REPO_ROOT,
    encoding: 'utf8',
    env: { ...process.env, NO_COLOR: '1', LEDGER_CONTENT: ws.content, LEDGER_MODELS: ws.models, LEDGER_DIST: dist },
  });

  expect(build.status).toBe(1);
  expect(problemLines(build.stderr)).toEqual([
    `${shown(file)}:10: evidence[0].source: names source county-lab, which is not listed under sources (listed: city-lab)`,
    'Build stopped: fix the problems above. The previous site was left untouched.',
  ]);
  expect(build.stdout).toBe('');
  expect(looksLikeStackTrace(build.stderr)).toBe(false);
  expect(readFileSync(join(dist, 'index.html'), 'utf8')).toBe('the previous site');
  expect(readdirSync(ws.root).sort()).toEqual(['content', 'models', 'site']);
  // Astro starts while the content is checked; a problem stops it before the build exits, so no
  // Astro of this build is left running (writing a site nobody asked for).
  expect(processesWith(`LEDGER_OUT_DIR=${join(REPO_ROOT, '.cache')}`, `.staging-${build.pid}`)).toEqual([]);
});

/** The processes whose environment holds a variable starting `prefix` and containing `part`. */
function processesWith(prefix: string, part: string): string[] {
  return readdirSync('/proc')
    .filter((pid) => /^\d+$/.test(pid))
    .filter((pid) => {
      try {
        return readFileSync(`/proc/${pid}/environ`, 'utf8')
          .split('\0')
          .some((v) => v.startsWith(prefix) && v.includes(part));
      } catch {
        return false; // gone, or not ours
      }
    });
}
