/**
 * Reading a ZIP archive back as a set of files, as a stranger's archive must be read: through its
 * central directory, every name checked, every entry inflated with a size limit and its CRC-32
 * checked, and every byte of the archive accounted for by the directory.
 */
import { Inflate } from 'fflate';
import { byBytes } from '../input/folderWalk.ts';
import { MANIFEST, type FileSource } from './manifest.ts';
import { Crc32, uncovered, type Span } from './zipCheck.ts';

/** How much a ZIP may inflate to: per entry, in total, and how many entries it may have. */
export interface ZipLimits {
  readonly entryBytes: number;
  readonly totalBytes: number;
  readonly entries: number;
}

/**
 * The limits verify reads a snapshot with. A snapshot of this repository is a few megabytes (its
 * largest file, the search index, well under one); these leave room for sites a hundred times as
 * large and still keep a "ZIP bomb" (a few MB of zeros that inflate to gigabytes) from being
 * inflated beyond them.
 */
export const ZIP_LIMITS: ZipLimits = { entryBytes: 64 * 2 ** 20, totalBytes: 2 * 2 ** 30, entries: 200_000 };

/** One entry the reader refused, by the name the archive gives it, and why. */
export interface ZipRefusal {
  readonly entry: string;
  readonly message: string;
}

/** A ZIP that cannot be read at all (not a ZIP, truncated) or is refused whole (too large): the message says why. */
export class ZipError extends Error {
  constructor(
    message: string,
    /** True when the archive is readable but past a limit; false when it is not a readable ZIP. */
    readonly overLimit = false,
  ) {
    super(message);
  }
}

/** What a ZIP holds: every file entry accepted, by name, and every entry refused. */
export interface ZipContents {
  readonly files: Map<string, Uint8Array>;
  readonly refused: readonly ZipRefusal[];
}

/** One accepted entry, not yet inflated: its compressed bytes, how, and the size it inflates to. */
interface ZipItem {
  readonly data: Uint8Array;
  readonly deflated: boolean;
  readonly size: number;
}

/** An entry's bytes; its size was checked against the limits when the archive was scanned. */
function inflateItem(name: string, item: ZipItem): Uint8Array {
  return item.deflated ? inflateCapped(item.data, item.size, name) : item.data;
}

const S_IFMT = 0o170000;
const S_IFLNK = 0o120000;
const S_IFREG = 0o100000;
const S_IFDIR = 0o040000;

/** Why an entry's name is not a plain relative path inside the archive, or null when it is one. */
export function unsafeEntryName(name: string): string | null {
  if (name.includes('\\')) return 'has a backslash in its name';
  if (name.startsWith('/') || /^[A-Za-z]:/.test(name)) return 'has an absolute path';
  if ([...name].some((c) => c.charCodeAt(0) < 0x20)) return 'has a control character in its name';
  const segments = name.replace(/\/$/, '').split('/');
  if (segments.some((s) => s === '..')) return 'climbs out of the archive with `..`';
  if (segments.some((s) => s === '' || s === '.')) return 'has an empty or `.` segment in its path';
  return null;
}

/**
 * Inflates raw DEFLATE data in small pieces, handing each piece of output to `take`, and refuses
 * (before making it) output beyond `cap`. Returns how many bytes it inflated to.
 */
function inflatePieces(data: Uint8Array, cap: number, name: string, take: (chunk: Uint8Array) => void): number {
  let size = 0;
  const inflater = new Inflate((chunk) => {
    size += chunk.length;
    if (size > cap) throw new ZipLimitError(name, cap);
    take(chunk);
  });
  // Small input pieces keep each piece's output small (DEFLATE expands at most about 1032 to 1).
  const PIECE = 16 * 1024;
  for (let at = 0; at < data.length; at += PIECE)
    inflater.push(data.subarray(at, Math.min(at + PIECE, data.length)), at + PIECE >= data.length);
  if (data.length === 0) inflater.push(new Uint8Array(0), true);
  return size;
}

/** How many bytes DEFLATE data inflates to and their CRC-32, refused past `cap`, counted in constant memory. */
function countInflated(data: Uint8Array, cap: number, name: string): { size: number; crc: number } {
  const crc = new Crc32();
  const size = inflatePieces(data, cap, name, (chunk) => crc.push(chunk));
  return { size, crc: crc.value };
}

/** DEFLATE data inflated, refused past `cap`. */
function inflateCapped(data: Uint8Array, cap: number, name: string): Uint8Array {
  const chunks: Uint8Array[] = [];
  const size = inflatePieces(data, cap, name, (chunk) => chunks.push(chunk));
  const out = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    out.set(chunk, offset);
    offset += chunk.length;
  }
  return out;
}

class ZipLimitError extends Error {
  constructor(
    readonly entry: string,
    readonly cap: number,
  ) {
    super(`${entry}: inflates to more than ${cap} bytes`);
  }
}

/** A 32-bit value as 8 hex digits. */
const hex = (value: number): string => value.toString(16).padStart(8, '0');

