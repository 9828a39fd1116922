/**
 * `released.lock`: every released model's config hash, one line each, append-only; read, parsed,
 * and compared with the lock a git revision holds.
 */
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { MAX_FILE_BYTES } from './claimText.ts';
import type { Problem } from './problems.ts';
import { display, isLink, readText } from './readText.ts';

/** The name of the file that records every released model's config hash. */
export const LOCK_FILE = 'released.lock';

/** A line of `released.lock`: a model id and the config hash it was released with. */
export interface LockEntry {
  readonly id: string;
  readonly configHash: string;
  readonly line: number;
}

/** Reads `released.lock` (`<id> sha256:<hex>` per line; `#` starts a comment). */
export function readLock(dir: string): { entries: LockEntry[]; problems: Problem[] } {
  const path = join(dir, LOCK_FILE);
  if (!existsSync(path) && !isLink(path)) return { entries: [], problems: [] };
  const { text, problems } = readText(path);
  const parsed = parseLock(text ?? '', display(path));
  return { entries: parsed.entries, problems: [...problems, ...parsed.problems] };
}

/** Parses the text of a lock; `file` is how problems name it. */
export function parseLock(text: string, file: string): { entries: LockEntry[]; problems: Problem[] } {
  const entries: LockEntry[] = [];
  const problems: Problem[] = [];
  text.split('\n').forEach((raw, i) => {
    const line = raw.replace(/#.*/, '').trim();
    if (line === '') return;
    const match = /^(\S+@\d+\.\d+\.\d+)\s+(sha256:[0-9a-f]{64})$/.exec(line);
    if (!match) {
      problems.push({
        file,
        line: i + 1,
        field: '(lock)',
        message: 'each line must be `<model id> sha256:<64 hex digits>`',
      });
      return;
    }
    const earlier = entries.find((e) => e.id === match[1]);
    if (earlier) {
      problems.push({
        file,
        line: i + 1,
        field: match[1]!,
        message: `is already recorded on line ${earlier.line}; a model is released once`,
      });
      return;
    }
    entries.push({ id: match[1]!, configHash: match[2]!, line: i + 1 });
  });
  return { entries, problems };
}

/** How long `check` waits for git to show the committed lock before it does without. */
const GIT_TIMEOUT_MS = 10_000;

/**
 * The revision the lock is compared with: `LEDGER_LOCK_BASE` (a pull request's check names its base
 * branch there, since HEAD already holds the change under review), else HEAD.
 */
export function lockBase(env: NodeJS.ProcessEnv = process.env): string {
  const given = env['LEDGER_LOCK_BASE'];
  return given === undefined || given === '' ? 'HEAD' : given;
}

/**
 * The lock as a revision holds it (`git show <revision>:./released.lock`, run in the models folder,
 * no shell), or null when there is nothing to compare with: no git, no repository, no lock there.
 */
export function committedLock(dir: string, revision: string = lockBase()): string | null {
  // A revision git would read as an option is not a revision.
  if (revision.startsWith('-')) return null;
  try {
    return execFileSync('git', ['show', `${revision}:./${LOCK_FILE}`], {
      cwd: dir,
      encoding: 'utf8',
      timeout: GIT_TIMEOUT_MS,
      maxBuffer: MAX_FILE_BYTES,
      stdio: ['ignore', 'pipe', 'ignore'],
    });
  } catch {
    return null;
  }
}

/**
 * The lock is append-only: every line of the committed lock must still be there with the same
 * hash. Without this, editing a released model and its lock line together would pass.
 */
export function lockChanges(
  current: readonly LockEntry[],
  committed: readonly LockEntry[],
  file: string,
  revision = 'HEAD',
): Problem[] {
  const problems: Problem[] = [];
  for (const before of committed) {
    const now = current.find((e) => e.id === before.id);
    if (now === undefined) {
      problems.push({
        file,
        line: before.line,
        field: before.id,
        message: `line ${before.line} of the committed lock (${revision}), ${before.id} ${before.configHash}, was removed; released.lock is append-only and a released model is never withdrawn`,
      });
    } else if (now.configHash !== before.configHash) {
      problems.push({
        file,
        line: now.line,
        field: before.id,
        message: `was released as ${before.configHash} (line ${before.line} of the committed lock, ${revision}) but this line now records ${now.configHash}; released.lock is append-only, so release a new version as a new file instead`,
      });
    }
  }
  return problems;
}
