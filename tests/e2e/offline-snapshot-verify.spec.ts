/**
 * The offline snapshot checked as a reader years from now would check it: both verifies (the
 * TypeScript one and the Python reference inside the snapshot) pass on a fresh snapshot, zipped
 * and unpacked, and name the file once a trace is changed or removed, or a page shows a figure its
 * trace does not hold, even with the manifest written again. Nothing here uses the HTTP server.
 */
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { cpSync, existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { verifyCommand } from '../../src/cli/verify.ts';
import { MANIFEST } from '../../src/lib/snapshot/manifest.ts';
import { engineCodeHash } from '../../src/lib/input/codeHash.ts';
import { directoryFiles, verifySite } from '../../src/lib/verify/index.ts';
import { makeSnapshot, removeSnapshot, type MadeSnapshot } from '../support/e2e-snapshot.ts';

test.describe.configure({ mode: 'serial' });

let made: MadeSnapshot | undefined;
let work: string;
/** The unpacked snapshot's top folder, and the ZIP it came from. */
let root: string;
let zipPath: string;

test.beforeAll(async () => {
  test.setTimeout(180_000);
  made = await makeSnapshot();
  ({ work, root, zipPath } = made);
});

test.afterAll(() => removeSnapshot(made));

/** `ledger verify <target>`, in-process: exit code and output lines. */
function verify(target: string): { code: number; lines: string[] } {
  let out = '';
  const code = verifyCommand({ out: (text) => void (out += text), err: (text) => void (out += text) }, [target], {
    cwd: process.cwd(),
    progress: false,
  });
  return { code, lines: out.split('\n').filter((line) => line !== '') };
}

function pythonVerify(dir: string): { code: number | null; stdout: string } {
  const run = spawnSync('python3', [join(root, 'reference', 'ledger.py'), 'verify', dir], { encoding: 'utf8' });
  return { code: run.status, stdout: run.stdout };
}

/** A copy of the unpacked snapshot to tamper with. */
function copy(name: string): string {
  const dir = join(work, name);
  cpSync(root, dir, { recursive: true });
  return dir;
}

/** The first trace of a scored claim, and the offset of the first digit of its probability. */
function scoredTrace(dir: string): { path: string; offset: number } {
  for (const line of readFileSync(join(dir, MANIFEST), 'utf8').split('\n')) {
    const path = line.slice(66);
    if (!/^claims\/.+\/trace\.json$/.test(path)) continue;
    const text = readFileSync(join(dir, path), 'latin1');
    // A published trace is one line of JSON ("probability":"0.8123"); no layout is assumed.
    const probability = /"probability":\s*"/g;
    probability.lastIndex = text.indexOf('"result"');
    const found = probability.exec(text);
    const offset = found === null ? -1 : found.index + found[0].length;
    if (offset >= 0 && /\d/.test(text[offset]!)) return { path, offset };
  }
  throw new Error('no scored trace in the snapshot');
}

test('verify passes on the fresh snapshot, zipped and unpacked, in TypeScript and in Python', () => {
  test.setTimeout(120_000);
  const listed = readFileSync(join(root, MANIFEST), 'utf8').split('\n');
  const traces = listed.filter((line) => line.endsWith('/trace.json')).length;
  // Every claim under every model has its explanation beside its trace, and both verifies work each again.
  const explanations = listed.filter((line) => line.endsWith('/explain.json')).length;
  expect(explanations).toBeGreaterThan(0);
  for (const target of [zipPath, root]) {
    const { code, lines } = verify(target);
    expect(lines, target).toEqual([
      expect.stringMatching(/^\d+ files match MANIFEST\.sha256$/),
      `${traces} traces reproduced, 0 differ`,
      `${explanations} explanations re-derived, 0 differ`,
    ]);
    expect(code).toBe(0);
  }
  const python = pythonVerify(root);
  expect(python.stdout).toMatch(
    new RegExp(
      `^\\d+ files match MANIFEST\\.sha256\n${traces} traces reproduced, 0 differ\n${explanations} explanations re-derived, 0 differ\n$`,
    ),
  );
  expect(python.code).toBe(0);
});

test('verify fails, naming the file, after one byte of one trace is changed', () => {
  test.setTimeout(120_000);
  const dir = copy('changed');
  const { path, offset } = scoredTrace(dir);
  const bytes = readFileSync(join(dir, path));
  bytes[offset] = bytes[offset] === 0x30 ? 0x31 : 0x30;
  writeFileSync(join(dir, path), bytes);
  const { code, lines } = verify(dir);
  expect(code).toBe(1);
  expect(lines[0]).toBe('1 file does not match MANIFEST.sha256');
  expect(lines).toContainEqual(
    expect.stringMatching(new RegExp(`^${escape(path)}: changed after the snapshot was made`)),
  );
  expect(lines).toContainEqual(expect.stringMatching(new RegExp(`^${escape(path)}: result\\.probability: expected`)));
  const python = pythonVerify(dir);
  expect(python.code).toBe(1);
  expect(python.stdout).toContain(`${path}: result.probability: expected`);
});

test('verify fails, naming the file, after a file is removed', () => {
  test.setTimeout(120_000);
  const dir = copy('removed');
  const { path } = scoredTrace(dir);
  rmSync(join(dir, path));
  const { code, lines } = verify(dir);
  expect(code).toBe(1);
  expect(lines).toContain(`${path}: listed in MANIFEST.sha256 but missing (removed after the snapshot was made)`);
});

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\@]/g, '\\$&');
}

