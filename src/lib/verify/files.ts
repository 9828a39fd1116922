/**
 * The files verify reads: a folder on disk or a snapshot's .zip, both as `SiteFiles`, so that the
 * rest of verify never touches the file system. Nothing is read through a symbolic link, and only a
 * file the listing found is ever read, so no path written inside a site can reach outside it.
 */
import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { walkFolder } from '../input/folderWalk.ts';
import { ZIP_LIMITS, ZipError, zipFileSource } from '../snapshot/zip.ts';
import type { Finding } from './report.ts';

/** The files of a built site or snapshot, by path relative to its root (always with `/`). */
export interface SiteFiles {
  /** What to call the site in messages (the folder or archive as the user named it). */
  readonly label: string;
  /** Every file's relative path, sorted. */
  list(): readonly string[];
  /** A file's bytes, or null when there is no such file. */
  read(path: string): Uint8Array | null;
  /** Entries that are there but refused (symbolic links, unsafe ZIP entries), each naming the entry. */
  refused?(): readonly Finding[];
}

/** The files under a folder on disk; a symbolic link (to a file or a folder) is refused, never followed. */
export function directoryFiles(root: string): SiteFiles {
  let listed: { files: Set<string>; sorted: string[]; refused: Finding[] } | null = null;
  const walk = (): NonNullable<typeof listed> => {
    if (listed !== null) return listed;
    const files: string[] = [];
    const refused: Finding[] = [];
    for (const { path, kind } of walkFolder(root)) {
      if (kind === 'link')
        refused.push({ file: path, field: null, message: 'is a symbolic link; verify reads nothing through a link' });
      else if (kind === 'file') files.push(path);
      else if (kind === 'other') refused.push({ file: path, field: null, message: 'is not a regular file' });
    }
    listed = { files: new Set(files), sorted: files, refused };
    return listed;
  };
  return {
    label: root,
    list: () => walk().sorted,
    read: (path) => (walk().files.has(path) ? readFileSync(join(root, ...path.split('/'))) : null),
    refused: () => walk().refused,
  };
}

/** Opens what the user named as a site: a folder, or a snapshot's .zip (read from its top folder). */
export function openSite(path: string): { files: SiteFiles | null; problem: string | null } {
  let stat;
  try {
    stat = statSync(path);
  } catch {
    return { files: null, problem: `${path}: not found` };
  }
  if (stat.isFile() && /\.zip$/i.test(path)) {
    // Compressed data is never larger than what it inflates to, by more than a little.
    if (stat.size > ZIP_LIMITS.totalBytes)
      return {
        files: null,
        problem: `${path}: refused: larger than the ${ZIP_LIMITS.totalBytes / 2 ** 30} GiB a snapshot may be`,
      };
    try {
      const zip = zipFileSource(readFileSync(path));
      const refused = zip.refused.map((r): Finding => ({
        file: `${path}: ${r.entry}`,
        field: null,
        message: r.message,
      }));
      return {
        files: { label: path, list: () => zip.list(), read: (file) => zip.read(file), refused: () => refused },
        problem: null,
      };
    } catch (error) {
      if (error instanceof ZipError && error.overLimit)
        return { files: null, problem: `${path}: refused: ${error.message}` };
      return { files: null, problem: `${path}: not a readable ZIP archive (${(error as Error).message})` };
    }
  }
  if (!stat.isDirectory()) return { files: null, problem: `${path}: not a folder of a built site` };
  return { files: directoryFiles(path), problem: null };
}
