/**
 * A thread of the build's pool (started by boot.mjs, which lets it import TypeScript): it scores and
 * writes the claim tasks it is sent, with the site it was started with: whole claim pages into the
 * build's folder (writeClaim.ts), or pages, traces and explanations handed back (claimTasks.ts).
 */
import { workerData } from 'node:worker_threads';
import { claimSite, scorersOf, type PoolSite } from './claimSite.ts';
import { runClaimTask, type ClaimTask } from './claimTasks.ts';
import { serveTasks } from './pool.ts';
import { writeClaim } from './writeClaim.ts';

const init = workerData as PoolSite;
const scorers = scorersOf(init);
serveTasks((task: ClaimTask) =>
  task.kind === 'whole'
    ? writeClaim(init, claimSite(init, scorers, task.claim), task)
    : runClaimTask(init, scorers, task),
);
