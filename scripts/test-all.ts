/**
 * `npm test`: every check the project keeps, in order, stopping at the first that fails:
 * type checks, lint, the formatting check, unit and property tests, the Python reference's own
 * tests, a build of the site, and the browser tests against it; then one more build under a base
 * path (a project page on a static host) with the link check and the base-path page tests run
 * against it; and the server build, under that same base path and page size, checked against it.
 */
import { spawnSync } from 'node:child_process';

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

const steps: readonly [string, string, readonly string[], Readonly<Record<string, string>>?][] = [
  ['type check', 'npx', ['tsc', '--noEmit']],
  ['astro check', 'npx', ['astro', 'check']],
  ['lint', 'npx', ['eslint', '--max-warnings', '0', '.']],
  ['format check', 'npx', ['prettier', '--check', '.']],
  ['unit and property tests', 'npx', ['vitest', 'run']],
  ['reference tests', 'python3', ['-m', 'unittest', 'discover', '-s', 'reference', '-p', 'test_*.py']],
  ['build', 'npm', ['run', '-s', 'build']],
  ['determinism check', 'npx', ['tsx', 'scripts/determinism.ts']],
  ['browser tests', 'npx', ['playwright', 'test']],
  ['base-path build', 'npm', ['run', '-s', 'build'], UNDER_BASE],
  [
    'base-path browser tests',
    'npx',
    ['playwright', 'test', 'tests/e2e/base.spec.ts', 'tests/e2e/links.spec.ts', 'tests/e2e/compare-pages.spec.ts'],
    UNDER_BASE,
  ],
  // Server mode (into dist-server/): its pages must be the base-path build's bytes, of this same commit.
  ['server build', 'npm', ['run', '-s', 'build:server'], SERVER],
  ['server check', 'npx', ['tsx', 'scripts/server-check.ts'], { LEDGER_STATIC_DIST: UNDER_BASE.LEDGER_DIST }],
];

const only = process.argv.slice(2);
let passed = 0;
for (const [name, command, args, env = {}] of steps) {
  if (only.length > 0 && !only.includes(name.split(' ')[0]!)) continue;
  const shownEnv = Object.entries(env)
    .map(([key, value]) => `${key}=${value} `)
    .join('');
  process.stdout.write(`\n== ${name}: ${shownEnv}${command} ${args.join(' ')}\n`);
  const run = spawnSync(command, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  if (run.status !== 0) {
    process.stdout.write(`\nsteps: ${passed} passed, 1 failed (${name})\n`);
    process.exit(run.status ?? 1);
  }
  passed += 1;
}
process.stdout.write(`\nsteps: ${passed} passed, 0 failed\n`);
