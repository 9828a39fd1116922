/**
 * The one way the ledger walks a folder: with lstat only, so a symbolic link is seen as a link and
 * never followed (one could point anywhere on the machine, or nowhere), in UTF-8 byte order, so the
 * order is the same as `sort` in the C locale and `sha256sum` listings on every machine.
 */
import { lstatSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

/** What an entry under a folder is, as lstat sees it. */
export type EntryKind = 'file' | 'folder' | 'link' | 'other';

/** One entry under a walked folder. */
export interface FolderEntry {
  /** Its path relative to the walked folder, with `/`. */
  readonly path: string;
  /** Its path on disk. */
  readonly full: string;
  readonly kind: EntryKind;
}

/** Compares paths by their UTF-8 bytes (as `sort` does in the C locale), so every tool agrees on the order. */
export function byBytes(a: string, b: string): number {
  return Buffer.compare(Buffer.from(a, 'utf8'), Buffer.from(b, 'utf8'));
}

/** Every entry under `root`, folders and what they hold, sorted by relative path in byte order; nothing is followed. */
export function walkFolder(root: string): FolderEntry[] {
  const entries: FolderEntry[] = [];
  const visit = (folder: string, prefix: string): void => {
    for (const name of readdirSync(folder)) {
      const full = join(folder, name);
      const stat = lstatSync(full);
      const kind: EntryKind = stat.isSymbolicLink()
        ? 'link'
        : stat.isDirectory()
          ? 'folder'
          : stat.isFile()
            ? 'file'
            : 'other';
      entries.push({ path: `${prefix}${name}`, full, kind });
      if (kind === 'folder') visit(full, `${prefix}${name}/`);
    }
  };
  visit(root, '');
  // Sorted whole, not folder by folder: `a-c` comes before `a/b` in byte order.
  return entries.sort((a, b) => byBytes(a.path, b.path));
}
