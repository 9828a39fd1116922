/**
 * `npm test`: every check the project keeps — type checks, lint, the formatting check, unit and
 * property tests, the Python reference's own tests, a build of the site, its determinism, and the
 * browser tests against it; one more build under a base path (a project page on a static host) with
 * the link check and the base-path page tests; and the server build, checked against that build.
 *
 * The steps run on every core: a step starts as soon as the steps it needs have passed and a slot
 * is free (one slot a core and two more, `LEDGER_TEST_JOBS` to set another count), so that the
 * two long steps (unit and browser tests) run beside the short ones rather than holding every slot,
 * and the short ones, in two slots, do not end the run after the long ones.
 * The builds run one after another, since each fills the machine on its own; the base-path browser
 * tests serve their site on a port and write into a folder of their own, so they run beside the
 * others. A step's output is shown when it ends; the first failure stops the rest and shows that
 * step's output whole. The last lines are each step's time and the count of steps passed and failed.
 *
 * `npm test -- quick` (as `npm run test:quick`) runs the inner loop only: types, lint and unit tests.
 * Other arguments name steps to run by their first word (`npm test -- lint unit`), with what they need.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { serverPort } from '../../tests/support/e2e-env.ts';

/**
 * The base path and folder of the second build: under a path, as a project page is published, and
 * with 10 claims a page, so that the listings and compare pages have later pages to check.
 */
const UNDER_BASE = { LEDGER_BASE: '/ledger-base/', LEDGER_DIST: 'dist-base', LEDGER_PAGE_SIZE: '10' } as const;

/**
 * The server build is made as the base-path build is (into dist-server/) and checked against it:
 * with 10 claims a page its browse listings have later pages, which a server renders on request,
 * and no third static build is needed to hold them against.
 */
const SERVER = { LEDGER_BASE: UNDER_BASE.LEDGER_BASE, LEDGER_PAGE_SIZE: UNDER_BASE.LEDGER_PAGE_SIZE } as const;

/**
 * Every step's builds (the build steps', and those the unit tests make) name the site's address: a
 * build under CI=true refuses to run without LEDGER_SITE. The placeholder, unless one is given, so
 * that the pages are what a local build makes.
 */
const SITE = { LEDGER_SITE: process.env['LEDGER_SITE'] ?? 'https://claim-ledger.example.org' } as const;

/** Every step's output, and what the base-path browser tests write (attachments of a failure). */
const logs = mkdtempSync(join(tmpdir(), 'ledger-test-'));

/**
 * The base-path browser tests run beside the main ones: their server on the next port, their
 * results in a folder of this run (Playwright empties its output folder when it starts).
 */
const BASE_BROWSER = {
  ...UNDER_BASE,
  E2E_PORT: String(serverPort() + 1),
  E2E_OUTPUT: join(logs, 'base-path-test-results'),
} as const;

/** One check: what it runs, what it waits for, and whether it is one of the builds that run alone. */
interface Step {
  readonly name: string;
  readonly command: string;
  readonly args: readonly string[];
  readonly env?: Readonly<Record<string, string>>;
  /** Steps that must have passed before this one starts (what it reads, or a port it shares). */
  readonly after?: readonly string[];
  /** Builds fill the machine on their own and write into the same folders: one at a time. */
  readonly alone?: boolean;
}

/** In the order they start when slots are free: the long chain of builds and browser runs first. */
const STEPS: readonly Step[] = [
  { name: 'build', command: 'npm', args: ['run', '-s', 'build'], alone: true },
  { name: 'unit and property tests', command: 'npx', args: ['vitest', 'run'] },
  { name: 'browser tests', command: 'npx', args: ['playwright', 'test'], after: ['build'] },
  { name: 'type check', command: 'npx', args: ['tsc', '--noEmit'] },
  { name: 'lint', command: 'npx', args: ['eslint', '--max-warnings', '0', '.'] },
  // The .astro files alone: tsc checks every other file of the project, with the same options.
  { name: 'astro check', command: 'npx', args: ['astro', 'check', '--tsconfig', 'tsconfig.astro-check.json'] },
  { name: 'format check', command: 'npx', args: ['prettier', '--check', '.'] },
  {
    name: 'reference tests',
    command: 'python3',
    args: ['-m', 'unittest', 'discover', '-s', 'reference', '-p', 'test_*.py'],
  },
  {
    name: 'determinism check',
    command: 'npx',
    args: ['tsx', 'scripts/dev/determinism.ts', '--against', 'dist'],
    after: ['build'],
    alone: true,
  },
  { name: 'base-path build', command: 'npm', args: ['run', '-s', 'build'], env: UNDER_BASE, alone: true },
  {
    name: 'base-path browser tests',
    command: 'npx',
    args: [
      'playwright',
      'test',
      'tests/e2e/base.spec.ts',
      'tests/e2e/links.spec.ts',
      'tests/e2e/compare-pages.spec.ts',
      'tests/e2e/paged-listing.spec.ts',
    ],
    env: BASE_BROWSER,
    after: ['base-path build'],
  },
  // Server mode (into dist-server/): its pages must be the base-path build's bytes, of this same commit.
  { name: 'server build', command: 'npm', args: ['run', '-s', 'build:server'], env: SERVER, alone: true },
  {
    name: 'server check',
    command: 'npx',
    args: ['tsx', 'scripts/dev/server-check.ts'],
    env: { LEDGER_STATIC_DIST: UNDER_BASE.LEDGER_DIST },
    after: ['server build', 'base-path build'],
  },
];

