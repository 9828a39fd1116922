/**
 * `verify` on a snapshot, zipped and unpacked: a fresh one passes (TypeScript, with its manifest;
 * Python, re-scoring), and one changed byte, one removed file or one added file fails, naming it.
 */
import { spawnSync } from 'node:child_process';
import { cpSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeAtomically } from '../../../src/lib/snapshot/files.ts';
import { MANIFEST } from '../../../src/lib/snapshot/manifest.ts';
import { makeZip, readZip } from '../../../src/lib/snapshot/zip.ts';
import { looksLikeStackTrace, REPO_ROOT, tempDir } from '../../support/cli.ts';
import { fewClaims, repositoryContent } from '../verify/layout.ts';
import { snapshotOfRepository, verifyLines } from './made.ts';

const REFERENCE = join(REPO_ROOT, 'reference', 'ledger.py');
const folders: string[] = [];
let zipPath: string;
let unpacked: string;
let traces: number;
/**
 * The snapshot tampered with: two claims under every model. The fresh snapshot's tests have every
 * claim reproduced by both verifies; here each verify would only re-derive the others again.
 */
let fewZip: string;
let fewUnpacked: string;
let fewTraces: number;

/** The snapshot's one top folder, unpacked from the .zip under `into`. */
function unpack(zip: string, into: string): string {
  for (const [path, bytes] of readZip(readFileSync(zip))) writeAtomically(join(into, ...path.split('/')), bytes);
  return join(into, readdirSync(into)[0]!);
}

