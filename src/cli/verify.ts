/**
 * `ledger verify <dir or .zip>`: checks a built site or snapshot (its files, its manifest) and
 * re-scores every published trace, reporting every field that differs.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { display } from '../lib/input/readText.ts';
import { engineCodeHash } from '../lib/input/codeHash.ts';
import { LOCK_FILE, readLock } from '../lib/input/lock.ts';
import { openSite, reportLines, verifySite, type ReleasedHash, type VerifyReport } from '../lib/verify/index.ts';
import { failOn, UsageError, type Io } from './run.ts';

/** How the command is run: where it is, and whether standard error is a terminal. */
export interface VerifyContext {
  readonly cwd: string;
  readonly progress: boolean;
}

/**
 * Inside the repository, the released models' recorded hashes: a built site's model.json that
 * hashes otherwise is named, and an intact snapshot's is a warning that the repository changed.
 */
function releasedHashes(cwd: string): ReleasedHash[] {
  const dir = join(cwd, 'models');
  if (!existsSync(join(dir, LOCK_FILE))) return [];
  const { entries, problems } = readLock(dir);
  failOn(problems);
  const lockFile = display(join(dir, LOCK_FILE));
  return entries.map(({ id, configHash }) => ({ id, configHash, lockFile }));
}

/** Verifies a site; prints `N traces reproduced, M differ` and the first differences; exit 1 if any. */
export function verifyCommand(io: Io, positionals: readonly string[], context: VerifyContext): number {
  if (positionals.length !== 1)
    throw new UsageError('verify needs one site: verify <built site, unpacked snapshot or snapshot .zip>');
  const target = positionals[0]!;
  const { files, problem } = openSite(target);
  if (files === null) {
    io.err(`${problem}\n`);
    return 1;
  }
  const released = releasedHashes(context.cwd);
  let last = 0;
  const progress = context.progress
    ? (done: number, total: number): void => {
        const now = Date.now();
        if (done === total || now - last >= 100) {
          last = now;
          io.err(`\rverifying ${done} of ${total}${done === total ? '\r\x1b[K' : ''}`);
        }
      }
    : undefined;
  let report: VerifyReport;
  try {
    report = verifySite(files, { codeHash: engineCodeHash(), released, ...(progress ? { progress } : {}) });
  } catch (error) {
    // A folder that cannot be listed or read is reported as such, never as a stack trace.
    io.err(`${target}: cannot be read: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}\n`);
    return 1;
  }
  io.out(`${reportLines(report).join('\n')}\n`);
  return report.ok ? 0 : 1;
}
