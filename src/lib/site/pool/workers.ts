/**
 * How many worker processes a build renders its claim pages on: `LEDGER_BUILD_WORKERS`, else one per
 * core this process may use (`os.availableParallelism()`). One means no pool at all: every page is
 * written in the build's own thread, as a build did before the pool.
 */
import { availableParallelism } from 'node:os';

/** The variable scripts/build.ts names the pool's size in, for the Astro process it starts. */
export const POOL_ENV = 'LEDGER_BUILD_POOL';

/** The most workers a build starts, whatever it is told: past this, workers only cost memory. */
export const MAX_BUILD_WORKERS = 64;

/** The count a build uses by default on this machine: one per core it may use. */
export function defaultBuildWorkers(): number {
  return Math.min(MAX_BUILD_WORKERS, Math.max(1, availableParallelism()));
}

/**
 * The worker count from `LEDGER_BUILD_WORKERS` (a whole number from 1 to 64) or the default; a
 * problem, in one sentence, for any other value.
 */
export function buildWorkers(
  env: Readonly<Record<string, string | undefined>>,
): { workers: number } | { problem: string } {
  const given = env['LEDGER_BUILD_WORKERS'];
  if (given === undefined || given === '') return { workers: defaultBuildWorkers() };
  if (!/^\d{1,2}$/.test(given) || Number(given) < 1 || Number(given) > MAX_BUILD_WORKERS)
    return {
      problem: `LEDGER_BUILD_WORKERS must be a whole number from 1 to ${MAX_BUILD_WORKERS} (how many cores the build renders on); it is ${JSON.stringify(given)}`,
    };
  return { workers: Number(given) };
}
