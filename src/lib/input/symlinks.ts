/**
 * Finding symbolic links in a folder without following any. A link in a folder that is published
 * or archived would carry whatever it points at (anywhere on the machine) into the output, and a
 * dangling one would crash a reader that follows it, so such folders are walked with lstat only.
 */
import { readlinkSync } from 'node:fs';
import { walkFolder } from './folderWalk.ts';

/** A symbolic link found under a folder: its path relative to the folder (with `/`) and what it points at. */
export interface FoundLink {
  readonly path: string;
  readonly target: string;
}

/** Every symbolic link under `root`, in path order; links are listed, never followed. */
export function findSymlinks(root: string): FoundLink[] {
  return walkFolder(root)
    .filter((entry) => entry.kind === 'link')
    .map((entry) => ({ path: entry.path, target: readlinkSync(entry.full) }));
}
