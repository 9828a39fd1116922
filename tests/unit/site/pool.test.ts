/**
 * The build's pool of worker processes (src/lib/site/pool/): a claim's pages, traces, explanations
 * and pictures' files written whole by a worker into the build's folder are the bytes this process
 * makes of them, in the files Astro would write; one failing task, or a worker that dies or runs
 * out of memory, fails every task of the pool with one sentence.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { claimArticleHtml } from '../../../src/lib/claim/html/claimArticle.ts';
import { explanationJson, explanationOf } from '../../../src/lib/claim/explanation.ts';
import { traceJson } from '../../../src/lib/claim/page.ts';
import { canonicalUrl } from '../../../src/lib/publish/pageMeta.ts';
import {
  claimFrameParts,
  cutFrame,
  fillFrame,
  FRAME_ARTICLE,
  framePlaceholders,
  type ClaimFrames,
  type FrameKind,
} from '../../../src/lib/site/pool/claimFrame.ts';
import type { PoolSite } from '../../../src/lib/site/pool/claimSite.ts';
import type { WholeClaimTask } from '../../../src/lib/site/pool/claimTasks.ts';
import { startPool, type WorkerPool } from '../../../src/lib/site/pool/pool.ts';
import { buildWorkers, defaultBuildWorkers } from '../../../src/lib/site/pool/workers.ts';
import { getSite } from '../../../src/lib/site/site.ts';
import { REPO_ROOT } from '../../support/cli.ts';

const SITE_URL = 'https://claim-ledger.example.org/';
const BOOT = join(REPO_ROOT, 'src', 'lib', 'site', 'pool', 'boot.mjs');

/** A small frame of the given kind, its placeholders where a claim page's frame has them. */
function frameOf(kind: FrameKind): string {
  const parts = framePlaceholders(kind);
  const url = canonicalUrl(parts.canonical, SITE_URL)!;
  return `<head><title>${parts.title} · x</title><meta content="${parts.description}"><link href="${url}">${parts.review ?? ''}</head><main>${FRAME_ARTICLE}</main>`;
}

/** Every file under `folder`, by its path there. */
function filesUnder(folder: string): Map<string, string> {
  const found = new Map<string, string>();
  for (const entry of readdirSync(folder, { recursive: true, withFileTypes: true }))
    if (entry.isFile()) {
      const full = join(entry.parentPath, entry.name);
      found.set(relative(folder, full).split('\\').join('/'), readFileSync(full, 'utf8'));
    }
  return found;
}

describe('the pool’s workers', () => {
  const site = getSite({ content: 'content', models: 'models' });
  const frames: ClaimFrames = { default: frameOf('default'), model: frameOf('model') };
  const models = site.models.map((m) => m.id);
  let out = '';
  let pool: WorkerPool<WholeClaimTask, string[]> | null = null;
  const start = (size: number, script = BOOT): WorkerPool<WholeClaimTask, string[]> => {
    out = mkdtempSync(join(tmpdir(), 'ledger-pool-'));
    const init: PoolSite = {
      models: site.models,
      codeHash: site.codeHash,
      buildDate: site.buildDate,
      commit: site.commit,
      siteUrl: SITE_URL,
      outDir: out,
    };
    return (pool = startPool<WholeClaimTask, string[]>(script, size, init));
  };
  const task = (slug: string): WholeClaimTask => ({ kind: 'whole', claim: site.claim(slug), frames, models });
  afterEach(async () => {
    delete process.env['LEDGER_TEST_FAIL_CLAIM'];
    await pool?.close();
    pool = null;
    rmSync(out, { recursive: true, force: true });
  });

  it('write every page, trace and explanation of the repository’s claims as this process does, byte for byte', async () => {
    const threads = start(2);
    await Promise.all(site.claims.map(({ slug }) => threads.run(task(slug))));
    const expected = new Map<string, string>();
    const siteUrl = new URL(SITE_URL);
    const page = (slug: string, modelId: string, onDefaultRoute: boolean): string => {
      const kind = onDefaultRoute ? 'default' : 'model';
      const article = claimArticleHtml(site, { slug, modelId, onDefaultRoute, siteUrl });
      const parts = claimFrameParts(site, slug, modelId, onDefaultRoute, siteUrl);
      return fillFrame(cutFrame(kind, frames[kind], siteUrl), parts, article, siteUrl);
    };
    for (const { slug } of site.claims) {
      expected.set(`claims/${slug}/index.html`, page(slug, site.defaultModel.id, true));
      expected.set(`claims/${slug}/trace.json`, traceJson(site.trace(slug, site.defaultModel.id)));
      for (const model of models) {
        expected.set(`claims/${slug}/${model}/index.html`, page(slug, model, false));
        expected.set(`claims/${slug}/${model}/trace.json`, traceJson(site.trace(slug, model)));
        expected.set(`claims/${slug}/${model}/explain.json`, explanationJson(explanationOf(site, slug, model)));
      }
    }
    const written = filesUnder(out);
    expect([...written.keys()].sort()).toEqual([...expected.keys()].sort());
    // Pages, traces and explanations, and nothing else (a picture's downloads are in its page).
    expect(written.size).toBe(27 * (2 + 3 * 6));
    for (const [path, text] of expected) expect(written.get(path), path).toBe(text);
  });

  it('stop at a task that throws: it and every task after it fail with its one message', async () => {
    const [first, failing, later] = site.claims;
    process.env['LEDGER_TEST_FAIL_CLAIM'] = failing!.slug;
    // One thread, so that the tasks run in the order given: the third is queued behind the failure.
    // (With two, the first task's thread could finish the third before the second failed.)
    const threads = start(1);
    const runs = [first!, failing!, later!].map(({ slug }) => threads.run(task(slug)));
    const message = `the page of ${failing!.slug} could not be written (LEDGER_TEST_FAIL_CLAIM)`;
    const [one, second, third] = await Promise.allSettled(runs);
    expect(one?.status).toBe('fulfilled');
    expect(second).toMatchObject({ status: 'rejected', reason: { message } });
    expect(third).toMatchObject({ status: 'rejected', reason: { message } });
    await expect(threads.run(task(first!.slug))).rejects.toThrow(message);
    expect(readdirSync(join(out, 'claims')).sort()).toEqual([first!.slug]);
  });

  it('fail every task when a worker cannot start', async () => {
    const threads = start(2, join(REPO_ROOT, 'no-such-worker.mjs'));
    await expect(threads.run(task(site.claims[0]!.slug))).rejects.toThrow(/no-such-worker\.mjs/);
  });
});

