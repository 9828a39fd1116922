/**
 * The ZIP reader accounts for every byte and checks every CRC-32: a local entry hidden before the
 * central directory (only the end record's offset moved, as fflate's streaming reader and `unzip`'s
 * recovery would read it), bytes appended between entries, and an entry whose CRC-32 was changed
 * in both headers are each refused by name, as `unzip -t` refuses them.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { deflateRawSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { makeZip, readZipContents } from '../../../src/lib/snapshot/zip.ts';
import { crc32 } from '../../../src/lib/snapshot/zipCheck.ts';
import { looksLikeStackTrace, tempDir } from '../../support/cli.ts';
import { verifyLines } from './made.ts';

const text = (s: string): Uint8Array => new TextEncoder().encode(s);
const ENTRIES = [
  { path: 'snap/a.txt', bytes: text('first file\n') },
  { path: 'snap/b/trace.json', bytes: text('{"claim":"x"}\n') },
];

/** Where the end record and the central directory are. */
function layout(zip: Uint8Array): { end: number; directory: number } {
  const view = new DataView(zip.buffer, zip.byteOffset, zip.byteLength);
  const end = zip.length - 22;
  expect(view.getUint32(end, true)).toBe(0x06054b50);
  return { end, directory: view.getUint32(end + 16, true) };
}

/** A local header and its deflated data for a file, as a hider would write it. */
function localEntry(name: string, bytes: Uint8Array): Uint8Array {
  const data = deflateRawSync(bytes);
  const header = Buffer.alloc(30);
  header.writeUInt32LE(0x04034b50, 0);
  header.writeUInt16LE(20, 4);
  header.writeUInt16LE(8, 8);
  header.writeUInt32LE(crc32(bytes), 14);
  header.writeUInt32LE(data.length, 18);
  header.writeUInt32LE(bytes.length, 22);
  header.writeUInt16LE(Buffer.byteLength(name), 26);
  return new Uint8Array(Buffer.concat([header, Buffer.from(name), data]));
}

/** The archive with `extra` inserted just before its central directory, and the end record's offset moved. */
function hideBeforeDirectory(zip: Uint8Array, extra: Uint8Array): Uint8Array {
  const { directory, end } = layout(zip);
  const out = new Uint8Array(zip.length + extra.length);
  out.set(zip.subarray(0, directory), 0);
  out.set(extra, directory);
  out.set(zip.subarray(directory), directory + extra.length);
  new DataView(out.buffer).setUint32(end + extra.length + 16, directory + extra.length, true);
  return out;
}

describe('the ZIP reader accounts for every byte', () => {
  it('reads an archive it made with nothing refused', () => {
    const zip = makeZip(ENTRIES, '2026-12-01');
    const { files, refused } = readZipContents(zip);
    expect(refused).toEqual([]);
    expect([...files.keys()]).toEqual(['snap/a.txt', 'snap/b/trace.json']);
  });

  it('refuses a local entry hidden before the central directory, naming its bytes', () => {
    const zip = makeZip(ENTRIES, '2026-12-01');
    const hidden = localEntry('snap/b/trace.json', text('{"claim":"hidden"}\n'));
    const { directory } = layout(zip);
    const { files, refused } = readZipContents(hideBeforeDirectory(zip, hidden));
    expect(refused).toEqual([
      {
        entry: `bytes ${directory}–${directory + hidden.length - 1}`,
        message: `${hidden.length} bytes no central directory entry accounts for (a hidden entry, or data appended or inserted); a snapshot has none`,
      },
    ]);
    // The listed copy is the one read, never the hidden one.
    expect(new TextDecoder().decode(files.get('snap/b/trace.json'))).toBe('{"claim":"x"}\n');
  });

  it('refuses bytes inserted between two entries', () => {
    const zip = makeZip(ENTRIES, '2026-12-01');
    const garbage = text('not part of any entry');
    expect(readZipContents(hideBeforeDirectory(zip, garbage)).refused.map((r) => r.message)).toEqual([
      `${garbage.length} bytes no central directory entry accounts for (a hidden entry, or data appended or inserted); a snapshot has none`,
    ]);
  });

  it('refuses an entry whose CRC-32 was changed in both headers', () => {
    const zip = makeZip(ENTRIES, '2026-12-01');
    const view = new DataView(zip.buffer, zip.byteOffset, zip.byteLength);
    const { directory } = layout(zip);
    // The first entry: its local header at 0, its central entry first in the directory.
    const right = view.getUint32(14, true);
    const wrong = (right ^ 0x00010000) >>> 0;
    view.setUint32(14, wrong, true);
    view.setUint32(directory + 16, wrong, true);
    const { files, refused } = readZipContents(zip);
    expect(refused).toEqual([
      {
        entry: 'snap/a.txt',
        message: `fails its CRC-32 check: its headers record ${wrong.toString(16).padStart(8, '0')}, its bytes give ${right.toString(16).padStart(8, '0')} (damaged or altered)`,
      },
    ]);
    expect(files.has('snap/a.txt')).toBe(false);
  });

  it('makes verify fail on such an archive, naming the entry, without a stack trace', async () => {
    const dir = tempDir('ledger-zip-integrity-');
    const path = join(dir, 'snapshot.zip');
    const zip = makeZip(ENTRIES, '2026-12-01');
    const { directory } = layout(zip);
    const view = new DataView(zip.buffer, zip.byteOffset, zip.byteLength);
    view.setUint32(14, 0, true);
    view.setUint32(directory + 16, 0, true);
    writeFileSync(path, zip);
    const run = await verifyLines(path);
    expect(looksLikeStackTrace(run.stderr)).toBe(false);
    expect(run.code).toBe(1);
    expect(run.lines.some((line) => line.startsWith(`${path}: snap/a.txt: fails its CRC-32 check`))).toBe(true);
  });
});
