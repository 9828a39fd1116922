import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { unzipSync } from 'fflate';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { snapshotCommand } from '../../../src/cli/snapshot.ts';
import { writeAtomically } from '../../../src/lib/snapshot/files.ts';
import { checkManifest, sha256Digits } from '../../../src/lib/snapshot/manifest.ts';
import { snapshotFiles } from '../../../src/lib/snapshot/snapshot.ts';
import { makeZip, readZip, zipFileSource, zipTime, type ZipEntry } from '../../../src/lib/snapshot/zip.ts';
import { fixtureExtras, fixtureSite, INFO } from './fixture.ts';

const encoder = new TextEncoder();
const ENTRIES: ZipEntry[] = [
  { path: 'snap/index.html', bytes: encoder.encode('<p>home</p>'.repeat(50)) },
  { path: 'snap/claims/a/trace.json', bytes: encoder.encode('{"a":1}') },
  { path: 'snap/katex/fonts/Main.woff2', bytes: Uint8Array.from({ length: 500 }, (_, i) => i % 251) },
  { path: 'snap/archive/data.warc.gz', bytes: Uint8Array.of(0x1f, 0x8b, 8, 0), store: true },
];

/** The DOS date and time fields of each local file header, decoded. */
function headerTimes(zip: Uint8Array): string[] {
  const view = new DataView(zip.buffer, zip.byteOffset, zip.byteLength);
  const times: string[] = [];
  for (let at = 0; at + 30 <= zip.length && view.getUint32(at, true) === 0x04034b50;) {
    const time = view.getUint16(at + 10, true);
    const date = view.getUint16(at + 12, true);
    times.push(
      `${1980 + (date >> 9)}-${String((date >> 5) & 15).padStart(2, '0')}-${String(date & 31).padStart(2, '0')} ` +
        `${String(time >> 11).padStart(2, '0')}:${String((time >> 5) & 63).padStart(2, '0')}`,
    );
    at += 30 + view.getUint32(at + 18, true) + view.getUint16(at + 26, true) + view.getUint16(at + 28, true);
  }
  return times;
}

describe('makeZip', () => {
  const zone = process.env['TZ'];
  afterEach(() => {
    if (zone === undefined) delete process.env['TZ'];
    else process.env['TZ'] = zone;
  });

  it('gives the same bytes for the same files, whatever order they come in', () => {
    expect(makeZip(ENTRIES, '2026-11-30')).toEqual(makeZip([...ENTRIES].reverse(), '2026-11-30'));
  });

  it.each(['UTC', 'Pacific/Auckland', 'America/Los_Angeles', 'Asia/Kolkata'])(
    'gives the same bytes in the time zone %s',
    (tz) => {
      process.env['TZ'] = 'UTC';
      const utc = makeZip(ENTRIES, '2026-03-29');
      process.env['TZ'] = tz;
      expect(makeZip(ENTRIES, '2026-03-29')).toEqual(utc);
    },
  );

  it("stamps every entry with the build's date", () => {
    expect(headerTimes(makeZip(ENTRIES, '2026-11-30'))).toEqual(Array(ENTRIES.length).fill('2026-11-30 12:00'));
  });

  it('differs when the date does', () => {
    expect(makeZip(ENTRIES, '2026-11-30')).not.toEqual(makeZip(ENTRIES, '2026-12-01'));
  });

  it('stores entries in path order, compressed unless told to store them', () => {
    const seen: { name: string; compression: number }[] = [];
    unzipSync(makeZip(ENTRIES, '2026-11-30'), {
      filter: (file) => (seen.push({ name: file.name, compression: file.compression }), true),
    });
    expect(seen).toEqual([
      { name: 'snap/archive/data.warc.gz', compression: 0 },
      { name: 'snap/claims/a/trace.json', compression: 8 },
      { name: 'snap/index.html', compression: 8 },
      { name: 'snap/katex/fonts/Main.woff2', compression: 8 },
    ]);
  });

  it('reads back what it wrote', () => {
    const back = readZip(makeZip(ENTRIES, '2026-11-30'));
    for (const entry of ENTRIES) expect(back.get(entry.path)).toEqual(entry.bytes);
  });

  it('refuses two entries with one name', () => {
    expect(() => makeZip([ENTRIES[0]!, ENTRIES[0]!], '2026-11-30')).toThrow(/two entries/);
  });

  it('keeps the date for years a ZIP cannot hold inside its range', () => {
    expect(zipTime('1970-01-01').getFullYear()).toBe(1980);
  });
});

