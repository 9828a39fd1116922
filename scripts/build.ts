/**
 * `npm run build`: checks the folders and the content first, then builds the site into a fresh
 * folder and only swaps it in for `dist/` (or `LEDGER_DIST`) when the whole build succeeded, so a
 * failed build never leaves a half-written site (the previous one stays as it was). Pagefind's
 * search index is written into the staged folder before the swap, so the index always matches the
 * pages beside it. The steps live in src/lib/site/build/, where they are tested one by one.
 *
 * `npm run build:server` (`LEDGER_OUTPUT=server`) builds the same way into `dist-server/` (or
 * `LEDGER_DIST`): Astro's Node server with every page but the claim pages prerendered into
 * `client/`, and the trace store (`store.sqlite`) the claim pages are rendered from on request.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, realpathSync, renameSync, rmSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { checkedOnCores } from '../src/cli/check.ts';
import { processIo, runCommand } from '../src/cli/run.ts';
import { clearLeftovers, isRunning, ownerOf } from '../src/lib/site/build/leftovers.ts';
import { buildHeap, outOfMemorySentence, ranOutOfMemory } from '../src/lib/site/build/outOfMemory.ts';
import { buildPaths, CACHE_CHECKED, CACHE_COMPARE, projectRoot, shownPath } from '../src/lib/site/build/paths.ts';
import { publicLinks } from '../src/lib/site/build/publicFolder.ts';
import { publishingProblem } from '../src/lib/site/build/publishing.ts';
import { swapIn } from '../src/lib/site/build/swap.ts';
import { targetProblem } from '../src/lib/site/build/target.ts';
import { unwritableFolder } from '../src/lib/site/build/writable.ts';
import { contentDates, dateNote, datedBy } from '../src/lib/site/buildInfo.ts';
import { ledgerFolders } from '../src/lib/input/folders.ts';
import { CHECKED_ENV, handOver, type CheckedContent } from '../src/lib/input/handedLedger.ts';
import { engineCodeHash } from '../src/lib/input/codeHash.ts';
import { baseProblem } from '../src/lib/paths.ts';
import { searchClaims, startIndexing } from '../src/lib/listing/searchRecords.ts';
import { openStore, STORE_FILE } from '../src/lib/site/store/store.ts';
import { finishServerBuild } from '../src/lib/site/store/serverBuild.ts';
import { startCompareApart, type CompareApartRun } from '../src/lib/site/store/compareApartBuild.ts';
import { COMPARE_APART, COMPARE_APART_ENV } from '../src/lib/site/store/storeWriter.ts';
import { buildWorkers, POOL_ENV } from '../src/lib/site/pool/workers.ts';
import { DONE_ENV } from '../src/integrations/buildFinished.ts';

const UNTOUCHED = 'the previous site was left untouched';
function stop(why: string): never {
  process.stderr.write(`Build stopped: ${why}; ${UNTOUCHED}.\n`);
  process.exit(1);
}
const cannotWrite = (path: string, code: string): string =>
  `cannot write to ${shownPath(path)} (${code}): make it writable, or set LEDGER_DIST to a folder you can write`;

const unpublishable = publishingProblem(process.env);
if (unpublishable !== null) stop(unpublishable);

const base = process.env['LEDGER_BASE'];
const badBase = base === undefined ? null : baseProblem(base);
if (badBase !== null) stop(badBase);

const onServer = process.env['LEDGER_OUTPUT'] === 'server';
const root = projectRoot();
const given = resolve(process.env['LEDGER_DIST'] ?? join(root, onServer ? 'dist-server' : 'dist'));
function realParent(): string {
  try {
    mkdirSync(dirname(given), { recursive: true });
    return realpathSync(dirname(given));
  } catch (error) {
    const { path, code } = error as NodeJS.ErrnoException;
    return stop(cannotWrite(path ?? dirname(given), code ?? 'unknown'));
  }
}
// Its folders are named after this process and its start time (a process number alone is reused).
const owner = ownerOf();
const paths = buildPaths(root, given, owner, realParent());
const folders = ledgerFolders();
const reads = [folders.content, folders.models].map((f) => (existsSync(f) ? realpathSync(f) : resolve(f)));

const target = targetProblem(paths.out, root, reads);
if (target !== null) stop(target);

try {
  for (const { path, pid, action } of clearLeftovers(paths.out, root, owner)) {
    process.stdout.write(
      action === 'removed'
        ? `Removed ${shownPath(path)}, left by build process ${pid}, which is no longer running${isRunning(pid) ? ' (another process has its number now)' : ''}.\n`
        : `Put the previous site back at ${shownPath(paths.out)} from ${shownPath(path)}, where build process ${pid} had moved it before it stopped.\n`,
    );
  }
} catch (error) {
  const { path, code } = error as NodeJS.ErrnoException;
  stop(cannotWrite(path ?? dirname(paths.out), code ?? 'unknown'));
}

const unwritable = unwritableFolder(paths.out, paths.astroOut);
if (unwritable) stop(cannotWrite(unwritable.path, unwritable.code));

const links = publicLinks(root);
if (links.length > 0) {
  for (const link of links) process.stderr.write(`${link}.\n`);
  stop(`public/ holds ${links.length === 1 ? 'a symbolic link' : `${links.length} symbolic links`} (above)`);
}

const assets = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/prepare-assets.ts'], {
  cwd: root,
  stdio: 'inherit',
});
if (assets.status !== 0) process.exit(assets.status ?? 1);

/** A running Astro build: its standard output held back until shown, its standard error kept. */
interface AstroRun {
  /** Shows what Astro wrote so far and what it writes from now on, and waits for it to end. */
  finished(): Promise<{ status: number | null; stderr: string }>;
  /** Stops it, showing nothing it wrote, and waits until it has ended. */
  stop(): Promise<void>;
}

