/**
 * `ledger diff <revision>`: what a change does to the published numbers. The revision's files are
 * read with git (no checkout, the working tree untouched), both sides are scored with the engine,
 * and every claim × model whose state or probability differs is printed with both values.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { engineCodeHash } from '../lib/input/codeHash.ts';
import { loadLedger } from '../lib/input/load.ts';
import { diffLedgers, releasedModelProblems } from '../lib/history/diff.ts';
import { diffJson, diffMarkdown, diffTable } from '../lib/history/diffFormat.ts';
import { findRepository, pathInRepository, resolveCommit } from '../lib/history/git.ts';
import { readRevision } from '../lib/history/revision.ts';
import { failOn, UsageError, type Io } from './run.ts';

/** How the diff is printed. */
export type DiffFormat = 'text' | 'json' | 'markdown';

/** The command's options. */
export interface DiffOptions {
  readonly content: string;
  readonly models: string;
  readonly format: DiffFormat;
}

/** Reads `--format` and `--json` into one format, or says what is wrong. */
export function diffFormatOf(format: string | undefined, json: boolean): DiffFormat {
  if (json && format !== undefined && format !== 'json')
    throw new UsageError('--json and --format differ; give one of them');
  if (json) return 'json';
  if (format === undefined || format === 'text' || format === 'json' || format === 'markdown') return format ?? 'text';
  throw new UsageError(`--format must be text, json or markdown, not ${format}`);
}

/** Runs the diff; exit 0 when it ran (a difference is an answer), 1 for bad content, 2 for a revision git does not know. */
export function diffCommand(io: Io, positionals: readonly string[], options: DiffOptions): number {
  if (positionals.length !== 1)
    throw new UsageError('diff needs one git revision: diff <revision> [--json | --format markdown]');
  const revision = positionals[0]!;
  // Git is asked from the content folder, so that the command works from any working directory.
  const found = findRepository(existsSync(options.content) ? options.content : '.');
  if (!('repo' in found)) {
    io.err(
      found.reason === 'no-git'
        ? 'ledger diff: git is not installed, so no revision can be read\n'
        : `ledger diff: ${options.content} is not inside a git repository, so there is no revision to compare with\n`,
    );
    return 2;
  }
  const { repo } = found;
  const claimsDir = pathInRepository(repo, join(options.content, 'claims'));
  const modelsDir = pathInRepository(repo, options.models);
  if (claimsDir === null || modelsDir === null) {
    io.err(
      `ledger diff: ${claimsDir === null ? join(options.content, 'claims') : options.models} is not inside the git repository at ${repo.top}\n`,
    );
    return 2;
  }
  const commit = resolveCommit(repo, revision);
  if (commit === null) {
    io.err(
      `ledger diff: git does not know the revision ${revision}${repo.shallow ? ' (this clone is shallow: older commits are not in it)' : ''}\n`,
    );
    return 2;
  }

  // The working tree is checked in full, as `check` would; a mistake there is the author's to fix first.
  const now = loadLedger({ content: options.content, models: options.models });
  failOn(now.problems);
  const before = readRevision(repo, commit, revision, claimsDir, modelsDir);
  if ('error' in before) {
    io.err(`ledger diff: cannot read ${revision}: ${before.error}\n`);
    return 2;
  }
  failOn(before.problems);
  failOn(releasedModelProblems(revision, before.side.models, before.lock, now.ledger!.models));

  const diff = diffLedgers(before.side, now.ledger!, engineCodeHash());
  const text =
    options.format === 'json'
      ? diffJson(diff)
      : options.format === 'markdown'
        ? diffMarkdown(diff, revision)
        : diffTable(diff, revision);
  io.out(text);
  return 0;
}
