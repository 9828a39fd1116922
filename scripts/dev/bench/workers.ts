/**
 * The build on one thread against the build on the default pool of threads (LEDGER_BUILD_WORKERS,
 * src/lib/site/pool/): both cold builds of the same N claims, run back to back, by wall clock and
 * by CPU time (user and system, every process and thread of the build). On a machine others share,
 * the wall clock moves with their load; the CPU time says how much work each build did.
 */
import { availableParallelism } from 'node:os';
import { defaultBuildWorkers } from '../../../src/lib/site/pool/workers.ts';
import type { Run } from './measure.ts';

/** What the bench reports of the pool. */
export interface WorkerFigures {
  /** Threads the build uses by default here: one per core this process may use. */
  build_workers: number;
  build_seconds_1_worker: number;
  build_seconds_default_workers: number;
  /** The build on one thread over the build on the default pool, by wall clock. */
  build_speedup: number;
  cpu_seconds_1_worker: number | null;
  cpu_seconds_default_workers: number | null;
  /** Cores each build kept busy on average: its CPU time over its wall time. */
  build_cores_busy_1_worker: number | null;
  build_cores_busy_default_workers: number | null;
  /**
   * The most `build_speedup` can be here for the work the default build does: the build on one
   * worker over the default build's CPU time spread evenly over every core (the least wall time
   * that work can take). The build on one worker keeps more than one core busy too (the check on
   * every core, Pagefind's process, Node's threads writing files), so this is under the cores.
   */
  build_speedup_ceiling: number | null;
}

const round = (value: number, places: number): number => Math.round(value * 10 ** places) / 10 ** places;

/** The figures of a build on one thread (`one`) and one on the default pool (`pooled`). */
export function workerFigures(one: Run, pooled: Run): WorkerFigures {
  const busy = (run: Run): number | null => (run.cpuSeconds === null ? null : round(run.cpuSeconds / run.seconds, 2));
  return {
    build_workers: defaultBuildWorkers(),
    build_seconds_1_worker: round(one.seconds, 1),
    build_seconds_default_workers: round(pooled.seconds, 1),
    build_speedup: round(one.seconds / pooled.seconds, 2),
    cpu_seconds_1_worker: one.cpuSeconds === null ? null : round(one.cpuSeconds, 1),
    cpu_seconds_default_workers: pooled.cpuSeconds === null ? null : round(pooled.cpuSeconds, 1),
    build_cores_busy_1_worker: busy(one),
    build_cores_busy_default_workers: busy(pooled),
    build_speedup_ceiling:
      pooled.cpuSeconds === null ? null : round(one.seconds / (pooled.cpuSeconds / availableParallelism()), 2),
  };
}
