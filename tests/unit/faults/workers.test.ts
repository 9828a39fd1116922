/**
 * A build renders its claim pages on a pool of threads (LEDGER_BUILD_WORKERS, one per core by
 * default). A page that fails on a thread stops the build with the message it stops it with in one
 * thread, and the previous site stays as it was; a bad worker count stops it before Astro starts.
 */
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { workspace } from '../../support/cli.ts';
import { runBuild } from './support.ts';

/** A workspace with the fixture's two claims and a previous site in `site/`. */
function withPreviousSite(): { ws: ReturnType<typeof workspace>; dist: string } {
  const ws = workspace();
  ws.copy(join('claims', 'water-plant.yaml'), join('content', 'claims', 'water-plant.yaml'));
  ws.copy(join('claims', 'school-closure.yaml'), join('content', 'claims', 'school-closure.yaml'));
  const dist = join(ws.root, 'site');
  mkdirSync(dist);
  writeFileSync(join(dist, 'index.html'), 'the previous site');
  return { ws, dist };
}

const FAILED = 'the page of water-plant could not be written (LEDGER_TEST_FAIL_CLAIM)';

describe('a build on a pool of threads', () => {
  it.each(['1', '2'])(
    'stops at a claim page that fails, with LEDGER_BUILD_WORKERS=%s, and keeps the previous site',
    (workers) => {
      const { ws, dist } = withPreviousSite();
      const build = runBuild(ws, dist, {}, { LEDGER_BUILD_WORKERS: workers, LEDGER_TEST_FAIL_CLAIM: 'water-plant' });
      expect(build.code).toBe(1);
      // The failure's message, then Astro's stack trace of it (as for any page that throws), then the build's line.
      const lines = build.stderr.trimEnd().split('\n');
      expect(lines.filter((line) => !line.startsWith(' ') && !line.startsWith('warning: '))).toEqual([
        expect.stringMatching(/^scored \d+ of \d+ traces/),
        FAILED,
        'Build failed; the previous site was left untouched.',
      ]);
      expect(build.stdout).not.toContain('Built the site');
      expect(readFileSync(join(dist, 'index.html'), 'utf8')).toBe('the previous site');
      expect(readdirSync(ws.root).sort()).toEqual(['content', 'models', 'site']);
    },
    300_000,
  );

  it('stops before building at a worker count that is not one, in one sentence', () => {
    const { ws, dist } = withPreviousSite();
    const build = runBuild(ws, dist, {}, { LEDGER_BUILD_WORKERS: 'all' });
    expect(build.code).toBe(1);
    expect(build.stderr).toBe(
      'Build stopped: LEDGER_BUILD_WORKERS must be a whole number from 1 to 64 (how many cores the build renders on); it is "all"; the previous site was left untouched.\n',
    );
    expect(readFileSync(join(dist, 'index.html'), 'utf8')).toBe('the previous site');
    expect(readdirSync(ws.root).sort()).toEqual(['content', 'models', 'site']);
  }, 60_000);
});