/**
 * Starts `node <args>` in the project. Its standard error is kept rather than shown as it comes,
 * so that running out of memory is one sentence instead of V8's fatal error and its native stack.
 */
function startAstro(args: string[], env: NodeJS.ProcessEnv): AstroRun {
  const child = spawn(process.execPath, args, { cwd: root, stdio: ['inherit', 'pipe', 'pipe'], env });
  const held: Buffer[] = [];
  let showing = false;
  child.stdout.on('data', (chunk: Buffer) => (showing ? process.stdout.write(chunk) : held.push(chunk)));
  let stderr = '';
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  const ended = new Promise<number | null>((done) => {
    child.on('error', (error) => {
      stderr += `${error.message}\n`;
      done(1);
    });
    child.on('close', (status) => done(status));
  });
  return {
    finished: async () => {
      for (const chunk of held.splice(0)) process.stdout.write(chunk);
      showing = true;
      return { status: await ended, stderr };
    },
    stop: async () => {
      child.kill('SIGKILL');
      await ended;
    },
  };
}

/** Why the store a server build's Astro run wrote cannot be published, or null. */
function storeProblem(file: string): string | null {
  if (!existsSync(file)) return 'the build wrote no trace store (no page scored the content)';
  try {
    openStore(file).close();
    return null;
  } catch (error) {
    return `the trace store could not be written (${(error as Error).message})`;
  }
}

// Server mode: every pair's compare rows are worked by a process of their own beside Astro's build
// (compareApartBuild.ts), into a folder of .cache/: Astro empties its own folder when it starts.
const apartDir = join(root, '.cache', `${CACHE_COMPARE}.staging-${owner}`);
const apartFile = join(apartDir, 'compare.sqlite');
// The checked content is handed over to Astro and the compare rows' process in a file of .cache/
// (handedLedger.ts), so that neither reads and parses every file again.
const checkedDir = join(root, '.cache', `${CACHE_CHECKED}.staging-${owner}`);
const checkedFile = join(checkedDir, 'content.v8');
// Astro's last hook writes this file (buildFinished.ts): without it, Astro ended before its build did.
const doneFile = join(checkedDir, 'astro-done');
let apart: CompareApartRun | null = null;
const discard = (): void => {
  apart?.stop();
  for (const folder of new Set([paths.astroOut, paths.staging, apartDir, checkedDir]))
    rmSync(folder, { recursive: true, force: true });
};
discard();
// V8 lets the heap grow to several times what a build keeps alive between full collections; a cap
// keeps the build's memory near what it uses (LEDGER_BUILD_HEAP_MB or NODE_OPTIONS sets another).
const heap = buildHeap(process.env);
// Server mode: the build's one scoring pass writes the trace store here (inside Astro's folder, so
// discarding a failed build removes it); it is renamed to its own name only once the build succeeded.
const storePartial = join(paths.astroOut, `${STORE_FILE}.partial-${process.pid}`);
if ('problem' in heap) stop(heap.problem);
// The claim pages and traces are written on a pool of threads in the Astro process, one per core
// unless LEDGER_BUILD_WORKERS says otherwise (1: no pool, everything in Astro's own thread).
const workers = buildWorkers(process.env);
if ('problem' in workers) stop(workers.problem);
const astro = startAstro(
  [
    ...(heap.mb === null ? [] : [`--max-old-space-size=${heap.mb}`]),
    'node_modules/astro/astro.js',
    'build',
    '--silent',
  ],
  {
    ...process.env,
    LEDGER_OUT_DIR: paths.astroOut,
    ASTRO_TELEMETRY_DISABLED: '1',
    LEDGER_STORE_OUT: onServer ? storePartial : undefined,
    [COMPARE_APART_ENV]: onServer ? COMPARE_APART : undefined,
    [POOL_ENV]: String(workers.workers),
    [CHECKED_ENV]: checkedFile,
    [DONE_ENV]: doneFile,
  },
);

