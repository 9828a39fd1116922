/**
 * Running the ledger's commands in tests: in-process through `runCommand` with captured streams,
 * or as a real child process, always against files in a fresh temporary folder.
 */
import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { runCommand, type Io } from '../../src/cli/run.ts';

/** The repository's root folder. */
export const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
/** The test fixtures folder. */
export const FIXTURES = join(REPO_ROOT, 'tests', 'fixtures');
/** A released, valid models folder (the strict model, its lock and a site.yaml). */
export const FIXTURE_MODELS = join(FIXTURES, 'models');
/** The fixture folder of broken inputs. */
export const BROKEN = join(FIXTURES, 'broken');

/** What a command printed and returned. */
export interface Outcome {
  readonly code: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

/** Runs a command function in-process, capturing what it writes. */
export async function runInProcess(command: (io: Io) => number | Promise<number>): Promise<Outcome> {
  let stdout = '';
  let stderr = '';
  const io: Io = { out: (text) => void (stdout += text), err: (text) => void (stderr += text) };
  const code = await runCommand(io, () => command(io));
  return { code, stdout, stderr };
}

/** Runs `scripts/ledger.ts` as a child process from the repository's root. */
export function runChild(
  args: readonly string[],
  options: { readonly env?: NodeJS.ProcessEnv; readonly timeout?: number } = {},
): Outcome {
  const child = spawnSync(process.execPath, ['--import', 'tsx', join(REPO_ROOT, 'scripts', 'ledger.ts'), ...args], {
    cwd: REPO_ROOT,
    encoding: 'utf8',
    env: { ...process.env, NO_COLOR: '1', ...options.env },
    ...(options.timeout === undefined ? {} : { timeout: options.timeout }),
  });
  return { code: child.status, stdout: child.stdout, stderr: child.stderr };
}

/** A fresh temporary folder. */
export function tempDir(prefix = 'ledger-test-'): string {
  return mkdtempSync(join(tmpdir(), prefix));
}

/** A workspace: `models/` (a copy of the fixture models) and `content/claims/`. */
export interface Workspace {
  readonly root: string;
  readonly models: string;
  readonly content: string;
  readonly claims: string;
  /** Writes a file under the workspace and returns its absolute path. */
  write(path: string, text: string): string;
  /** Copies a fixture file into the workspace and returns its absolute path. */
  copy(fixture: string, path: string): string;
}

/** Makes a workspace whose models folder holds the fixture's released strict model. */
export function workspace(): Workspace {
  const root = tempDir();
  const models = join(root, 'models');
  const content = join(root, 'content');
  const claims = join(content, 'claims');
  cpSync(FIXTURE_MODELS, models, { recursive: true });
  mkdirSync(claims, { recursive: true });
  const write = (path: string, text: string): string => {
    const full = join(root, path);
    mkdirSync(dirname(full), { recursive: true });
    writeFileSync(full, text);
    return full;
  };
  const copy = (fixture: string, path: string): string => {
    const full = join(root, path);
    mkdirSync(dirname(full), { recursive: true });
    cpSync(join(FIXTURES, fixture), full, { recursive: true });
    return full;
  };
  return { root, models, content, claims, write, copy };
}

/** The problem lines of a failed command's standard error (without the closing count or the indented help lines). */
export function problemLines(stderr: string): string[] {
  return (
    stderr
      .split('\n')
      // Warnings (`ledger check`'s `warning: …` lines) are not problems: the check passes with them.
      .filter(
        (line) =>
          line !== '' &&
          !line.startsWith('  see ') &&
          !line.startsWith('warning: ') &&
          !/^\d+ problems? found\.$/.test(line),
      )
  );
}

/** The indented `  see …/contribute/#…` help lines of a failed command's standard error. */
export function helpLines(stderr: string): string[] {
  return stderr.split('\n').filter((line) => line.startsWith('  see '));
}

/** True when standard error looks like a stack trace rather than a message. */
export function looksLikeStackTrace(stderr: string): boolean {
  return stderr.includes('    at ') || stderr.includes('Error:');
}

/** A path as problems name it: relative to the working directory when inside it, else as given. */
export function shown(path: string): string {
  const rel = relative(process.cwd(), path);
  return rel === '' || rel.startsWith('..') ? path : rel;
}
