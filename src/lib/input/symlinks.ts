/**
 * Finding symbolic links in a folder without following any. A link in a folder that is published
 * or archived would carry whatever it points at (anywhere on the machine) into the output, and a
 * dangling one would crash a reader that follows it, so such folders are walked with lstat only.
 */
import { lstatSync, readdirSync, readlinkSync } from 'node:fs';
import { join, relative, sep } from 'node:path';

/** A symbolic link found under a folder: its path relative to the folder (with `/`) and what it points at. */
export interface FoundLink {
  readonly path: string;
  readonly target: string;
}

/** Every symbolic link under `root`, in path order; links are listed, never followed. */
export function findSymlinks(root: string): FoundLink[] {
  const found: FoundLink[] = [];
  const walk = (folder: string): void => {
    for (const name of readdirSync(folder).sort()) {
      const full = join(folder, name);
      const stat = lstatSync(full);
      if (stat.isSymbolicLink())
        found.push({ path: relative(root, full).split(sep).join('/'), target: readlinkSync(full) });
      else if (stat.isDirectory()) walk(full);
    }
  };
  walk(root);
  return found;
}
