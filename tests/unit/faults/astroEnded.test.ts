/**
 * An Astro process that ends with status 0 before the end of its build (its last hook never ran:
 * no sitemap, and its server files still in a static site) publishes nothing: the build stops in one
 * sentence and the previous site stays as it was. The Astro process is made to skip only the file
 * its last hook writes (src/integrations/buildFinished.ts), through a module preloaded into it.
 */
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { workspace } from '../../support/cli.ts';
import { runBuild } from './support.ts';

const preloads = mkdtempSync(join(tmpdir(), 'ledger-preload-'));
afterAll(() => rmSync(preloads, { recursive: true, force: true }));

/** A module that makes every process it is loaded into skip writing Astro's last file. */
function skipLastStep(): string {
  const file = join(preloads, 'skip-last-step.mjs');
  writeFileSync(
    file,
    [
      "import fs from 'node:fs';",
      "import { syncBuiltinESMExports } from 'node:module';",
      'const write = fs.writeFileSync;',
      "fs.writeFileSync = (file, ...rest) => (String(file).endsWith('astro-done') ? undefined : write(file, ...rest));",
      'syncBuiltinESMExports();',
      '',
    ].join('\n'),
  );
  return pathToFileURL(file).href;
}

describe('a build whose Astro process ends early', () => {
  it('publishes nothing, says so in one sentence and keeps the previous site', () => {
    const ws = workspace();
    ws.copy(join('claims', 'water-plant.yaml'), join('content', 'claims', 'water-plant.yaml'));
    const dist = join(ws.root, 'site');
    mkdirSync(dist);
    writeFileSync(join(dist, 'index.html'), 'the previous site');
    const build = runBuild(ws, dist, {}, { NODE_OPTIONS: `--import=${skipLastStep()}` });
    expect(build.code).toBe(1);
    expect(build.stderr.trimEnd().split('\n').at(-1)).toBe(
      'Build stopped: Astro ended before the end of its build (its last step, which writes the sitemap, never ran); the previous site was left untouched.',
    );
    expect(build.stdout).not.toContain('Built the site');
    expect(readFileSync(join(dist, 'index.html'), 'utf8')).toBe('the previous site');
    expect(readdirSync(ws.root).sort()).toEqual(['content', 'models', 'site']);
  }, 300_000);
});
