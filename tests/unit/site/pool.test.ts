/**
 * The build's pool of threads (src/lib/site/pool/): a claim's pages, traces and explanations written on a thread
 * are the bytes the build's own thread writes, work is started a window ahead of the pages that
 * ask and let go once they took it, and one failing task fails every task of the pool.
 */
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { claimArticleHtml } from '../../../src/lib/claim/html/claimArticle.ts';
import { explanationJson, explanationOf } from '../../../src/lib/claim/explanation.ts';
import { traceJson } from '../../../src/lib/claim/page.ts';
import { ahead } from '../../../src/lib/site/pool/ahead.ts';
import type { PoolSite } from '../../../src/lib/site/pool/claimSite.ts';
import type { ClaimTask } from '../../../src/lib/site/pool/claimTasks.ts';
import { startPool, type WorkerPool } from '../../../src/lib/site/pool/pool.ts';
import { buildWorkers, defaultBuildWorkers } from '../../../src/lib/site/pool/workers.ts';
import { getSite } from '../../../src/lib/site/site.ts';
import { REPO_ROOT } from '../../support/cli.ts';

const SITE_URL = 'https://claim-ledger.example.org/';
const BOOT = join(REPO_ROOT, 'src', 'lib', 'site', 'pool', 'boot.mjs');

describe('the pool’s threads', () => {
  const site = getSite({ content: 'content', models: 'models' });
  const init: PoolSite = {
    models: site.models,
    codeHash: site.codeHash,
    buildDate: site.buildDate,
    commit: site.commit,
    siteUrl: SITE_URL,
  };
  const pages = [
    { modelId: site.defaultModel.id, onDefaultRoute: true },
    ...site.models.map((m) => ({ modelId: m.id, onDefaultRoute: false })),
  ];
  let pool: WorkerPool<ClaimTask, string[]> | null = null;
  afterEach(async () => {
    delete process.env['LEDGER_TEST_FAIL_CLAIM'];
    await pool?.close();
    pool = null;
  });

  it('write every page, trace and explanation of the repository’s claims as this thread does, byte for byte', async () => {
    pool = startPool<ClaimTask, string[]>(BOOT, 2, init);
    const models = site.models.map((m) => m.id);
    const written = await Promise.all(
      site.claims.map(async (claim) => ({
        slug: claim.slug,
        pages: await pool!.run({ kind: 'pages', claim, pages }),
        traces: await pool!.run({ kind: 'traces', claim, models }),
        explains: await pool!.run({ kind: 'explains', claim, models }),
      })),
    );
    expect(written).toHaveLength(27);
    for (const { slug, pages: html, traces, explains } of written) {
      expect(html).toEqual(pages.map((page) => claimArticleHtml(site, { slug, ...page, siteUrl: new URL(SITE_URL) })));
      expect(traces).toEqual(models.map((model) => traceJson(site.trace(slug, model))));
      expect(explains).toEqual(models.map((model) => explanationJson(explanationOf(site, slug, model))));
    }
  });

  it('stop at a task that throws: it and every task after it fail with its one message', async () => {
    const [first, failing, later] = site.claims;
    process.env['LEDGER_TEST_FAIL_CLAIM'] = failing!.slug;
    // One thread, so that the tasks run in the order given: the third is queued behind the failure.
    // (With two, the first task's thread could finish the third before the second failed.)
    pool = startPool<ClaimTask, string[]>(BOOT, 1, init);
    const runs = [first!, failing!, later!].map((claim) => pool!.run({ kind: 'pages', claim, pages }));
    const message = `the page of ${failing!.slug} could not be written (LEDGER_TEST_FAIL_CLAIM)`;
    const [one, second, third] = await Promise.allSettled(runs);
    expect(one?.status).toBe('fulfilled');
    expect(second).toMatchObject({ status: 'rejected', reason: { message } });
    expect(third).toMatchObject({ status: 'rejected', reason: { message } });
    await expect(pool.run({ kind: 'pages', claim: first!, pages })).rejects.toThrow(message);
  });

  it('fail every task when a thread cannot start', async () => {
    pool = startPool<ClaimTask, string[]>(join(REPO_ROOT, 'no-such-worker.mjs'), 2, init);
    await expect(pool.run({ kind: 'traces', claim: site.claims[0]!, models: ['x'] })).rejects.toThrow(
      /no-such-worker\.mjs/,
    );
  });
});

describe('work started ahead of the pages', () => {
  const order = ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h'];

  it('starts each item once, a window ahead, and holds it until all its pages took it', async () => {
    const started: string[] = [];
    const work = ahead(order, 2, 2, (key) => {
      started.push(key);
      return Promise.resolve(key.toUpperCase());
    });
    expect(await work.take('a')).toBe('A');
    expect(started).toEqual(['a', 'b', 'c']);
    expect(work.held).toBe(3);
    expect(await work.take('a')).toBe('A');
    expect(work.held).toBe(2);
    for (const key of ['b', 'b', 'c', 'c', 'd']) await work.take(key);
    expect(started).toEqual(['a', 'b', 'c', 'd', 'e', 'f']);
    expect(work.held).toBe(3); // d (one page left), e, f
  });

  it('rejects a failed item to the page that takes it, and to no one before', async () => {
    const work = ahead(order, 1, 3, (key) =>
      key === 'c' ? Promise.reject(new Error('c failed')) : Promise.resolve(key),
    );
    await work.take('a');
    await new Promise((done) => setTimeout(done, 10)); // c has failed by now, with no page waiting
    await work.take('b');
    await expect(work.take('c')).rejects.toThrow('c failed');
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
