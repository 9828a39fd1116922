/**
 * A thread of the build's pool (started by boot.mjs, which lets it import TypeScript): it scores and
 * writes the claim tasks it is sent, with the site it was started with.
 */
import { workerData } from 'node:worker_threads';
import { scorersOf, type PoolSite } from './claimSite.ts';
import { runClaimTask, type ClaimTask } from './claimTasks.ts';
import { serveTasks } from './pool.ts';

const init = workerData as PoolSite;
const scorers = scorersOf(init);
serveTasks((task: ClaimTask) => runClaimTask(init, scorers, task));