describe('a worker process of the pool', () => {
  const dir = mkdtempSync(join(tmpdir(), 'ledger-pool-workers-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  let pool: WorkerPool<string, unknown> | null = null;
  afterEach(async () => {
    await pool?.close();
    pool = null;
  });
  /** A worker written in plain JavaScript that answers each task with `answer(task)` (its body). */
  const workerOf = (name: string, answer: string): string => {
    const file = join(dir, name);
    writeFileSync(
      file,
      `process.on('message', (m) => { if ('init' in m) return; const task = m.task; process.send({ id: m.id, result: (${answer}) }); });\n` +
        `process.on('disconnect', () => process.exit(0));\n`,
    );
    return file;
  };

  it('is a process of its own, so that its memory is not the build’s', async () => {
    pool = startPool<string, unknown>(workerOf('pid.mjs', 'process.pid'), 2, null);
    const pids = await Promise.all(['a', 'b', 'c', 'd'].map((t) => pool!.run(t)));
    for (const pid of pids) expect(pid).not.toBe(process.pid);
    expect(new Set(pids).size).toBe(2);
  });

  it('that exits fails every task with the exit code, in one sentence', async () => {
    pool = startPool<string, unknown>(workerOf('exits.mjs', 'process.exit(3)'), 1, null);
    await expect(pool.run('x')).rejects.toThrow('the build worker process exits.mjs stopped (exit code 3)');
    await expect(pool.run('y')).rejects.toThrow('exit code 3');
  });

  it('that runs out of its heap fails every task saying so', async () => {
    const grow = '(() => { const kept = []; for (;;) kept.push(new Array(1e6).fill(task)); })()';
    pool = startPool<string, unknown>(workerOf('grows.mjs', grow), 1, null, { heapMb: 32 });
    await expect(pool.run('x')).rejects.toThrow(
      'the build worker process grows.mjs ran out of memory (a heap of 32 MB; LEDGER_BUILD_WORKERS=1 writes every page in the build’s own process)',
    );
  });
});

describe('how many threads', () => {
  it('is one per core by default, or LEDGER_BUILD_WORKERS', () => {
    expect(buildWorkers({})).toEqual({ workers: defaultBuildWorkers() });
    expect(buildWorkers({ LEDGER_BUILD_WORKERS: '3' })).toEqual({ workers: 3 });
    expect(buildWorkers({ LEDGER_BUILD_WORKERS: '1' })).toEqual({ workers: 1 });
  });

  it.each(['0', '65', 'two', '-1', '1.5', ' 2'])('names a bad LEDGER_BUILD_WORKERS (%j) in one sentence', (given) => {
    expect(buildWorkers({ LEDGER_BUILD_WORKERS: given })).toEqual({
      problem: `LEDGER_BUILD_WORKERS must be a whole number from 1 to 64 (how many cores the build renders on); it is ${JSON.stringify(given)}`,
    });
  });
});
