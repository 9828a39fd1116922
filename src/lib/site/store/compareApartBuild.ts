/**
 * The build's side of the compare rows worked apart (compareApart.ts): starting the process that
 * works them, beside Astro's build, and adding what it wrote to the finished store.
 */
import Database from 'better-sqlite3';
import { fork } from 'node:child_process';
import { CHECKED_ENV } from '../../input/handedLedger.ts';
import { fileURLToPath } from 'node:url';
import { ranOutOfMemory } from '../build/outOfMemory.ts';
import { DIGEST_KEY } from './compareApart.ts';
import { COMPARE_APART } from './storeWriter.ts';

/** How much of the process's own error output is kept for the build's message. */
const KEPT_STDERR = 8192;

/** The process working the compare rows. */
export interface CompareApartRun {
  /** Waits for it to end: its time, and null when it wrote every row, else why not. */
  finished(): Promise<{ readonly problem: string | null; readonly seconds: number }>;
  /** Stops it. */
  stop(): void;
}

/**
 * Starts the process that writes every pair's compare rows for the content in `folders` into
 * `file` (the page size and everything else from this process's environment, as Astro's), reading
 * the content from `checked`, the file the build handed it over in (handedLedger.ts), if given.
 */
export function startCompareApart(
  file: string,
  folders: { content: string; models: string },
  checked?: string,
): CompareApartRun {
  const child = fork(fileURLToPath(new URL('./compareApartMain.ts', import.meta.url)), [file], {
    execArgv: ['--import', 'tsx'],
    env: { ...process.env, LEDGER_CONTENT: folders.content, LEDGER_MODELS: folders.models, [CHECKED_ENV]: checked },
    stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
  });
  let stderr = '';
  child.stderr!.setEncoding('utf8').on('data', (chunk: string) => (stderr = (stderr + chunk).slice(-KEPT_STDERR)));
  const started = performance.now();
  const ended = new Promise<{ problem: string | null; seconds: number }>((resolve) => {
    const done = (problem: string | null): void => resolve({ problem, seconds: (performance.now() - started) / 1000 });
    child.on('error', (error) => done(error.message));
    // 'close', not 'exit': its error output is all read by then.
    child.on('close', (code, signal) =>
      done(
        code === 0
          ? null
          : ranOutOfMemory(stderr)
            ? 'the process working the compare rows ran out of memory'
            : stderr.trim().split('\n').at(-1) || `the process stopped (${signal ?? `exit code ${code ?? '?'}`})`,
      ),
    );
  });
  return {
    finished: () => ended,
    stop: () => void child.kill(),
  };
}

/**
 * Adds the rows worked apart in `apartFile` to the finished store `storeFile`, whose meta says they
 * were left out, and puts their digest in its meta. Returns a problem, or null.
 */
export function mergeCompareApart(storeFile: string, apartFile: string): string | null {
  const db = new Database(storeFile, { fileMustExist: true });
  try {
    const row = db.prepare("SELECT value FROM meta WHERE key = 'meta'").get() as { value: string } | undefined;
    const meta = row === undefined ? null : (JSON.parse(row.value) as { compareHash?: string });
    if (meta?.compareHash !== COMPARE_APART) return 'the trace store does not wait for compare rows worked apart';
    db.prepare('ATTACH DATABASE ? AS apart').run(apartFile);
    const digest = db.prepare('SELECT value FROM apart.meta WHERE key = ?').pluck().get(DIGEST_KEY) as
      string | undefined;
    if (digest === undefined) return 'the compare rows worked apart are incomplete';
    db.exec('BEGIN');
    db.exec('INSERT INTO compare (a, b, rank, row) SELECT a, b, rank, row FROM apart.compare');
    db.exec('INSERT INTO compare_counts (a, b, differ, agree) SELECT a, b, differ, agree FROM apart.compare_counts');
    db.prepare("UPDATE meta SET value = ? WHERE key = 'meta'").run(JSON.stringify({ ...meta, compareHash: digest }));
    db.exec('COMMIT');
    db.exec('DETACH DATABASE apart');
    return null;
  } finally {
    db.close();
  }
}
