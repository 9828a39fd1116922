/** A worker thread of the build's check (loadOnCores.ts): checks batches of claim files and posts them back. */
import { parentPort, workerData } from 'node:worker_threads';
import { checkBatches, type CheckShare } from './loadOnCores.ts';

// For the tests: a thread that fails (the check is then made again in the build script's thread).
if (process.env['LEDGER_TEST_FAIL_CHECK_THREAD'] === '1')
  throw new Error('a check thread failed (LEDGER_TEST_FAIL_CHECK_THREAD)');
parentPort!.postMessage(checkBatches(workerData as CheckShare));
