/**
 * Astro builds its server-side files (the prerender bundle, `manifest_*.mjs`) inside `outDir` only
 * when that lies in the working directory; for any other `outDir` it uses `<project>/.astro/` and
 * then copies that whole folder (with `data-store.json`) into the site. So a site meant for a folder
 * outside the project is built inside it (in `.cache/`) and moved after, and astro.config.mjs
 * refuses an `outDir` outside the project. Checked here against Astro's own function.
 */
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { astroOutDir, buildPaths, isWithin, projectRoot } from '../../../src/lib/site/build/paths.ts';
import { REPO_ROOT } from '../../support/cli.ts';

/** Astro's choice of the folder its server build goes to, for an outDir (astro/dist/core/build/common.js). */
const { getOutDirWithinCwd } = (await import(
  pathToFileURL(join(REPO_ROOT, 'node_modules', 'astro', 'dist', 'core', 'build', 'common.js')).href
)) as { getOutDirWithinCwd: (outDir: URL) => URL };
const serverFolderFor = (outDir: string): string => {
  const cwd = process.cwd();
  process.chdir(projectRoot()); // Astro runs in the project's root
  try {
    return getOutDirWithinCwd(pathToFileURL(`${outDir}/`)).pathname;
  } finally {
    process.chdir(cwd);
  }
};

describe('the folder Astro builds into', () => {
  const root = projectRoot();

  it.each([
    ['the default dist/', join(root, 'dist')],
    ['a folder outside the project', '/srv/www/site'],
    ['a folder beside the project whose name starts with the project’s', `${root}-site/dist`],
  ])('is one where Astro keeps its server files out of the site, for %s', (_, out) => {
    const { astroOut } = buildPaths(root, out, 4242);
    expect(isWithin(astroOut, root)).toBe(true);
    expect(serverFolderFor(astroOut)).toBe(`${astroOut}/`);
  });

  it('is beside the site when that is inside the project, so the swap is one rename', () => {
    expect(buildPaths(root, join(root, 'dist'), 4242)).toEqual({
      out: join(root, 'dist'),
      staging: join(root, 'dist.staging-4242'),
      previous: join(root, 'dist.previous-4242'),
      astroOut: join(root, 'dist.staging-4242'),
    });
  });

  it('is in .cache/ for a site outside the project, and the staged site still goes beside it', () => {
    expect(buildPaths(root, '/srv/www/site', 4242)).toEqual({
      out: '/srv/www/site',
      staging: '/srv/www/site.staging-4242',
      previous: '/srv/www/site.previous-4242',
      astroOut: join(root, '.cache', 'site.staging-4242'),
    });
  });

  it('is what the site’s staging folder would have been before, which Astro did not keep its files out of', () => {
    // The old build gave Astro `<out>.staging-<pid>` wherever out was: Astro's server files went to .astro/.
    expect(serverFolderFor('/srv/www/site.staging-4242')).toBe(join(root, '.astro/'));
  });
});

describe('astro.config.mjs outDir', () => {
  const root = '/work/project';

  it.each([
    [{}, './dist'],
    [{ LEDGER_OUT_DIR: '' }, './dist'],
    [{ LEDGER_OUT_DIR: '/work/project/dist.staging-7' }, '/work/project/dist.staging-7'],
    [{ LEDGER_OUT_DIR: '.cache/site.staging-7' }, '/work/project/.cache/site.staging-7'],
  ])('is LEDGER_OUT_DIR inside the project, else dist (%o)', (env, expected) => {
    expect(astroOutDir(env, root)).toBe(expected);
  });

  it.each(['/srv/www/site.staging-7', '../elsewhere', '/work/project-2/dist'])(
    'refuses LEDGER_OUT_DIR=%s, outside the project, naming it',
    (given) => {
      expect(() => astroOutDir({ LEDGER_OUT_DIR: given }, root)).toThrow(
        `LEDGER_OUT_DIR=${given} is outside the project (${root}), where Astro would publish its own server files with the site: build with npm run build, which builds inside the project and moves the site to LEDGER_DIST.`,
      );
    },
  );

  it('resolves a relative LEDGER_OUT_DIR against the project, not the working directory', () => {
    expect(astroOutDir({ LEDGER_OUT_DIR: 'dist' }, root)).toBe(resolve(root, 'dist'));
  });
});