describe('zipFileSource', () => {
  it('reads a snapshot ZIP from inside its top folder, manifest and all', () => {
    const snapshot = snapshotFiles(fixtureSite(), INFO, { extras: fixtureExtras() });
    const zip = makeZip(
      [...snapshot.files].map(([path, bytes]) => ({ path: `claim-ledger-x/${path}`, bytes })),
      INFO.date,
    );
    const files = zipFileSource(zip);
    expect(files.root).toBe('claim-ledger-x');
    expect(files.list()).toContain('index.html');
    expect(files.read('claims/a/trace.json')).toEqual(fixtureSite().get('claims/a/trace.json'));
    expect(checkManifest(files)).toEqual([]);
  });

  it('reads a ZIP with no top folder as it is', () => {
    const files = zipFileSource(
      makeZip(
        [
          { path: 'a.txt', bytes: encoder.encode('a') },
          { path: 'b/c.txt', bytes: encoder.encode('c') },
        ],
        INFO.date,
      ),
    );
    expect(files.root).toBe('');
    expect(files.list()).toEqual(['a.txt', 'b/c.txt']);
  });
});

describe('ledger snapshot', () => {
  const root = mkdtempSync(join(tmpdir(), 'ledger-snapshot-'));
  afterAll(() => rmSync(root, { recursive: true, force: true }));
  for (const [path, bytes] of fixtureSite()) writeAtomically(join(root, 'site', ...path.split('/')), bytes);
  const io = (): { out: string[]; err: string[]; io: { out: (t: string) => void; err: (t: string) => void } } => {
    const out: string[] = [];
    const err: string[] = [];
    return { out, err, io: { out: (t) => out.push(t), err: (t) => err.push(t) } };
  };
  const env = { ...process.env, SOURCE_DATE_EPOCH: '1790000000', LEDGER_SITE: 'https://claim-ledger.example.org/' };

  it('makes byte-identical archives twice from one commit and SOURCE_DATE_EPOCH', async () => {
    const first = io();
    const second = io();
    expect(await snapshotCommand(first.io, { dist: 'site', out: 'one' }, { cwd: root, progress: false, env })).toBe(0);
    expect(await snapshotCommand(second.io, { dist: 'site', out: 'two' }, { cwd: root, progress: false, env })).toBe(0);
    const names = readdirSync(join(root, 'one')).sort();
    expect(names).toEqual([
      'claim-ledger-2026-09-21-m@1.0.0-ab12ab12ab12.wacz',
      'claim-ledger-2026-09-21-m@1.0.0-ab12ab12ab12.wacz.sha256',
      'claim-ledger-2026-09-21-m@1.0.0-ab12ab12ab12.zip',
      'claim-ledger-2026-09-21-m@1.0.0-ab12ab12ab12.zip.sha256',
    ]);
    expect(readdirSync(join(root, 'two')).sort()).toEqual(names);
    for (const name of names)
      expect(readFileSync(join(root, 'two', name)), name).toEqual(readFileSync(join(root, 'one', name)));
  });

  it("prints the archive's SHA-256 and writes it beside it in sha256sum format", async () => {
    const run = io();
    await snapshotCommand(run.io, { dist: 'site', out: 'three' }, { cwd: root, progress: false, env });
    const zip = readFileSync(join(root, 'three', 'claim-ledger-2026-09-21-m@1.0.0-ab12ab12ab12.zip'));
    const hash = sha256Digits(zip);
    expect(run.out.join('')).toContain(`SHA-256 ${hash}`);
    expect(readFileSync(join(root, 'three', 'claim-ledger-2026-09-21-m@1.0.0-ab12ab12ab12.zip.sha256'), 'utf8')).toBe(
      `${hash}  claim-ledger-2026-09-21-m@1.0.0-ab12ab12ab12.zip\n`,
    );
    expect(run.err.join('')).toBe('warning: spec/index.html is linked from index.html but the site does not have it\n');
  });

  it('puts every file in one top folder named like the archive', () => {
    const files = readZip(readFileSync(join(root, 'one', 'claim-ledger-2026-09-21-m@1.0.0-ab12ab12ab12.zip')));
    expect([...files.keys()].every((path) => path.startsWith('claim-ledger-2026-09-21-m@1.0.0-ab12ab12ab12/'))).toBe(
      true,
    );
    expect(files.has('claim-ledger-2026-09-21-m@1.0.0-ab12ab12ab12/reference/ledger.py')).toBe(true);
  });

  it('fails clearly, writing nothing, when the site is not built', async () => {
    const run = io();
    expect(await snapshotCommand(run.io, { dist: 'nowhere', out: 'four' }, { cwd: root, progress: false, env })).toBe(
      1,
    );
    expect(run.err.join('')).toBe(
      'ledger snapshot: nowhere: no built site here (index.html is missing). Build it first: npm run -s build\n',
    );
    expect(readdirSync(root)).not.toContain('four');
  });

  it('shows progress only when asked to (standard error is a terminal)', async () => {
    const quiet = io();
    await snapshotCommand(quiet.io, { dist: 'site', out: 'five' }, { cwd: root, progress: false, env });
    expect(quiet.err.join('')).not.toMatch(/ of /);
    const shown = io();
    await snapshotCommand(shown.io, { dist: 'site', out: 'five' }, { cwd: root, progress: true, env });
    expect(shown.err.join('')).toMatch(/copying 15 of 15/);
    expect(shown.err.join('')).toMatch(/archiving 15 of 15/);
  });
});
