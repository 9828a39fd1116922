/** Reading a built site and the repository's reference from disk, and writing archives safely. */
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { byBytes, type FileSource } from './manifest.ts';

/** Every file under a folder, by path relative to it (with `/`), in byte order. */
export function readFolder(root: string): Map<string, Uint8Array> {
  return new Map(
    [...folderPaths(root)].sort(byBytes).map((path) => [path, readFileSync(join(root, ...path.split('/')))]),
  );
}

/** A folder as a set of files (read when asked). */
export function folderSource(root: string): FileSource {
  let listed: string[] | null = null;
  return {
    list: () => (listed ??= [...folderPaths(root)].sort(byBytes)),
    read: (path) => {
      const full = join(root, ...path.split('/'));
      return existsSync(full) && statSync(full).isFile() ? readFileSync(full) : null;
    },
  };
}

function* folderPaths(root: string, folder = root): Generator<string> {
  for (const name of readdirSync(folder)) {
    const full = join(folder, name);
    if (statSync(full).isDirectory()) yield* folderPaths(root, full);
    else yield relative(root, full).split(sep).join('/');
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
