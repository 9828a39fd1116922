/**
 * A thread of the build's pool (started by boot.mjs, which lets it import TypeScript): it scores and
 * writes the claims it is sent, whole, into the build's folder (writeClaim.ts), with the site it was
 * started with.
 */
import { workerData } from 'node:worker_threads';
import { claimSite, scorersOf, type PoolSite } from './claimSite.ts';
import type { WholeClaimTask } from './claimTasks.ts';
import { serveTasks } from './pool.ts';
import { writeClaim } from './writeClaim.ts';

const init = workerData as PoolSite;
const scorers = scorersOf(init);
serveTasks((task: WholeClaimTask) => writeClaim(init, claimSite(init, scorers, task.claim), task));
