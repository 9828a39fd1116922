/**
 * Both verify commands on a published site: an untouched site is reproduced, and one changed
 * number, one edited input or one missing model file makes both fail, naming the file and field.
 */
import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Trace } from '../../../src/engine/index.ts';
import { directoryFiles, traceFiles } from '../../../src/lib/verify/index.ts';
import { verifyCommand } from '../../../src/cli/verify.ts';
import { looksLikeStackTrace, REPO_ROOT, runChild, runInProcess, tempDir } from '../../support/cli.ts';
import { REFERENCE } from '../differential/differential.ts';
import { fewClaims, repositoryContent, writeSiteLayout } from './layout.ts';
import { verifyLines } from '../snapshot/made.ts';

const folders: string[] = [];
let pristine: string;
let count: number;
/** The site tampered with: two claims under every model (each test changes one file of it). */
let few: string;
let fewCount: number;

beforeAll(() => {
  pristine = tempDir('ledger-site-');
  folders.push(pristine);
  count = writeSiteLayout(pristine, repositoryContent());
  few = tempDir('ledger-site-few-');
  folders.push(few);
  fewCount = writeSiteLayout(few, fewClaims(repositoryContent()));
});
afterAll(() => folders.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

/**
 * A fresh copy of a published site of two claims to tamper with: the untouched site's test has
 * every claim reproduced, and the other claims' traces would only be re-derived again here.
 */
function copySite(): string {
  const dir = tempDir('ledger-tampered-');
  folders.push(dir);
  cpSync(few, dir, { recursive: true });
  return dir;
}

function python(dir: string): { code: number | null; stdout: string; stderr: string } {
  const run = spawnSync('python3', [REFERENCE, 'verify', dir], { encoding: 'utf8' });
  return { code: run.status, stdout: run.stdout, stderr: run.stderr };
}

/** `ledger verify <dir>` run in-process from the repository's root. */
const typescript = verifyLines;

/** The first published trace (in path order) that carries a probability. */
function scoredTrace(dir: string): { path: string; trace: Trace } {
  for (const path of traceFiles(directoryFiles(dir))) {
    const trace = JSON.parse(readFileSync(join(dir, path), 'utf8')) as Trace;
    if (trace.result.probability !== null) return { path, trace };
  }
  throw new Error('no scored trace in the repository content');
}

/** The same decimal with its last digit changed. */
function nudge(value: string): string {
  const last = Number(value.at(-1));
  return `${value.slice(0, -1)}${(last + 1) % 10}`;
}

describe('verify on an untouched site', () => {
  it('reproduces every trace in both implementations, and the command line exits 0', async () => {
    expect(python(pristine)).toMatchObject({ code: 0, stdout: `${count} traces reproduced, 0 differ\n` });
    expect(await typescript(pristine)).toEqual({
      code: 0,
      lines: [`${count} traces reproduced, 0 differ`],
      stderr: '',
    });
  });
});

describe('verify on a tampered site', () => {
  it('names the file and field when one number of one trace was changed', async () => {
    const dir = copySite();
    const { path, trace } = scoredTrace(dir);
    const changed = nudge(trace.result.probability!);
    const text = readFileSync(join(dir, path), 'utf8');
    writeFileSync(
      join(dir, path),
      text.replace(`"probability": "${trace.result.probability}"`, `"probability": "${changed}"`),
    );
    const expected = `${path}: result.probability: expected "${trace.result.probability}", published "${changed}"`;

    const ref = python(dir);
    expect(ref.code).toBe(1);
    expect(ref.stdout.split('\n')).toEqual([`${fewCount - 1} traces reproduced, 1 differ`, expected, '']);

    expect(await typescript(dir)).toEqual({
      code: 1,
      lines: [`${fewCount - 1} traces reproduced, 1 differ`, expected],
      stderr: '',
    });
  });

  it('names inputHash when a field of the published input was changed', async () => {
    const dir = copySite();
    const { path, trace } = scoredTrace(dir);
    const edited = { ...trace, input: { ...trace.input, recorded: '1999-01-01' } };
    writeFileSync(join(dir, path), JSON.stringify(edited, null, 2));
    expect(python(dir).stdout).toContain(`${path}: inputHash: expected "sha256:`);
    expect((await typescript(dir)).lines.join('\n')).toContain(`${path}: inputHash: expected "sha256:`);
  });

  it('names the model file when a published model.json was deleted', async () => {
    const dir = copySite();
    const { path, trace } = scoredTrace(dir);
    const file = `models/${trace.model}/model.json`;
    rmSync(join(dir, file));

    const ref = python(dir);
    expect(ref.code).toBe(1);
    expect(ref.stdout).toContain(`${path}: model ${trace.model}: ${file}: file not found`);

    const ts = await typescript(dir);
    expect(ts.code).toBe(1);
    expect(ts.lines).toContain(`${path}: model ${trace.model}: ${file}: file not found`);
  });

  it('names a trace that is not JSON', async () => {
    const dir = copySite();
    const { path } = scoredTrace(dir);
    writeFileSync(join(dir, path), '{ "traceFormat": 1,');
    expect(python(dir).code).toBe(1);
    const ts = await typescript(dir);
    expect(ts.code).toBe(1);
    expect(ts.lines.find((line) => line.startsWith(`${path}: invalid JSON`))).toBeDefined();
  });
});

describe('verify on something that is not a site', () => {
  it('fails on a folder with no traces, and on a folder that does not exist, without a stack trace', async () => {
    const empty = tempDir('ledger-empty-');
    folders.push(empty);
    mkdirSync(join(empty, 'claims'));
    expect(python(empty)).toMatchObject({ code: 1 });
    expect(await typescript(empty)).toEqual({
      code: 1,
      lines: ['0 traces found', `${empty}: no trace.json found`],
      stderr: '',
    });
    const missing = runChild(['verify', join(empty, 'nothing-here')]);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toBe(`${join(empty, 'nothing-here')}: not found\n`);
    expect(looksLikeStackTrace(missing.stderr)).toBe(false);
    const usage = await runInProcess((io) => verifyCommand(io, [], { cwd: REPO_ROOT, progress: false }));
    expect(usage.code).toBe(2);
    expect(looksLikeStackTrace(usage.stderr)).toBe(false);
  });
});
