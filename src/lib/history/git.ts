/**
 * The few git commands the ledger reads history with, each run once per build or command: where
 * the repository is, one `git log` walk over the content, one `git ls-tree` of a revision, and one
 * `git cat-file --batch` for every blob wanted. Nothing here writes to the repository or the
 * working tree.
 */
import { spawnSync } from 'node:child_process';
import { realpathSync } from 'node:fs';
import { isAbsolute, relative, resolve } from 'node:path';

/** The output of one git process, or why there is none. */
type GitRun = { ok: true; stdout: Buffer } | { ok: false; missing: boolean; stderr: string };

// Settings a user's configuration could change that would change what we parse.
const PINNED = ['-c', 'core.quotePath=false', '-c', 'log.showSignature=false', '-c', 'diff.renames=true'];

/** Runs git in a folder; `input` is written to its standard input. */
export function runGit(cwd: string, args: readonly string[], input?: string): GitRun {
  const child = spawnSync('git', [...PINNED, ...args], {
    cwd,
    input,
    maxBuffer: 1 << 30,
    stdio: ['pipe', 'pipe', 'pipe'],
    env: { ...process.env, GIT_OPTIONAL_LOCKS: '0', GIT_TERMINAL_PROMPT: '0', LC_ALL: 'C' },
  });
  if (child.error)
    return {
      ok: false,
      missing: (child.error as NodeJS.ErrnoException).code === 'ENOENT',
      stderr: child.error.message,
    };
  if (child.status !== 0) return { ok: false, missing: false, stderr: child.stderr.toString('utf8').trim() };
  return { ok: true, stdout: child.stdout };
}

/** A git repository as the history sees it. */
export interface Repository {
  /** The top folder of the working tree. */
  readonly top: string;
  /** True when the clone is shallow, so that older commits are not in it. */
  readonly shallow: boolean;
}

/** Why there is no repository to read. */
export type NoRepository = { readonly reason: 'no-git' | 'not-a-repository'; readonly detail: string };

/** The repository that holds `dir`, or why there is none. */
export function findRepository(dir: string): { repo: Repository } | NoRepository {
  const run = runGit(dir, ['rev-parse', '--show-toplevel', '--is-shallow-repository']);
  if (!run.ok) return { reason: run.missing ? 'no-git' : 'not-a-repository', detail: run.stderr };
  const [top, shallow] = run.stdout.toString('utf8').trim().split('\n');
  if (top === undefined || top === '') return { reason: 'not-a-repository', detail: 'git named no top folder' };
  return { repo: { top, shallow: shallow === 'true' } };
}

/** A folder as a path relative to the repository's top (with `/`), or null when it is outside. */
export function pathInRepository(repo: Repository, folder: string): string | null {
  let real: string;
  let top: string;
  try {
    real = realpathSync(resolve(folder));
    top = realpathSync(repo.top);
  } catch {
    return null;
  }
  const rel = relative(top, real);
  if (rel.startsWith('..') || isAbsolute(rel)) return null;
  return rel.split('\\').join('/');
}

/** One file changed by one commit, as `git log --raw` lists it. */
export interface RawChange {
  /** `A`, `M`, `D`, `R`, `C` or `T`. */
  readonly status: string;
  /** The path before (renames and copies only), else null. */
  readonly from: string | null;
  readonly path: string;
  /** The blob after the change (all zeros for a deletion). */
  readonly blob: string;
}

/** One commit of the walk. */
export interface LogCommit {
  readonly commit: string;
  /** The committer's date, seconds since the epoch. */
  readonly time: number;
  readonly subject: string;
  readonly changes: readonly RawChange[];
}

// The header of a commit record starts with U+0001, which no path or hash does.
// eslint-disable-next-line no-control-regex
const HEADER = /^\x01([0-9a-f]{40}|[0-9a-f]{64})$/;

/**
 * Every commit that touched one of `paths` (relative to the top), newest first (children always
 * before parents), with the files it changed: one `git log` process. A merge is compared with its
 * first parent, so that a change made while resolving it is seen.
 */
export function logChanges(repo: Repository, paths: readonly string[]): LogCommit[] | { error: string } {
  const run = runGit(repo.top, [
    'log',
    '-z',
    '--date-order',
    '--diff-merges=first-parent',
    '--raw',
    '--no-abbrev',
    '-M',
    '--no-color',
    '--format=%x01%H%x00%ct%x00%s',
    '--',
    ...paths,
  ]);
  // A repository with no commit yet has no history, which is not an error.
  if (!run.ok) return /does not have any commits|bad default revision/.test(run.stderr) ? [] : { error: run.stderr };
  return parseLog(run.stdout.toString('utf8'));
}

/** Parses `git log -z --raw --format=%x01%H%x00%ct%x00%s` output (positionally: a subject may hold anything). */
export function parseLog(text: string): LogCommit[] {
  const tokens = text.split('\0');
  const commits: LogCommit[] = [];
  let i = 0;
  let current: { commit: string; time: number; subject: string; changes: RawChange[] } | null = null;
  while (i < tokens.length) {
    const token = tokens[i]!.replace(/^\n+/, '');
    const header = HEADER.exec(token);
    if (header) {
      current = { commit: header[1]!, time: Number(tokens[i + 1]), subject: tokens[i + 2] ?? '', changes: [] };
      commits.push(current);
      i += 3;
      continue;
    }
    if (token.startsWith(':') && current) {
      // `:<old mode> <new mode> <old blob> <new blob> <status><score>`
      const [, , , blob = '', kind = ''] = token.slice(1).split(' ');
      const status = kind.charAt(0);
      if (status === 'R' || status === 'C') {
        current.changes.push({ status, from: tokens[i + 1] ?? '', path: tokens[i + 2] ?? '', blob });
        i += 3;
      } else {
        current.changes.push({ status, from: null, path: tokens[i + 1] ?? '', blob });
        i += 2;
      }
      continue;
    }
    i += 1;
  }
  return commits;
}

