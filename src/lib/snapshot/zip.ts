/**
 * ZIP archives that are byte-identical whenever their files are: entries in path order, one fixed
 * timestamp, fixed attributes, no extra fields. Reading one back, as a stranger's archive must be
 * read, is `zipRead.ts` (re-exported here).
 */
import { zipSync, type Zippable, type ZipOptions } from 'fflate';
import { byBytes } from '../input/folderWalk.ts';

export {
  readZip,
  readZipContents,
  unsafeEntryName,
  ZIP_LIMITS,
  ZipError,
  zipFileSource,
  type ZipContents,
  type ZipLimits,
  type ZipRefusal,
} from './zipRead.ts';

/** One file of an archive, and whether to store it as it is (for data already compressed). */
export interface ZipEntry {
  readonly path: string;
  readonly bytes: Uint8Array;
  readonly store?: boolean;
}

/**
 * The timestamp to give every entry, from a date `YYYY-MM-DD`. A ZIP stores local wall-clock
 * fields with no time zone, and fflate fills them from the local time of the Date it is given; so
 * this is the date's noon *in the local zone*, which writes the same fields whatever the zone
 * (noon: no zone's daylight-saving change falls then).
 */
export function zipTime(date: string): Date {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (match === null) throw new Error(`not a date: ${date}`);
  const year = Math.min(Math.max(Number(match[1]), 1980), 2099);
  return new Date(year, Number(match[2]) - 1, Number(match[3]), 12, 0, 0);
}

/** Makes a ZIP archive; the same entries and date always give the same bytes. */
export function makeZip(entries: readonly ZipEntry[], date: string): Uint8Array {
  const mtime = zipTime(date);
  const tree: Zippable = {};
  const seen = new Set<string>();
  for (const entry of [...entries].sort((a, b) => byBytes(a.path, b.path))) {
    // Integer-like keys would be reordered by the object that carries them to fflate.
    if (/^(0|[1-9]\d*)$/.test(entry.path))
      throw new Error(`cannot store an entry named ${entry.path} at the top of an archive`);
    if (seen.has(entry.path)) throw new Error(`two entries named ${entry.path}`);
    seen.add(entry.path);
    const options: ZipOptions = { level: entry.store ? 0 : 9, mtime, os: 3, attrs: 0o100644 << 16 };
    tree[entry.path] = [entry.bytes, options];
  }
  return zipSync(tree);
}
