/**
 * The build's check of the claim files on every core: this thread and a worker thread a core more
 * take the files a batch at a time (one shared counter hands out the batches), each reads and checks
 * its files as loadLedger does, and the results are put back in the files' order: the same claims
 * and the same problems as loadLedger, and each valid claim's warnings. At 20,000 claims the check
 * took about 35 s of one core, most of it parsing YAML, while Astro waited for what it read
 * (handedLedger.ts).
 *
 * A worker thread that fails (it cannot start, or runs out of memory) costs only time: the check is
 * then made again in this thread alone, so that what it reports is what loadLedger reports.
 */
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import { checkedClaim, type CheckedContent } from './handedLedger.ts';
import { ledgerParts, loadClaimFile, loadLedger, type LoadedModel } from './load.ts';
import type { Problem } from './problems.ts';
import { claimWarnings } from './warnings.ts';

/** How many files a thread takes at a time. */
export const BATCH = 50;

/** One claim file as checked: the claim if valid, its problems, and its warnings if valid. */
export interface CheckedFile {
  readonly claim: CheckedContent['claims'][number] | null;
  readonly problems: Problem[];
  readonly warnings: Problem[];
}

/** What a thread is handed: the files, the models, the shared counter of batches and their size. */
export interface CheckShare {
  readonly files: readonly string[];
  readonly models: readonly LoadedModel[];
  readonly next: SharedArrayBuffer;
  readonly batch: number;
}

/** Checks one claim file. */
function checkFile(file: string, models: readonly LoadedModel[]): CheckedFile {
  const { loaded, problems } = loadClaimFile(file, models);
  if (loaded === null) return { claim: null, problems, warnings: [] };
  return { claim: checkedClaim(loaded), problems, warnings: claimWarnings(loaded) };
}

/** Takes batches from the shared counter until none is left; each batch's index and its files checked. */
export function checkBatches(share: CheckShare): [number, CheckedFile[]][] {
  const next = new Int32Array(share.next);
  const done: [number, CheckedFile[]][] = [];
  for (;;) {
    const batch = Atomics.add(next, 0, 1);
    const first = batch * share.batch;
    if (first >= share.files.length) return done;
    done.push([batch, share.files.slice(first, first + share.batch).map((file) => checkFile(file, share.models))]);
  }
}

/** The checked content, or null with problems; and every valid claim's warnings. */
export interface CheckedLedger {
  readonly content: CheckedContent | null;
  readonly problems: Problem[];
  readonly warnings: Problem[];
  /** True when a worker thread failed and the check was made again in this thread. */
  readonly again: boolean;
}

/** A worker thread's batches, or null if it failed. */
function workerBatches(share: CheckShare): Promise<[number, CheckedFile[]][] | null> {
  return new Promise((done) => {
    let worker: Worker;
    try {
      worker = new Worker(new URL('./loadWorkerBoot.mjs', import.meta.url), { workerData: share });
    } catch {
      return done(null);
    }
    worker.once('message', (batches: [number, CheckedFile[]][]) => done(batches));
    worker.once('error', () => done(null));
    worker.once('exit', () => done(null));
  });
}

/**
 * Reads and checks the ledger on `threads` threads (one per core by default), `batch` files at a
 * time; with `here` false (for the tests) this thread leaves every batch to the worker threads.
 */
export async function loadLedgerOnCores(
  options: { content: string; models: string },
  {
    threads = availableParallelism(),
    batch = BATCH,
    here = true,
  }: { threads?: number; batch?: number; here?: boolean } = {},
): Promise<CheckedLedger> {
  const { models, defaultModel, files, problems } = ledgerParts(options);
  const share: CheckShare = { files, models, next: new SharedArrayBuffer(4), batch };
  const batches = Math.ceil(files.length / batch);
  const helpers = Array.from({ length: Math.max(here ? 0 : 1, Math.min(threads, batches) - 1) }, () =>
    workerBatches(share),
  );
  const mine = here ? checkBatches(share) : [];
  const theirs = await Promise.all(helpers);
  if (theirs.some((batch) => batch === null)) {
    // The check made again here: what loadLedger reports, whatever went wrong in the thread.
    const { ledger, problems: all } = loadLedger(options);
    if (ledger === null) return { content: null, problems: all, warnings: [], again: true };
    const content = {
      models: ledger.models,
      defaultModel: ledger.defaultModel,
      claims: ledger.claims.map(checkedClaim),
    };
    return { content, problems: all, warnings: ledger.claims.flatMap(claimWarnings), again: true };
  }
  const checked = new Array<CheckedFile[]>(batches);
  for (const [batch, results] of [...mine, ...theirs.flatMap((batch) => batch!)]) checked[batch] = results;
  const claims: CheckedContent['claims'][number][] = [];
  const warnings: Problem[] = [];
  for (const result of checked.flat()) {
    problems.push(...result.problems);
    warnings.push(...result.warnings);
    if (result.claim !== null) claims.push(result.claim);
  }
  if (problems.length > 0 || defaultModel === null) return { content: null, problems, warnings: [], again: false };
  return { content: { models, defaultModel, claims }, problems, warnings, again: false };
}
