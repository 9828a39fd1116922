/**
 * A worker process of the build's pool (started by boot.mjs, which lets it import TypeScript): it
 * scores and writes the claims it is sent, whole, into the build's folder (writeClaim.ts), with the
 * site the pool started it with.
 */
import { claimSite, scorersOf, type PoolSite } from './claimSite.ts';
import type { WholeClaimTask } from './claimTasks.ts';
import { serveTasks } from './pool.ts';
import { writeClaim } from './writeClaim.ts';

serveTasks((init: PoolSite) => {
  const scorers = scorersOf(init);
  return (task: WholeClaimTask) => writeClaim(init, claimSite(init, scorers, task.claim), task);
});