/** The inner loop (`npm run test:quick`): what a developer runs before every commit. */
const QUICK = ['type', 'lint', 'unit'];

/** The steps asked for by their first words, with every step they need. */
function chosen(words: readonly string[]): readonly Step[] {
  if (words.length === 0) return STEPS;
  const wanted = new Set(STEPS.filter((s) => words.includes(s.name.split(' ')[0]!)).map((s) => s.name));
  for (let grew = true; grew;) {
    grew = false;
    for (const step of STEPS)
      if (wanted.has(step.name))
        for (const need of step.after ?? [])
          if (!wanted.has(need)) {
            wanted.add(need);
            grew = true;
          }
  }
  return STEPS.filter((s) => wanted.has(s.name));
}

const words = process.argv.slice(2).flatMap((w) => (w === 'quick' ? QUICK : [w]));
const steps = chosen(words);
const unknown = words.filter((w) => !STEPS.some((s) => s.name.split(' ')[0] === w));
if (unknown.length > 0) {
  process.stderr.write(`npm test: no step is called ${unknown.join(', ')}\n`);
  rmSync(logs, { recursive: true, force: true });
  process.exit(2);
}

const slots = Math.max(1, Number(process.env['LEDGER_TEST_JOBS'] ?? availableParallelism() + 2) || 1);
const started = Date.now();
const seconds = (since: number): string => `${((Date.now() - since) / 1000).toFixed(0)} s`;

const passed = new Map<string, string>();
const running = new Map<string, { child: ChildProcess; log: string; since: number }>();
const waiting = [...steps];
let failed: string | null = null;

const shownEnv = (env: Readonly<Record<string, string>> = {}): string =>
  Object.entries(env)
    .map(([key, value]) => `${key}=${value} `)
    .join('');

function start(step: Step): void {
  const log = join(logs, `${step.name.replaceAll(' ', '-')}.log`);
  const out = openSync(log, 'w');
  const since = Date.now();
  process.stdout.write(`== ${step.name}: ${shownEnv(step.env)}${step.command} ${step.args.join(' ')}\n`);
  // Each step in a process group of its own, so that a failure elsewhere stops all it started.
  const child = spawn(step.command, step.args, {
    stdio: ['ignore', out, out],
    env: { ...process.env, ...SITE, ...step.env },
    detached: true,
  });
  running.set(step.name, { child, log, since });
  child.on('exit', (code, signal) => finish(step, code === 0 && signal === null));
}

function finish(step: Step, ok: boolean): void {
  const run = running.get(step.name)!;
  running.delete(step.name);
  if (failed !== null) return;
  if (ok) {
    passed.set(step.name, seconds(run.since));
    process.stdout.write(`== ${step.name}: passed in ${passed.get(step.name)}\n`);
    schedule();
    return;
  }
  failed = step.name;
  process.stdout.write(`\n== ${step.name}: FAILED after ${seconds(run.since)}; its output:\n\n`);
  process.stdout.write(readFileSync(run.log, 'utf8'));
  for (const other of running.values()) {
    try {
      process.kill(-other.child.pid!, 'SIGTERM');
    } catch {
      // Already gone.
    }
  }
  done();
}

function schedule(): void {
  if (waiting.length === 0 && running.size === 0) return done();
  const aloneBusy = (): boolean => [...running.keys()].some((name) => steps.find((s) => s.name === name)!.alone);
  for (const step of [...waiting]) {
    if (running.size >= slots) break;
    if (!(step.after ?? []).every((need) => passed.has(need) || !steps.some((s) => s.name === need))) continue;
    if (step.alone && aloneBusy()) continue;
    waiting.splice(waiting.indexOf(step), 1);
    start(step);
  }
}

function done(): void {
  for (const [name, time] of passed) process.stdout.write(`  ${time.padStart(6)}  ${name}\n`);
  process.stdout.write(`  ${seconds(started).padStart(6)}  in all, ${slots} at a time\n`);
  if (failed === null) rmSync(logs, { recursive: true, force: true });
  else process.stdout.write(`  (every step's output: ${logs})\n`);
  process.stdout.write(`\nsteps: ${passed.size} passed, ${failed === null ? 0 : 1} failed\n`);
  process.exit(failed === null ? 0 : 1);
}

for (const signal of ['SIGINT', 'SIGTERM'] as const)
  process.on(signal, () => {
    for (const { child } of running.values()) {
      try {
        process.kill(-child.pid!, signal);
      } catch {
        // Already gone.
      }
    }
    process.exit(130);
  });

schedule();
