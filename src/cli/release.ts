/** `ledger release <model file>`: the one way to record a model in `released.lock`. */
import { readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { display } from '../lib/input/readText.ts';
import { LOCK_FILE, readLock } from '../lib/input/lock.ts';
import { loadModelFile } from '../lib/input/load.ts';
import { failOn, UsageError, type Io } from './run.ts';

/** Adds a valid, not yet released model to the lock beside it. */
export function releaseCommand(io: Io, file: string | undefined): number {
  if (!file) throw new UsageError('release needs a model file: release models/<name>@<version>.yaml');
  const { loaded, problems } = loadModelFile(file, { requireIdMatchesFile: true });
  failOn(problems);
  const dir = dirname(file);
  const lock = readLock(dir);
  failOn(lock.problems);
  const lockPath = join(dir, LOCK_FILE);
  if (lock.entries.some((e) => e.id === loaded!.id)) {
    failOn([
      {
        file: display(lockPath),
        line: lock.entries.find((e) => e.id === loaded!.id)!.line,
        field: loaded!.id,
        message: 'is already released; a new version needs a new file',
      },
    ]);
  }
  let before = '';
  try {
    before = readFileSync(lockPath, 'utf8');
  } catch {
    before = '# Config hashes of released models. Written by `npm run -s ledger -- release`; never edit by hand.\n';
  }
  const text = `${before}${before.endsWith('\n') || before === '' ? '' : '\n'}${loaded!.id} ${loaded!.configHash}\n`;
  writeFileSync(`${lockPath}.tmp`, text);
  renameSync(`${lockPath}.tmp`, lockPath);
  io.out(`released ${loaded!.id} (${loaded!.configHash}) in ${display(lockPath)}\n`);
  return 0;
}