/** Writes the snapshot's MANIFEST.sha256 again for the files it has now, as a careful forger would. */
function remanifest(dir: string): void {
  const manifest = join(dir, MANIFEST);
  const lines = readFileSync(manifest, 'utf8')
    .split('\n')
    .filter((line) => line !== '')
    .map((line) => line.slice(66))
    .filter((path) => existsSync(join(dir, path)))
    .map(
      (path) =>
        `${createHash('sha256')
          .update(readFileSync(join(dir, path)))
          .digest('hex')}  ${path}`,
    );
  writeFileSync(manifest, `${lines.join('\n')}\n`);
}

test('verify fails on what a reader sees, even with the manifest written again', () => {
  test.setTimeout(180_000);
  const dir = copy('reader');
  const defaultModel = (JSON.parse(readFileSync(join(dir, 'data', 'scores.json'), 'utf8')) as { defaultModel: string })
    .defaultModel;
  const moved = `claims/eastbrook-burglaries-fell/${defaultModel}/trace.json`;
  cpSync(join(dir, `claims/eastbrook-lead-limit/${defaultModel}/trace.json`), join(dir, moved));
  const deleted = `claims/eastbrook-gigabit-broadband/${defaultModel}/trace.json`;
  rmSync(join(dir, deleted));
  const page = 'claims/eastbrook-council-tax-rise/index.html';
  const trace = JSON.parse(readFileSync(join(dir, 'claims/eastbrook-council-tax-rise/trace.json'), 'utf8')) as {
    result: { probability: string };
  };
  const html = readFileSync(join(dir, page), 'utf8');
  writeFileSync(
    join(dir, page),
    html.replaceAll(
      `data-field="result.probability">${trace.result.probability}<`,
      'data-field="result.probability">0.0001<',
    ),
  );
  remanifest(dir);
  const { code, lines } = verify(dir);
  const python = pythonVerify(dir);
  for (const [exit, output] of [
    [code, lines.join('\n')],
    [python.code, python.stdout],
  ] as const) {
    expect(exit).toBe(1);
    expect(output).toMatch(/^\d+ files match MANIFEST\.sha256\n\d+ traces reproduced, 1 differ, 1 missing\n/);
    expect(output).toContain(
      `${moved}: claim: is "eastbrook-lead-limit", but this is the address of claim eastbrook-burglaries-fell's trace`,
    );
    expect(output).toContain(
      `${deleted}: missing: claim eastbrook-gigabit-broadband is published but has no trace under ${defaultModel}`,
    );
  }
  // The edited figure is named too (beyond the first twenty lines, it is in the full list).
  const report = verifySite(directoryFiles(dir), { codeHash: engineCodeHash() });
  expect(report.findings.map((f) => `${f.file}: ${f.field}: ${f.message}`)).toContain(
    `${page}: result.probability: the page shows "0.0001", the trace holds "${trace.result.probability}"`,
  );
});