beforeAll(async () => {
  const root = tempDir('ledger-snapshot-verify-');
  folders.push(root);
  ({ zipPath, traces } = await snapshotOfRepository(
    root,
    '<!doctype html><title>Claims</title><a href="/claims/">claims</a>\n',
  ));
  unpacked = unpack(zipPath, join(root, 'unpacked'));
  const few = tempDir('ledger-snapshot-verify-few-');
  folders.push(few);
  ({ zipPath: fewZip, traces: fewTraces } = await snapshotOfRepository(
    few,
    '<!doctype html><title>Claims</title><a href="/claims/">claims</a>\n',
    fewClaims(repositoryContent()),
  ));
  fewUnpacked = unpack(fewZip, join(few, 'unpacked'));
}, 120_000);
afterAll(() => folders.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

const verify = verifyLines;

function python(dir: string): { code: number | null; stdout: string } {
  const run = spawnSync('python3', [REFERENCE, 'verify', dir], { encoding: 'utf8' });
  return { code: run.status, stdout: run.stdout };
}

/** A fresh copy of the unpacked snapshot of two claims to tamper with. */
function copy(): string {
  const dir = tempDir('ledger-snapshot-tampered-');
  folders.push(dir);
  cpSync(fewUnpacked, dir, { recursive: true });
  return dir;
}

/** The first trace under `claims/` and the offset of a digit inside its `result`. */
function digitInResult(dir: string): { path: string; offset: number } {
  const path = readFileSync(join(dir, MANIFEST), 'utf8')
    .split('\n')
    .map((line) => line.slice(66))
    .find((p) => /^claims\/.+\/trace\.json$/.test(p) && /"probability": "\d/.test(readFileSync(join(dir, p), 'utf8')))!;
  const text = readFileSync(join(dir, path), 'latin1');
  const offset = text.indexOf('"probability": "', text.indexOf('"result"')) + '"probability": "'.length;
  return { path, offset };
}

function changeByte(file: string, offset: number): void {
  const bytes = readFileSync(file);
  bytes[offset] = bytes[offset] === 0x30 ? 0x31 : 0x30;
  writeFileSync(file, bytes);
}

describe('a fresh snapshot', () => {
  it('passes verify as a .zip: manifest first, then every trace re-scored', async () => {
    const { code, lines } = await verify(zipPath);
    expect(lines[0]).toMatch(/^\d+ files match MANIFEST\.sha256$/);
    expect(lines[1]).toBe(`${traces} traces reproduced, 0 differ`);
    expect(lines).toHaveLength(2);
    expect(code).toBe(0);
  });

  it('passes verify unpacked', async () => {
    const { code, lines } = await verify(unpacked);
    expect(lines).toEqual([
      expect.stringMatching(/^\d+ files match MANIFEST\.sha256$/),
      `${traces} traces reproduced, 0 differ`,
    ]);
    expect(code).toBe(0);
  });

  it('passes the Python reference verify unpacked, manifest and all, with no Node at all', () => {
    const { code, stdout } = python(unpacked);
    expect(stdout).toMatch(new RegExp(`^\\d+ files match MANIFEST\\.sha256\n${traces} traces reproduced, 0 differ\n$`));
    expect(code).toBe(0);
  });

  it.skipIf(spawnSync('sha256sum', ['--version']).status !== 0)('passes sha256sum -c MANIFEST.sha256', () => {
    const run = spawnSync('sha256sum', ['-c', '--quiet', '--strict', MANIFEST], { cwd: unpacked, encoding: 'utf8' });
    expect(run.stdout + run.stderr).toBe('');
    expect(run.status).toBe(0);
  });
});

describe('a tampered snapshot', () => {
  it('fails, naming the trace, after one byte of it is changed (both verifies)', async () => {
    const dir = copy();
    const { path, offset } = digitInResult(dir);
    changeByte(join(dir, path), offset);
    const ts = await verify(dir);
    expect(ts.code).toBe(1);
    expect(ts.lines[0]).toBe('1 file does not match MANIFEST.sha256');
    expect(ts.lines[1]).toBe(`${fewTraces - 1} traces reproduced, 1 differ`);
    expect(ts.lines[2]).toMatch(
      new RegExp(`^${path.replace(/[.@]/g, '\\$&')}: changed after the snapshot was made: SHA-256 is `),
    );
    expect(ts.lines[3]).toMatch(new RegExp(`^${path.replace(/[.@]/g, '\\$&')}: result\\.probability: expected "`));
    const py = python(dir);
    expect(py.code).toBe(1);
    expect(py.stdout).toContain(`${path}: result.probability: expected`);
  });

  it('fails, naming the trace, when the byte is changed inside the .zip', async () => {
    const files = readZip(readFileSync(fewZip));
    const top = [...files.keys()][0]!.split('/')[0]!;
    const { path, offset } = digitInResult(fewUnpacked);
    const bytes = files.get(`${top}/${path}`)!.slice();
    bytes[offset] = bytes[offset] === 0x30 ? 0x31 : 0x30;
    files.set(`${top}/${path}`, bytes);
    const tampered = join(tempDir('ledger-snapshot-zip-'), 'tampered.zip');
    folders.push(join(tampered, '..'));
    writeFileSync(
      tampered,
      makeZip(
        [...files].map(([p, b]) => ({ path: p, bytes: b })),
        '2026-09-21',
      ),
    );
    const ts = await verify(tampered);
    expect(ts.code).toBe(1);
    expect(ts.lines.slice(2).join('\n')).toContain(`${path}: changed after the snapshot was made`);
  });

  it('fails, naming the file, after a file is removed', async () => {
    const dir = copy();
    const { path } = digitInResult(dir);
    rmSync(join(dir, path));
    const { code, lines } = await verify(dir);
    expect(code).toBe(1);
    expect(lines[0]).toBe('1 file does not match MANIFEST.sha256');
    expect(lines).toContain(`${path}: listed in MANIFEST.sha256 but missing (removed after the snapshot was made)`);
  });

  it('fails, naming the file, after a file is added', async () => {
    const dir = copy();
    writeFileSync(join(dir, 'claims', 'extra.html'), '<p>added</p>');
    const { code, lines } = await verify(dir);
    expect(code).toBe(1);
    expect(lines).toContain('claims/extra.html: not listed in MANIFEST.sha256 (added after the snapshot was made)');
  });

  it('says so, without a stack trace, when the .zip is not a ZIP', async () => {
    const bad = join(tempDir('ledger-snapshot-bad-'), 'bad.zip');
    folders.push(join(bad, '..'));
    writeFileSync(bad, 'not a zip');
    const { code, stderr } = await verify(bad);
    expect(code).toBe(1);
    expect(stderr).toMatch(/bad\.zip: not a readable ZIP archive/);
    expect(looksLikeStackTrace(stderr)).toBe(false);
  });
});