/** A little-endian 32-bit value, or -1 past the end. */
function u32Safe(view: DataView, at: number): number {
  return at + 4 <= view.byteLength ? view.getUint32(at, true) : -1;
}

const MIB = 2 ** 20;
const mib = (bytes: number): string => (Number.isInteger(bytes / MIB) ? `${bytes / MIB} MiB` : `${bytes} bytes`);

/**
 * Reads a ZIP archive through its central directory, with limits: an entry whose name is not a
 * plain relative path, that is a symbolic link (or anything but a file or folder), that repeats a
 * name, or that uses an unknown compression is refused by name; an entry that would inflate past
 * `limits.entryBytes`, or an archive past `limits.totalBytes`, stops the reading (a ZipError) before
 * the bytes beyond the limit are made.
 */
export function readZipContents(bytes: Uint8Array, limits: ZipLimits = ZIP_LIMITS): ZipContents {
  const { items, refused } = scanZip(bytes, limits);
  return { files: new Map([...items].map(([name, item]) => [name, inflateItem(name, item)])), refused };
}

/**
 * The central directory read and every entry checked: names, types, and the size each inflates to
 * (counted, not kept, so that checking a bomb costs no memory); entries are inflated when read.
 */
function scanZip(bytes: Uint8Array, limits: ZipLimits): { items: Map<string, ZipItem>; refused: ZipRefusal[] } {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const u16 = (at: number): number => view.getUint16(at, true);
  const u32 = (at: number): number => view.getUint32(at, true);
  let end = -1;
  for (let at = bytes.length - 22; at >= Math.max(0, bytes.length - 22 - 0xffff); at--) {
    if (u32(at) === 0x06054b50) {
      end = at;
      break;
    }
  }
  if (end < 0) throw new ZipError('no end of central directory record (not a ZIP, or cut short)');
  const count = u16(end + 10);
  const directorySize = u32(end + 12);
  const directoryStart = u32(end + 16);
  if (count === 0xffff || directoryStart === 0xffffffff) throw new ZipError('ZIP64 archives are not read');
  if (count > limits.entries) throw new ZipError(`more than ${limits.entries} entries`, true);
  if (directoryStart + directorySize > end) throw new ZipError('the central directory lies outside the archive');
  // What the directory accounts for: itself, the end record and its comment, and each entry's local copy.
  const spans: Span[] = [
    { start: directoryStart, end: directoryStart + directorySize },
    { start: end, end: Math.min(bytes.length, end + 22 + u16(end + 20)) },
  ];
  const decoder = new TextDecoder('utf-8', { fatal: true });
  const files = new Map<string, ZipItem>();
  const seen = new Set<string>();
  const twice = new Set<string>();
  const refused: ZipRefusal[] = [];
  let total = 0;
  let at = directoryStart;
  for (let i = 0; i < count; i++) {
    if (at + 46 > end || u32(at) !== 0x02014b50) throw new ZipError(`central directory entry ${i + 1} is damaged`);
    const madeBy = u16(at + 4) >> 8;
    const flags = u16(at + 8);
    const method = u16(at + 10);
    const crc = u32(at + 16);
    const compressedSize = u32(at + 20);
    const declaredSize = u32(at + 24);
    const nameLength = u16(at + 28);
    const skip = nameLength + u16(at + 30) + u16(at + 32);
    const attributes = u32(at + 38) >>> 16;
    const local = u32(at + 42);
    const localOk = local + 30 <= bytes.length && u32(local) === 0x04034b50;
    const dataStart = localOk ? local + 30 + u16(local + 26) + u16(local + 28) : 0;
    // A data descriptor (flag 3) follows the data: 12 bytes, or 16 with its optional signature.
    const descriptor = (flags & 8) === 0 ? 0 : u32Safe(view, dataStart + compressedSize) === 0x08074b50 ? 16 : 12;
    if (localOk) spans.push({ start: local, end: dataStart + compressedSize + descriptor });
    const sameLocalName =
      localOk &&
      u16(local + 26) === nameLength &&
      bytes.subarray(local + 30, local + 30 + nameLength).every((b, k) => b === bytes[at + 46 + k]);
    let name: string;
    try {
      name = decoder.decode(bytes.subarray(at + 46, at + 46 + nameLength));
    } catch {
      name = [...bytes.subarray(at + 46, at + 46 + nameLength)].map((b) => String.fromCharCode(b)).join('');
      refused.push({ entry: name, message: 'has a name that is not UTF-8' });
      at += 46 + skip;
      continue;
    }
    at += 46 + skip;
    const refuse = (message: string): void => void refused.push({ entry: name, message });
    const unsafe = unsafeEntryName(name);
    if (unsafe !== null) {
      refuse(unsafe);
      continue;
    }
    if (seen.has(name)) {
      // Neither copy is read: a reader that keeps the first and one that keeps the last disagree.
      if (!twice.has(name)) refuse('appears more than once in the archive (which copy is meant cannot be told)');
      twice.add(name);
      files.delete(name);
      continue;
    }
    seen.add(name);
    // Unix file types sit in the top 16 bits of the external attributes when the entry was made on Unix.
    const type = madeBy === 3 ? attributes & S_IFMT : 0;
    const folder = name.endsWith('/');
    if (type === S_IFLNK) {
      refuse('is a symbolic link');
      continue;
    }
    if (type !== 0 && type !== (folder ? S_IFDIR : S_IFREG)) {
      refuse(folder ? 'is a folder entry that is not a folder' : 'is not a regular file');
      continue;
    }
    if (folder) continue;
    if ((flags & 1) !== 0) {
      refuse('is encrypted');
      continue;
    }
    if (method !== 0 && method !== 8) {
      refuse(`uses compression method ${method}, not stored or deflated`);
      continue;
    }
    if (!localOk) throw new ZipError(`${name}: its local header is missing or damaged`);
    if (dataStart + compressedSize > bytes.length)
      throw new ZipError(`${name}: its data runs past the end of the archive`);
    if (!sameLocalName) {
      refuse('its local header names another file than its central directory entry');
      continue;
    }
    const data = bytes.subarray(dataStart, dataStart + compressedSize);
    const cap = Math.min(limits.entryBytes, limits.totalBytes - total);
    let size: number;
    let actualCrc: number;
    try {
      if (method === 0) {
        if (data.length > cap) throw new ZipLimitError(name, cap);
        size = data.length;
        const running = new Crc32();
        running.push(data);
        actualCrc = running.value;
      } else ({ size, crc: actualCrc } = countInflated(data, cap, name));
    } catch (error) {
      if (error instanceof ZipLimitError) {
        throw new ZipError(
          cap < limits.entryBytes
            ? `${name}: the archive inflates to more than ${mib(limits.totalBytes)} in all`
            : `${name}: inflates to more than ${mib(limits.entryBytes)}, the most one entry may`,
          true,
        );
      }
      throw new ZipError(`${name}: cannot be inflated (${(error as Error).message})`);
    }
    total += size;
    const localCrc = (flags & 8) === 0 ? u32(local + 14) : crc;
    if (actualCrc !== crc || localCrc !== crc) {
      refuse(
        `fails its CRC-32 check: its headers record ${hex(crc)}${localCrc === crc ? '' : ` and ${hex(localCrc)}`}, ` +
          `its bytes give ${hex(actualCrc)} (damaged or altered)`,
      );
      continue;
    }
    if (size !== declaredSize) {
      refuse(`inflates to ${size} bytes, but its central directory entry says ${declaredSize}`);
      continue;
    }
    if (!twice.has(name)) files.set(name, { data, deflated: method === 8, size });
  }
  if (at !== directoryStart + directorySize)
    throw new ZipError('the central directory holds more or fewer bytes than its entries (the end record disagrees)');
  for (const gap of uncovered(spans, bytes.length))
    refused.push({
      entry: `bytes ${gap.start}–${gap.end - 1}`,
      message:
        `${gap.end - gap.start} bytes no central directory entry accounts for ` +
        '(a hidden entry, or data appended or inserted); a snapshot has none',
    });
  return { items: files, refused };
}

