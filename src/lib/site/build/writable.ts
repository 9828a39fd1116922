/**
 * Whether a build will be able to write what it must, asked before the long Astro build: the
 * folder beside the site (the new site is staged there and swapped in), every folder of the site
 * already there (it is deleted once the new one is in place), and `.cache/` when the site is
 * staged inside the project.
 */
import { accessSync, constants, existsSync, lstatSync, mkdirSync, mkdtempSync, readdirSync, rmdirSync } from 'node:fs';
import { dirname, join } from 'node:path';

/** A folder that cannot be written, and the system's reason (`EACCES`, `EROFS`, …). */
export interface Unwritable {
  readonly path: string;
  readonly code: string;
}

const codeOf = (error: unknown): string => (error as NodeJS.ErrnoException).code ?? String(error);

/** Makes `folder` (and its parents) and a folder inside it, then removes that: null if all worked. */
function probe(folder: string): Unwritable | null {
  try {
    mkdirSync(folder, { recursive: true });
  } catch (error) {
    return { path: (error as NodeJS.ErrnoException).path ?? folder, code: codeOf(error) };
  }
  try {
    rmdirSync(mkdtempSync(join(folder, '.ledger-write-check-')));
    return null;
  } catch (error) {
    return { path: folder, code: codeOf(error) };
  }
}

/** The first folder of `site` (itself included, links not followed) whose entries cannot be removed. */
function firstLocked(site: string): Unwritable | null {
  try {
    accessSync(site, constants.W_OK | constants.X_OK);
  } catch (error) {
    return { path: site, code: codeOf(error) };
  }
  for (const name of readdirSync(site)) {
    const full = join(site, name);
    if (!lstatSync(full).isDirectory()) continue;
    const locked = firstLocked(full);
    if (locked) return locked;
  }
  return null;
}

/** The first folder a build of `out` (staged in `astroOut`) cannot write, or null. */
export function unwritableFolder(out: string, astroOut: string): Unwritable | null {
  const beside = probe(dirname(out));
  if (beside) return beside;
  if (existsSync(out) && lstatSync(out).isDirectory()) {
    const locked = firstLocked(out);
    if (locked) return locked;
  }
  return dirname(astroOut) === dirname(out) ? null : probe(dirname(astroOut));
}
