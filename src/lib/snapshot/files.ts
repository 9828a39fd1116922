/**
 * Reading a built site and the repository's reference from disk, and writing archives safely. A
 * site is walked with lstat and its symbolic links are never followed: one could point anywhere on
 * the machine (and be archived as the site's), or nowhere.
 */
import { lstatSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { walkFolder } from '../input/folderWalk.ts';
import { projectRoot } from '../site/build/paths.ts';
import type { FileSource } from './manifest.ts';

/** Every file under a folder, by path relative to it (with `/`), in byte order; throws on a symbolic link (see findSymlinks). */
export function readFolder(root: string): Map<string, Uint8Array> {
  return new Map(folderPaths(root, true).map((path) => [path, readFileSync(join(root, ...path.split('/')))]));
}

/** A folder as a set of files (read when asked). */
export function folderSource(root: string): FileSource {
  let listed: string[] | null = null;
  return {
    list: () => (listed ??= folderPaths(root, false)),
    // A symbolic link reads as no file, whatever it points at.
    read: (path) => {
      const full = join(root, ...path.split('/'));
      return lstatSync(full, { throwIfNoEntry: false })?.isFile() === true ? readFileSync(full) : null;
    },
  };
}

/** The regular files under `root`, in byte order; a symbolic link throws when `strict`, else is passed over. */
function folderPaths(root: string, strict: boolean): string[] {
  const paths: string[] = [];
  for (const { path, full, kind } of walkFolder(root)) {
    if (kind === 'file') paths.push(path);
    else if (kind !== 'folder' && strict)
      throw new Error(`${full}: not a regular file (a symbolic link?); a site is read without following links`);
  }
  return paths;
}

/** The Python reference (`ledger.py` and the `ledger_*.py` files it imports) and its README, as a snapshot carries them (`reference/…`). */
export function referenceFiles(root: string = projectRoot()): Map<string, Uint8Array> {
  const names = readdirSync(join(root, 'reference'))
    .filter((name) => name === 'README.md' || /^ledger(?:_\w+)?\.py$/.test(name))
    .sort();
  return new Map(names.map((name) => [`reference/${name}`, readFileSync(join(root, 'reference', name))]));
}

/** Writes a file whole or not at all: to a temporary name beside it, then renamed into place. */
export function writeAtomically(path: string, bytes: Uint8Array | string): void {
  mkdirSync(dirname(path), { recursive: true });
  const temporary = join(dirname(path), `.${process.pid}.${Date.now()}.partial`);
  try {
    writeFileSync(temporary, bytes);
    renameSync(temporary, path);
  } catch (error) {
    rmSync(temporary, { force: true });
    throw error;
  }
}
