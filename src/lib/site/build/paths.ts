/**
 * Where one build writes. Astro writes the site into its `outDir`, but for a static build it puts
 * its server-side files (the prerender bundle, `manifest_*.mjs`) in that same folder only when it
 * lies inside the working directory; otherwise it uses `<project>/.astro/` and, at the end, copies
 * that whole folder into `outDir` (so `.astro/data-store.json` and the bundle were published) and
 * deletes it. So Astro is only ever given an `outDir` inside the project, and a site meant for a
 * folder elsewhere (`LEDGER_DIST=/srv/site`) is built inside the project and moved there after.
 */
import { realpathSync } from 'node:fs';
import { basename, dirname, isAbsolute, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The project's root folder (where astro.config.mjs is), with symbolic links resolved. */
export const projectRoot = (): string => realpathSync(fileURLToPath(new URL('../../../../', import.meta.url)));

/** True when `path` is `folder` itself or lies inside it (both absolute). */
export function isWithin(path: string, folder: string): boolean {
  const rel = relative(folder, path);
  return rel === '' || (!isAbsolute(rel) && rel.split(sep)[0] !== '..');
}

/** The folders of one build. */
export interface BuildPaths {
  /** Where the site is published (`LEDGER_DIST`, else `dist`). */
  readonly out: string;
  /** The new site, beside `out` so that swapping it in is one rename on one file system. */
  readonly staging: string;
  /** Where the old site waits while the new one is swapped in. */
  readonly previous: string;
  /** What Astro is told to build into: `staging` when that is inside the project, else a folder of `.cache/`. */
  readonly astroOut: string;
}

/** The folder of `.cache/` that Astro builds into (as `<name>.staging-<owner>`) when `out` is outside the project. */
export const CACHE_SITE = 'site';

/** The folder of `.cache/` (as `<name>.staging-<owner>`) a server build's compare rows are worked into, beside Astro's. */
export const CACHE_COMPARE = 'compare';

/** The folder of `.cache/` (as `<name>.staging-<owner>`) the checked content is handed over in (handedLedger.ts). */
export const CACHE_CHECKED = 'checked';

/**
 * The folders a build of `out` by `owner` uses (its process number, and its start time where known:
 * leftovers.ts's ownerOf); `outParent` is `out`'s parent with symbolic links resolved (Astro
 * compares real paths), `root` the project's real root.
 */
export function buildPaths(
  root: string,
  out: string,
  owner: number | string,
  outParent: string = dirname(out),
): BuildPaths {
  const real = join(outParent, basename(out));
  const staging = `${real}.staging-${owner}`;
  return {
    out: real,
    staging,
    previous: `${real}.previous-${owner}`,
    astroOut: isWithin(staging, root) ? staging : join(root, '.cache', `${CACHE_SITE}.staging-${owner}`),
  };
}

/**
 * astro.config.mjs's `outDir`: `LEDGER_OUT_DIR` (set by scripts/build.ts), else `./dist`. Throws
 * for a folder outside the project, where Astro would publish its own server files (see above).
 */
export function astroOutDir(env: Readonly<Record<string, string | undefined>>, root: string = projectRoot()): string {
  const given = env['LEDGER_OUT_DIR'];
  if (given === undefined || given === '') return './dist';
  const full = resolve(root, given);
  if (!isWithin(full, root))
    throw new Error(
      `LEDGER_OUT_DIR=${given} is outside the project (${root}), where Astro would publish its own server files with the site: build with npm run build, which builds inside the project and moves the site to LEDGER_DIST.`,
    );
  return full;
}

/** A path as messages show it: relative to the working directory when inside it, else absolute. */
export function shownPath(path: string, cwd: string = process.cwd()): string {
  const rel = relative(cwd, path);
  return rel === '' ? '.' : isWithin(path, cwd) ? rel : path;
}

/** astroOutDir for astro.config.mjs: a folder outside the project ends the process with the message alone. */
export function configOutDir(env: Readonly<Record<string, string | undefined>>): string {
  try {
    return astroOutDir(env);
  } catch (error) {
    process.stderr.write(`${(error as Error).message}\n`);
    return process.exit(1);
  }
}