/**
 * A blob that was not read: larger than a ledger file may be (its size from `--batch-check`, so
 * that a 1 GB blob anywhere in history is never read), or unreadable by git. It stands in for the
 * bytes, empty, so that the revision it belongs to is named with the reason, not lost.
 */
export class UnreadBlob extends Uint8Array {
  constructor(
    /** Why it was not read, as a problem's message says it. */
    readonly reason: string,
    /** Its size, when it was not read for its size. */
    readonly fullSize: number | null = null,
  ) {
    super(0);
  }
}

/** A blob's bytes (an `UnreadBlob` when it was not read), or null when git has no such object. */
export type Blobs = ReadonlyMap<string, Buffer | UnreadBlob | null>;

/** The largest blob read: the largest ledger file (1 MiB); a larger one is refused by size, unread. */
export const MAX_BLOB_BYTES = 1024 * 1024;

/** Each blob's type and size, through one `git cat-file --batch-check` process (no contents read). */
function blobSizes(repo: Repository, ids: readonly string[]): Map<string, number | null> | { error: string } {
  const run = runGit(repo.top, ['cat-file', '--batch-check'], `${ids.join('\n')}\n`);
  if (!run.ok) return { error: run.stderr };
  const lines = run.stdout.toString('utf8').split('\n');
  const sizes = new Map<string, number | null>();
  ids.forEach((id, i) => {
    const match = /^(\S+) (\S+) (\d+)$/.exec(lines[i] ?? '');
    sizes.set(id, match !== null && match[2] === 'blob' ? Number(match[3]) : null);
  });
  return sizes;
}

/**
 * The contents of many blobs: their sizes first (`git cat-file --batch-check`), then those no
 * larger than `MAX_BLOB_BYTES` through one `git cat-file --batch` process. A larger blob is an
 * `UnreadBlob` naming its size; when git cannot be read at all, every blob is an `UnreadBlob`
 * naming git's complaint, so that no revision passes for one with no content.
 */
export function readBlobs(repo: Repository, ids: readonly string[], limit = MAX_BLOB_BYTES): Blobs {
  const unique = [...new Set(ids)];
  const out = new Map<string, Buffer | UnreadBlob | null>();
  if (unique.length === 0) return out;
  const unreadable = (why: string): Blobs =>
    new Map(unique.map((id) => [id, new UnreadBlob(`git could not read it: ${why}`)]));
  const sizes = blobSizes(repo, unique);
  if ('error' in sizes) return unreadable(sizes.error);
  const wanted: string[] = [];
  for (const id of unique) {
    const size = sizes.get(id) ?? null;
    if (size === null) out.set(id, null);
    else if (size > limit)
      out.set(
        id,
        new UnreadBlob(
          `is ${size} bytes in this revision; a ledger file may be at most ${limit} bytes, so it was not read`,
          size,
        ),
      );
    else wanted.push(id);
  }
  if (wanted.length === 0) return out;
  const run = runGit(repo.top, ['cat-file', '--batch'], `${wanted.join('\n')}\n`);
  if (!run.ok) return unreadable(run.stderr);
  const bytes = run.stdout;
  let at = 0;
  for (const id of wanted) {
    const end = bytes.indexOf(0x0a, at);
    if (end < 0) return unreadable(`git cat-file stopped before ${id}`);
    const line = bytes.subarray(at, end).toString('utf8');
    at = end + 1;
    const match = /^(\S+) (\S+) (\d+)$/.exec(line);
    if (!match) {
      out.set(id, null);
      continue;
    }
    const size = Number(match[3]);
    out.set(id, match[2] === 'blob' ? bytes.subarray(at, at + size) : null);
    at += size + 1;
  }
  return out;
}

/** One file of a revision's tree. */
export interface TreeFile {
  readonly path: string;
  readonly mode: string;
  readonly blob: string;
}

/** The files under `paths` in a revision's tree, through one `git ls-tree` process. */
export function listTree(repo: Repository, commit: string, paths: readonly string[]): TreeFile[] | { error: string } {
  const run = runGit(repo.top, ['ls-tree', '-r', '-z', '--full-tree', commit, '--', ...paths]);
  if (!run.ok) return { error: run.stderr };
  const files: TreeFile[] = [];
  for (const entry of run.stdout.toString('utf8').split('\0')) {
    const match = /^(\d+) (\w+) ([0-9a-f]+)\t(.*)$/s.exec(entry);
    if (match && match[2] === 'blob') files.push({ mode: match[1]!, blob: match[3]!, path: match[4]! });
  }
  return files;
}

/** The full id of the commit a revision names, or null when git does not know it as a commit. */
export function resolveCommit(repo: Repository, revision: string): string | null {
  if (revision === '' || revision.startsWith('-')) return null;
  const run = runGit(repo.top, ['rev-parse', '--verify', '--quiet', '--end-of-options', `${revision}^{commit}`]);
  if (!run.ok) return null;
  const id = run.stdout.toString('utf8').trim();
  return /^[0-9a-f]{40,64}$/.test(id) ? id : null;
}
