/**
 * `npm test`: every check the project keeps, in order, stopping at the first that fails:
 * type checks, lint, unit and property tests, the Python reference's own tests, a build of the site,
 * and the browser tests against it.
 */
import { spawnSync } from 'node:child_process';

const steps: readonly [string, string, readonly string[]][] = [
  ['type check', 'npx', ['tsc', '--noEmit']],
  ['astro check', 'npx', ['astro', 'check']],
  ['lint', 'npx', ['eslint', '--max-warnings', '0', '.']],
  ['unit and property tests', 'npx', ['vitest', 'run']],
  ['reference tests', 'python3', ['-m', 'unittest', 'discover', '-s', 'reference', '-p', 'test_*.py']],
  ['build', 'npm', ['run', '-s', 'build']],
  ['determinism check', 'npx', ['tsx', 'scripts/determinism.ts']],
  ['browser tests', 'npx', ['playwright', 'test']],
];

const only = process.argv.slice(2);
let passed = 0;
for (const [name, command, args] of steps) {
  if (only.length > 0 && !only.includes(name.split(' ')[0]!)) continue;
  process.stdout.write(`\n== ${name}: ${command} ${args.join(' ')}\n`);
  const run = spawnSync(command, args, { stdio: 'inherit', env: process.env });
  if (run.status !== 0) {
    process.stdout.write(`\nsteps: ${passed} passed, 1 failed (${name})\n`);
    process.exit(run.status ?? 1);
  }
  passed += 1;
}
process.stdout.write(`\nsteps: ${passed} passed, 0 failed\n`);
