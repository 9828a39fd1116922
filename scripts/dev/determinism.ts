/**
 * `npx tsx scripts/dev/determinism.ts`: builds the site twice from the same checkout, with the same
 * environment (SOURCE_DATE_EPOCH unset, so the date comes from the last commit), and compares the
 * SHA-256 of every file. Lists every file that differs or exists in one build only; exit 1 if any.
 * `--against <dir>` builds once and compares with a build already made (as `npm test` does with
 * the `dist/` its browser tests ran against, built the same way), which saves one build.
 *
 * The first build it makes writes every page in Astro's own thread (`LEDGER_BUILD_WORKERS=1`), the
 * second on the pool of worker processes (one per core, at least two); `npm test`'s `dist/` is built
 * on the default pool. So the check also proves that the pool writes the same site byte for byte.
 *
 * The two builds go into folders inside the repository (ignored by git as `dist-*`), not the system
 * temporary folder: Astro stages its server build under `.astro/` whenever the output folder lies
 * outside the working directory, which two builds running at once would share.
 */
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { defaultBuildWorkers } from '../../src/lib/site/pool/workers.ts';

const keep = process.argv.includes('--keep');

function hashes(root: string): Map<string, string> {
  const found = new Map<string, string>();
  const walk = (folder: string): void => {
    for (const name of readdirSync(folder)) {
      const full = join(folder, name);
      if (statSync(full).isDirectory()) walk(full);
      else
        found.set(
          relative(root, full).split('\\').join('/'),
          createHash('sha256').update(readFileSync(full)).digest('hex'),
        );
    }
  };
  walk(root);
  return found;
}

function build(dir: string, workers: number): void {
  const env: NodeJS.ProcessEnv = { ...process.env, LEDGER_DIST: dir, LEDGER_BUILD_WORKERS: String(workers) };
  delete env['SOURCE_DATE_EPOCH'];
  const started = Date.now();
  const run = spawnSync('npm', ['run', '-s', 'build'], { env, stdio: ['ignore', 'ignore', 'inherit'] });
  if (run.status !== 0) {
    process.stderr.write(`determinism: the build into ${dir} failed (exit ${run.status ?? run.signal})\n`);
    process.exit(1);
  }
  const threads = workers === 1 ? 'in one thread' : `on ${workers} worker processes`;
  process.stdout.write(`built ${dir} ${threads} in ${((Date.now() - started) / 1000).toFixed(0)} s\n`);
}

const againstAt = process.argv.indexOf('--against');
const against = againstAt === -1 ? undefined : process.argv[againstAt + 1];
if (againstAt !== -1 && (against === undefined || !statSync(against, { throwIfNoEntry: false })?.isDirectory())) {
  process.stderr.write(`determinism: --against needs a built site's folder (${against ?? 'none given'})\n`);
  process.exit(2);
}
const fresh = [`dist-determinism-${process.pid}-a`, `dist-determinism-${process.pid}-b`].slice(against ? 1 : 0);
const dirs = [...(against === undefined ? [] : [against]), ...fresh];
let code = 0;
try {
  const workers = [1, Math.max(2, defaultBuildWorkers())];
  fresh.forEach((dir, i) => build(dir, workers[i]!));
  const [a, b] = dirs.map(hashes) as [Map<string, string>, Map<string, string>];
  const paths = [...new Set([...a.keys(), ...b.keys()])].sort();
  const differ = paths.filter((path) => a.get(path) !== b.get(path));
  for (const path of differ) {
    const note = !a.has(path)
      ? 'only in the second build'
      : !b.has(path)
        ? 'only in the first build'
        : `${a.get(path)!.slice(0, 12)} ≠ ${b.get(path)!.slice(0, 12)}`;
    process.stdout.write(`differs: ${path} (${note})\n`);
  }
  process.stdout.write(
    differ.length === 0
      ? `${paths.length} files, byte-identical in both builds\n`
      : `${differ.length} of ${paths.length} files differ between two builds of the same checkout${keep ? ` (kept: ${fresh.join(', ')})` : ''}\n`,
  );
  code = differ.length === 0 ? 0 : 1;
} finally {
  if (!keep) for (const dir of fresh) rmSync(dir, { recursive: true, force: true });
}
process.exitCode = code;
