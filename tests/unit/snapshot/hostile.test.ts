/**
 * `verify` on hostile snapshots: a manifest line that climbs out of the folder, a ZIP with a
 * repeated name, a `__proto__` entry, an entry that inflates past the limit, a stray entry outside
 * the top folder, and links, absolute paths, `..` and backslashes among the entries are each refused
 * by name; and an older snapshot whose released model the repository has since edited (lock line
 * and all) blames the repository, not the snapshot.
 */
import { createHash } from 'node:crypto';
import { cpSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeAtomically } from '../../../src/lib/snapshot/files.ts';
import { checkManifest, MANIFEST, type FileSource } from '../../../src/lib/snapshot/manifest.ts';
import { readZip, zipFileSource, ZIP_LIMITS, ZipError } from '../../../src/lib/snapshot/zip.ts';
import { directoryFiles, reportLines, verifySite } from '../../../src/lib/verify/index.ts';
import { engineCodeHash } from '../../../src/lib/input/codeHash.ts';
import { readLock } from '../../../src/lib/input/lock.ts';
import { REPO_ROOT, tempDir } from '../../support/cli.ts';
import { fewClaims, repositoryContent } from '../verify/layout.ts';
import { snapshotOfRepository, verifyLines } from './made.ts';
import { rawZip, type RawEntry } from './rawZip.ts';

const folders: string[] = [];
let zipPath: string;
let unpacked: string;
let top: string;
let genuine: Map<string, Uint8Array>;
let traces: number;

beforeAll(async () => {
  const root = tempDir('ledger-snapshot-hostile-');
  folders.push(root);
  // Two claims under every model: each test changes the archive, not a trace, and verify would
  // re-derive every other claim's traces (snapshot/verify.test.ts snapshots them all).
  ({ zipPath, traces } = await snapshotOfRepository(
    root,
    '<!doctype html><title>Claims</title><p>genuine</p>\n',
    fewClaims(repositoryContent()),
  ));
  genuine = readZip(readFileSync(zipPath));
  top = [...genuine.keys()][0]!.split('/')[0]!;
  unpacked = join(root, 'unpacked');
  for (const [path, bytes] of genuine) writeAtomically(join(unpacked, ...path.split('/')), bytes);
  unpacked = join(unpacked, top);
}, 120_000);
afterAll(() => folders.forEach((dir) => rmSync(dir, { recursive: true, force: true })), 60_000);

const verify = verifyLines;

/** The genuine snapshot's entries as raw entries, deflated as the snapshot deflates them. */
function genuineEntries(): RawEntry[] {
  return [...genuine].map(([name, bytes]) => ({ name, bytes, deflate: true }));
}

/** Writes a ZIP of these entries and returns its path. */
function writeZip(entries: readonly RawEntry[]): string {
  const dir = tempDir('ledger-hostile-zip-');
  folders.push(dir);
  const path = join(dir, 'snapshot.zip');
  writeFileSync(path, rawZip(entries));
  return path;
}

const text = (s: string): Uint8Array => new TextEncoder().encode(s);

describe('a manifest line that climbs out of the snapshot', () => {
  it('is refused by line, and the file it names is never hashed or shown', async () => {
    const dir = tempDir('ledger-manifest-climb-');
    folders.push(dir);
    cpSync(unpacked, join(dir, 'snapshot'), { recursive: true });
    const secret = 'a file beside the snapshot, not in it\n';
    writeFileSync(join(dir, 'secret.txt'), secret);
    const manifest = join(dir, 'snapshot', MANIFEST);
    const lines = readFileSync(manifest, 'utf8').split('\n').length;
    writeFileSync(
      manifest,
      `${readFileSync(manifest, 'utf8')}${'0'.repeat(64)}  ../secret.txt\n${'0'.repeat(64)}  /etc/hostname\n`,
    );
    const run = await verify(join(dir, 'snapshot'));
    expect(run.code).toBe(1);
    expect(run.lines).toContain(
      `${MANIFEST}: line ${lines}: refused path "../secret.txt": climbs out of the snapshot with \`..\``,
    );
    expect(run.lines).toContain(`${MANIFEST}: line ${lines + 1}: refused path "/etc/hostname": an absolute path`);
    expect(run.lines.join('\n')).not.toContain(createHash('sha256').update(secret).digest('hex'));
  });

  it('is never looked up in the files at all', () => {
    const asked: string[] = [];
    const files: FileSource = {
      list: () => [MANIFEST, 'a.txt'],
      read: (path) => {
        asked.push(path);
        if (path === MANIFEST) return text(`${'0'.repeat(64)}  ../../etc/passwd\n${'0'.repeat(64)}  a\\b\n`);
        return path === 'a.txt' ? text('a') : null;
      },
    };
    const findings = checkManifest(files);
    expect(asked).toEqual([MANIFEST]);
    expect(findings.map((f) => f.message)).toEqual([
      'line 1: refused path "../../etc/passwd": climbs out of the snapshot with `..`',
      'line 2: refused path "a\\\\b": a backslash in a path',
      'not listed in MANIFEST.sha256 (added after the snapshot was made)',
    ]);
  });
});