// The content is checked while Astro starts (bundling takes seconds, and the check reads every
// claim on every core: loadOnCores.ts): a problem stops Astro before anything it wrote is kept, and
// Astro's own output is shown only once the check has passed, so the messages come in the same
// order. Astro waits for what the check read rather than reading it again (handedLedger.ts).
let ledger: CheckedContent | null = null as CheckedContent | null;
const checked = await runCommand(processIo, async () => {
  ledger = await checkedOnCores(processIo, folders);
  return 0;
});
if (checked !== 0 || ledger === null) {
  await astro.stop();
  discard();
  process.stderr.write('Build stopped: fix the problems above. The previous site was left untouched.\n');
  process.exit(checked === 0 ? 1 : checked);
}
const checkedContent: CheckedContent = ledger;
try {
  mkdirSync(checkedDir, { recursive: true });
  handOver(checkedFile, checkedContent);
} catch (error) {
  const { path, code } = error as NodeJS.ErrnoException;
  await astro.stop();
  discard();
  stop(cannotWrite(path ?? checkedDir, code ?? 'unknown'));
}
// The search index is filled from the checked claims while Astro builds: Pagefind runs in a process
// of its own, and only writing its bundle waits for Astro (searchRecords.ts).
const search = startIndexing(searchClaims(checkedContent, engineCodeHash()));
if (onServer) {
  mkdirSync(apartDir, { recursive: true });
  apart = startCompareApart(apartFile, folders, checkedFile);
}

// A copy without git history is dated from its content, exactly as getSite() dates it.
const note = dateNote(
  datedBy(process.env, {
    cwd: root,
    dates: () => contentDates(checkedContent.claims, checkedContent.models),
  }),
);
if (note !== null) process.stdout.write(note);
const astroRun = await astro.finished();

if (astroRun.status !== 0 && ranOutOfMemory(astroRun.stderr)) {
  discard();
  stop(outOfMemorySentence(heap.mb, undefined, onServer));
}
process.stderr.write(astroRun.stderr);
if (astroRun.status !== 0) {
  discard();
  process.stderr.write(`Build failed; ${UNTOUCHED}.\n`);
  process.exit(astroRun.status ?? 1);
}
if (!existsSync(doneFile)) {
  discard();
  stop('Astro ended before the end of its build (its last step, which writes the sitemap, never ran)');
}

if (onServer) {
  // The claim pages are not files here: they are rows, written by Astro's scoring pass under a
  // partial name (storeWriterFromEnv) and named here.
  const problem = storeProblem(storePartial);
  if (problem !== null) {
    discard();
    stop(problem);
  }
  const worked = await apart!.finished();
  if (worked.problem !== null) {
    discard();
    stop(worked.problem);
  }
  process.stdout.write(
    `Worked every pair's compare rows apart, beside Astro's build, in ${worked.seconds.toFixed(1)} s.\n`,
  );
  renameSync(storePartial, join(paths.astroOut, STORE_FILE));
  // The compare rows worked apart join the store, the claims' sitemaps come from it, the search
  // bundle is written; then every prerendered file is compressed once, so that a request never
  // waits for it.
  const finished = await finishServerBuild(paths.astroOut, join(paths.astroOut, STORE_FILE), search, apartFile);
  if ('errors' in finished) {
    discard();
    process.stderr.write(`Finishing the server build failed; ${UNTOUCHED}.\n${finished.errors.join('\n')}\n`);
    process.exit(1);
  }
  process.stdout.write(
    `Listed ${finished.sitemap.urls} addresses rendered on request (claims, later listing and compare pages) in ${finished.sitemap.files} sitemap file(s), indexed ${finished.indexed} claims for search, compressed ${finished.compressed.files} files.\n`,
  );
} else {
  // Full-text search: the index filled while Astro built writes its bundle beside the pages.
  const indexed = await search.written(paths.astroOut);
  if ('errors' in indexed) {
    discard();
    process.stderr.write(`Search indexing failed; ${UNTOUCHED}.\n${indexed.errors.join('\n')}\n`);
    process.exit(1);
  }
  process.stdout.write(`Indexed ${indexed.pages} claim pages for search.\n`);
}

for (const folder of [apartDir, checkedDir]) rmSync(folder, { recursive: true, force: true });
const swapped = swapIn(paths);
if ('failed' in swapped) stop(cannotWrite(swapped.failed, swapped.code));
if (swapped.warning !== null)
  process.stderr.write(
    `warning: the new site is in place, but the previous one could not be removed: ${swapped.warning}\n`,
  );
process.stdout.write(
  onServer
    ? `Built the server into ${shownPath(paths.out)}. Start it with: npm start\n`
    : `Built the site into ${shownPath(paths.out)}. View it with: npm run preview\n`,
);
