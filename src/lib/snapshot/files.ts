/**
 * Reading a built site and the repository's reference from disk, and writing archives safely. A
 * site is walked with lstat and its symbolic links are never followed: one could point anywhere on
 * the machine (and be archived as the site's), or nowhere.
 */
import { lstatSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { byBytes, type FileSource } from './manifest.ts';

/** Every file under a folder, by path relative to it (with `/`), in byte order; throws on a symbolic link (see findSymlinks). */
export function readFolder(root: string): Map<string, Uint8Array> {
  return new Map(
    [...folderPaths(root, root, true)]
      .sort(byBytes)
      .map((path) => [path, readFileSync(join(root, ...path.split('/')))]),
  );
}

/** A folder as a set of files (read when asked). */
export function folderSource(root: string): FileSource {
  let listed: string[] | null = null;
  return {
    list: () => (listed ??= [...folderPaths(root, root, false)].sort(byBytes)),
    // A symbolic link reads as no file, whatever it points at.
    read: (path) => {
      const full = join(root, ...path.split('/'));
      return lstatSync(full, { throwIfNoEntry: false })?.isFile() === true ? readFileSync(full) : null;
    },
  };
}

/** The regular files under `folder`; a symbolic link throws when `strict`, else is passed over. */
function* folderPaths(root: string, folder: string, strict: boolean): Generator<string> {
  for (const name of readdirSync(folder)) {
    const full = join(folder, name);
    const stat = lstatSync(full);
    if (stat.isDirectory()) yield* folderPaths(root, full, strict);
    else if (stat.isFile()) yield relative(root, full).split(sep).join('/');
    else if (strict)
      throw new Error(`${full}: not a regular file (a symbolic link?); a site is read without following links`);
  }
}

/** The repository's root, found from this file (so any working directory will do). */
export const repositoryRoot = (): string => fileURLToPath(new URL('../../../', import.meta.url));

/** The Python reference and its README, as a snapshot carries them (`reference/…`). */
export function referenceFiles(root: string = repositoryRoot()): Map<string, Uint8Array> {
  return new Map(
    ['ledger.py', 'README.md'].map((name) => [`reference/${name}`, readFileSync(join(root, 'reference', name))]),
  );
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
