/**
 * The engine alone, in fresh processes pinned to one core (scripts/dev/bench/engine.ts): five with
 * the JIT warmed (the median counts; on a shared machine single runs vary by a tenth), and one first
 * pass in a process whose JIT is cold, shown beside it.
 */
import { spawnSync } from 'node:child_process';
import { cpus } from 'node:os';
import { join } from 'node:path';
import { progress } from '../../../src/lib/site/progress.ts';
import { median, type Run } from './measure.ts';

/** One engine run: how many traces it scored, in how much CPU and wall time. */
export interface EngineRun {
  traces: number;
  cpuSeconds: number;
  wallSeconds: number;
}

/** What the engine runs give: traces per second by CPU (the median) and by wall clock, and cold. */
export interface EngineFigures {
  readonly byCpu: readonly number[];
  readonly byWall: readonly number[];
  readonly tracesPerSecond: number;
  readonly coldJitRate: number;
}

/** Runs the engine six times on the site's claims; `fail` stops the bench at a run that fails. */
export function engineFigures(site: string, fail: (what: string, run: Run) => never): EngineFigures {
  const taskset = spawnSync('taskset', ['--version']).status === 0;
  const lastCpu = Math.max(0, cpus().length - 1);
  const engineBar = progress('engine runs', 6);
  const engineRun = (warm: number): EngineRun => {
    const script = join(site, 'scripts', 'dev', 'bench', 'engine.ts');
    const command = [
      process.execPath,
      '--import',
      'tsx',
      script,
      join(site, 'content'),
      join(site, 'models'),
      String(warm),
    ];
    const run = taskset
      ? spawnSync('taskset', ['-c', String(lastCpu), ...command], { cwd: site, encoding: 'utf8' })
      : spawnSync(command[0]!, command.slice(1), { cwd: site, encoding: 'utf8' });
    if (run.status !== 0) {
      fail('the engine run', {
        status: run.status,
        seconds: 0,
        cpuSeconds: null,
        peakRssMb: null,
        stdout: run.stdout,
        stderr: run.stderr,
      });
    }
    engineBar.tick();
    return JSON.parse(run.stdout.trim().split('\n').pop()!) as EngineRun;
  };
  const engineRuns = Array.from({ length: 5 }, () => engineRun(3000));
  const coldJit = engineRun(0);
  engineBar.done();
  const byCpu = engineRuns.map((r) => r.traces / r.cpuSeconds);
  const byWall = engineRuns.map((r) => r.traces / r.wallSeconds);
  const tracesPerSecond = median(byCpu);
  const coldJitRate = coldJit.traces / coldJit.cpuSeconds;
  return { byCpu, byWall, tracesPerSecond, coldJitRate };
}