/** Every entry of a ZIP archive (folders left out), by path; any refused entry is an error. */
export function readZip(bytes: Uint8Array): Map<string, Uint8Array> {
  const { files, refused } = readZipContents(bytes);
  if (refused.length > 0) throw new ZipError(`${refused[0]!.entry}: ${refused[0]!.message}`);
  return files;
}

/**
 * A snapshot ZIP as a set of files relative to the snapshot's root. The root is the folder that
 * holds MANIFEST.sha256 (a snapshot's top folder); without one, the one top folder every entry sits
 * in, if there is one. An entry outside the root is refused by name, as are unsafe entries.
 */
export function zipFileSource(
  bytes: Uint8Array,
  limits: ZipLimits = ZIP_LIMITS,
): FileSource & { readonly root: string; readonly refused: readonly ZipRefusal[] } {
  const { items: entries, refused } = scanZip(bytes, limits);
  const names = [...entries.keys()];
  const manifests = names.filter((path) => /^[^/]+\/MANIFEST\.sha256$/.test(path));
  const tops = new Set(names.map((path) => (path.includes('/') ? path.slice(0, path.indexOf('/') + 1) : '')));
  const root = entries.has(MANIFEST)
    ? ''
    : manifests.length === 1
      ? manifests[0]!.slice(0, manifests[0]!.indexOf('/') + 1)
      : tops.size === 1 && !tops.has('')
        ? [...tops][0]!
        : '';
  const files = new Map<string, { name: string; item: ZipItem }>();
  const strays: ZipRefusal[] = [];
  for (const [path, item] of entries) {
    if (path.startsWith(root)) files.set(path.slice(root.length), { name: path, item });
    else strays.push({ entry: path, message: `lies outside the snapshot's top folder ${root}` });
  }
  const list = [...files.keys()].sort(byBytes);
  return {
    root: root.replace(/\/$/, ''),
    refused: [...refused, ...strays],
    list: () => list,
    // Inflated when read and not kept: the archive's files are never all in memory at once.
    read: (path) => {
      const found = files.get(path);
      return found === undefined ? null : inflateItem(found.name, found.item);
    },
  };
}
