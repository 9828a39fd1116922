/**
 * `npm run build`: checks the content first, then builds the site into a fresh folder and only
 * swaps it in for `dist/` when the whole build succeeded, so a failed build never leaves a
 * half-written site (the previous `dist/` stays as it was). Pagefind's search index is written into
 * the staged folder before the swap, so the index always matches the pages beside it.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, renameSync, rmSync } from 'node:fs';
import { resolve } from 'node:path';
import { checkCommand } from '../src/cli/check.ts';
import { processIo, runCommand } from '../src/cli/run.ts';
import { ledgerFolders } from '../src/lib/folders.ts';
import { baseProblem } from '../src/lib/paths.ts';
import { indexSite } from '../src/lib/searchIndex.ts';

const out = resolve(process.env['LEDGER_DIST'] ?? 'dist');
const staging = `${out}.staging-${process.pid}`;
const previous = `${out}.previous-${process.pid}`;

const base = process.env['LEDGER_BASE'];
const badBase = base === undefined ? null : baseProblem(base);
if (badBase !== null) {
  process.stderr.write(`${badBase}\nBuild stopped. The previous site was left untouched.\n`);
  process.exit(1);
}

const checked = await runCommand(processIo, () => checkCommand(processIo, ledgerFolders()));
if (checked !== 0) {
  process.stderr.write('Build stopped: fix the problems above. The previous site was left untouched.\n');
  process.exit(checked);
}

const assets = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/prepare-assets.ts'], { stdio: 'inherit' });
if (assets.status !== 0) process.exit(assets.status ?? 1);

rmSync(staging, { recursive: true, force: true });
// What a build keeps alive is small (about 330 MB at 1,000 claims × 6 models: the traces and the
// memos), but V8 lets the heap grow to several times that between full collections. A cap keeps the
// build's memory near what it uses; NODE_OPTIONS can set another.
const heap = /--max-old-space-size/.test(process.env['NODE_OPTIONS'] ?? '') ? [] : ['--max-old-space-size=1536'];
const astro = spawnSync(process.execPath, [...heap, 'node_modules/astro/astro.js', 'build', '--silent'], {
  stdio: 'inherit',
  env: { ...process.env, LEDGER_OUT_DIR: staging, ASTRO_TELEMETRY_DISABLED: '1' },
});
if (astro.status !== 0) {
  rmSync(staging, { recursive: true, force: true });
  process.stderr.write('Build failed; the previous site was left untouched.\n');
  process.exit(astro.status ?? 1);
}

// Full-text search: Pagefind indexes the staged pages and writes its bundle beside them.
const indexed = await indexSite(staging);
if ('errors' in indexed) {
  rmSync(staging, { recursive: true, force: true });
  process.stderr.write(`Search indexing failed; the previous site was left untouched.\n${indexed.errors.join('\n')}\n`);
  process.exit(1);
}
process.stdout.write(`Indexed ${indexed.pages} claim pages for search.\n`);

rmSync(previous, { recursive: true, force: true });
if (existsSync(out)) renameSync(out, previous);
renameSync(staging, out);
rmSync(previous, { recursive: true, force: true });
process.stdout.write(`Built the site into ${out}. View it with: npm run preview\n`);