describe('a snapshot ZIP', () => {
  it('verifies clean when written by the raw writer from the genuine entries', async () => {
    const run = await verify(writeZip(genuineEntries()));
    expect(run.lines.slice(1)).toEqual([`${traces} traces reproduced, 0 differ`]);
    expect(run.code).toBe(0);
  });

  it('with a repeated index.html placed before the genuine one is refused, naming it', async () => {
    const fake = { name: `${top}/index.html`, bytes: text('<p>forged</p>\n'), deflate: true };
    const path = writeZip([fake, ...genuineEntries()]);
    const run = await verify(path);
    expect(run.code).toBe(1);
    expect(run.lines).toContain(
      `${path}: ${top}/index.html: appears more than once in the archive (which copy is meant cannot be told)`,
    );
  });

  it('with an entry named __proto__ names it', async () => {
    const path = writeZip([...genuineEntries(), { name: `${top}/__proto__`, bytes: text('hidden') }]);
    const run = await verify(path);
    expect(run.code).toBe(1);
    expect(run.lines).toContain('__proto__: not listed in MANIFEST.sha256 (added after the snapshot was made)');
  });

  it('with an entry outside the top folder names that entry, and verifies the rest', async () => {
    const path = writeZip([...genuineEntries(), { name: 'stray/model.json', bytes: text('{}') }]);
    const run = await verify(path);
    expect(run.code).toBe(1);
    expect(run.lines).toEqual([
      expect.stringMatching(/^\d+ files match MANIFEST\.sha256$/),
      `${traces} traces reproduced, 0 differ`,
      `${path}: stray/model.json: lies outside the snapshot's top folder ${top}/`,
    ]);
  });

  it.each<[string, RawEntry]>([
    ['a symbolic link', { name: `${top}/link.html`, bytes: text('/etc/passwd'), mode: 0o120777 }],
    ['an absolute path', { name: '/etc/cron.d/job', bytes: text('x') }],
    ['a `..` segment', { name: `${top}/../../evil.sh`, bytes: text('x') }],
    ['a backslash', { name: `${top}\\evil.sh`, bytes: text('x') }],
  ])('with %s among its entries refuses that entry by name', async (_what, entry) => {
    const path = writeZip([...genuineEntries(), entry]);
    const run = await verify(path);
    expect(run.code).toBe(1);
    const line = run.lines.find((l) => l.startsWith(`${path}: ${entry.name}: `));
    expect(line, run.lines.join('\n')).toBeDefined();
    expect(line).toMatch(/symbolic link|absolute path|climbs out|backslash/);
  });

  it('whose entry inflates past 64 MiB is refused, naming the entry, without inflating it', async () => {
    const zeros = new Uint8Array(ZIP_LIMITS.entryBytes + 1);
    const path = writeZip([...genuineEntries(), { name: `${top}/zeros.bin`, bytes: zeros, deflate: true }]);
    expect(readFileSync(path).length).toBeLessThan(1 << 20);
    const run = await verify(path);
    expect(run.code).toBe(1);
    expect(run.stderr).toBe(
      `${path}: refused: ${top}/zeros.bin: inflates to more than 64 MiB, the most one entry may\n`,
    );
  });

  it('is refused when its entries inflate past the total limit, before the rest are inflated', () => {
    const entries = [1, 2, 3].map((i) => ({ name: `s/${i}.bin`, bytes: new Uint8Array(400_000), deflate: true }));
    const limits = { entryBytes: 500_000, totalBytes: 1_000_000, entries: 10 };
    let thrown: unknown = null;
    try {
      zipFileSource(rawZip(entries), limits);
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(ZipError);
    expect((thrown as ZipError).message).toBe('s/3.bin: the archive inflates to more than 1000000 bytes in all');
    expect((thrown as ZipError).overLimit).toBe(true);
    expect(zipFileSource(rawZip(entries.slice(0, 2)), limits).list()).toEqual(['1.bin', '2.bin']);
  });
});

describe('an older snapshot whose released model the repository has since changed, lock line and all', () => {
  it('blames the repository in a warning naming both hashes, and passes; an edited model.json is still blamed', () => {
    const model = repositoryContent().models[0]!.id;
    const files = directoryFiles(unpacked);
    // The snapshot's model.json is the genuine one: the hash the repository's lock recorded at release.
    const genuineHash = readLock(join(REPO_ROOT, 'models')).entries.find((e) => e.id === model)!.configHash;
    const edited = `sha256:${'e'.repeat(64)}`;
    const report = verifySite(files, {
      codeHash: engineCodeHash(),
      released: [{ id: model, configHash: edited, lockFile: 'models/released.lock' }],
    });
    const lines = reportLines(report, Infinity);
    const warning = lines.find((l) => l.startsWith(`warning: models/${model}/model.json: `));
    expect(warning, lines.join('\n')).toBeDefined();
    expect(warning).toContain(`the repository's models/released.lock now records ${edited} for ${model}`);
    expect(warning).toContain(`this snapshot's model.json (intact, as its manifest lists it) hashes to ${genuineHash}`);
    expect(warning).toContain('changed after this snapshot was made');
    expect(lines.filter((l) => l.includes('was edited'))).toEqual([]);
    expect(report.ok).toBe(true);

    // The other way round: a model.json the snapshot does not vouch for is still the one blamed.
    const dir = tempDir('ledger-snapshot-model-edited-');
    folders.push(dir);
    cpSync(unpacked, dir, { recursive: true });
    const file = join(dir, 'models', model, 'model.json');
    writeFileSync(file, readFileSync(file, 'utf8').replace('"summary":"', '"summary":"Edited. '));
    const recorded = `sha256:${'e'.repeat(64)}`;
    const edited2 = verifySite(directoryFiles(dir), {
      codeHash: engineCodeHash(),
      released: [{ id: model, configHash: recorded, lockFile: 'models/released.lock' }],
    });
    expect(edited2.ok).toBe(false);
    expect(reportLines(edited2, Infinity).join('\n')).toContain(
      `models/${model}/model.json: released model ${model} was edited: models/released.lock records ${recorded}`,
    );
  });
});
