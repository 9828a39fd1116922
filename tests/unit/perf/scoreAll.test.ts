/**
 * The build's scoring step: every (claim, model) scored once by the engine, the cache only compared
 * with what the engine gives (a forged entry is named, never published, and rewritten), the count
 * reported on standard error.
 */
import { createHash } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createScorer, inputHashOf, type Trace } from '../../../src/engine/index.ts';
import { engineCodeHash } from '../../../src/lib/input/codeHash.ts';
import { loadLedger, type LoadedClaim } from '../../../src/lib/input/load.ts';
import { scoreAll } from '../../../src/lib/site/site.ts';
import { openTraceCache } from '../../../src/lib/site/traceCache.ts';
import { REPO_ROOT } from '../../support/cli.ts';

const { ledger } = loadLedger({ content: join(REPO_ROOT, 'content'), models: join(REPO_ROOT, 'models') });
const models = ledger!.models;
const claims = ledger!.claims;
const codeHash = engineCodeHash();
const total = models.length * claims.length;

/** A stream that records what was written. */
function stream(isTTY = false): { isTTY: boolean; text: string; write: (t: string) => boolean } {
  const s = { isTTY, text: '', write: (t: string) => ((s.text += t), true) };
  return s;
}

const freshCache = () => openTraceCache(join(mkdtempSync(join(tmpdir(), 'score-all-')), 'traces'));

describe('scoring every claim under every model', () => {
  it('scores each (claim, model) once, writes each to the cache and reports the count', () => {
    const out = stream();
    const traces = scoreAll(models, claims, codeHash, freshCache(), out);
    expect(traces.size).toBe(total);
    expect(traces.count).toEqual({ scored: total, matched: 0, written: total, rewritten: 0, differed: 0, pruned: 0 });
    expect(out.text).toBe(`scored ${total} of ${total} traces (0 matched the cache; ${total} cache entries written)\n`);
  });

  it('scores every trace again the second time, finding each byte-identical in the cache', () => {
    const cache = freshCache();
    scoreAll(models, claims, codeHash, cache, stream());
    const out = stream();
    const again = scoreAll(models, claims, codeHash, cache, out);
    expect(again.count).toEqual({ scored: total, matched: total, written: 0, rewritten: 0, differed: 0, pruned: 0 });
    expect(out.text).toBe(`scored ${total} of ${total} traces (${total} matched the cache)\n`);
    for (const { id, model } of models) {
      const scorer = createScorer(model, codeHash);
      for (const { slug, claim } of claims) {
        expect(JSON.stringify(again.get(`${slug} ${id}`), null, 2)).toBe(
          JSON.stringify(scorer.score(slug, claim), null, 2),
        );
      }
    }
  });

  it("publishes the engine's trace over a forged entry with a valid checksum, names the entry and rewrites it", () => {
    const cache = freshCache();
    scoreAll(models, claims, codeHash, cache, stream());
    const { id, model } = models[0]!;
    const subject = claims.find((c) => createScorer(model, codeHash).score(c.slug, c.claim).result.probability)!;
    const key = {
      inputHash: inputHashOf(subject.claim),
      configHash: createScorer(model, codeHash).configHash,
      codeHash,
      slug: subject.slug,
    };
    const file = cache.fileOf(key);
    const genuine = JSON.parse(readFileSync(file, 'utf8').slice(65)) as Trace;
    // The tester's forgery: another probability and statement, and the checksum line worked out again.
    const forged = {
      ...genuine,
      result: { ...genuine.result, probability: '0.0001' },
      input: { ...genuine.input, statement: 'A forged statement.' },
    };
    const body = JSON.stringify(forged);
    writeFileSync(file, `${createHash('sha256').update(body).digest('hex')}\n${body}`);
    expect(cache.get(key).trace).toEqual(forged);

    const out = stream();
    const traces = scoreAll(models, claims, codeHash, cache, out);
    const published = traces.get(`${subject.slug} ${id}`)!;
    expect(published.result.probability).toBe(genuine.result.probability);
    expect(published.input.statement).toBe(subject.claim.statement);
    expect(traces.count).toMatchObject({ matched: total - 1, differed: 1 });
    expect(out.text.split('\n')).toEqual([
      `scored ${total} of ${total} traces (${total - 1} matched the cache; 1 cache entry not the engine's trace, rewritten)`,
      `warning: ${file}: the cached trace of ${subject.slug} under ${id} is not the engine's ` +
        `(result.probability: engine "${genuine.result.probability}", cache "0.0001"); discarded and rewritten`,
      '',
    ]);
    expect(JSON.parse(readFileSync(file, 'utf8').slice(65))).toEqual(genuine);
  });

  it("scores only content it was given: a changed claim's old entries are removed", () => {
    const cache = freshCache();
    scoreAll(models, claims, codeHash, cache, stream());
    const changed: LoadedClaim[] = claims.map((c, i) =>
      i === 3 ? { ...c, claim: { ...c.claim, statement: `${c.claim.statement} (edited)` } } : c,
    );
    const out = stream();
    const traces = scoreAll(models, changed, codeHash, cache, out);
    expect(traces.count).toMatchObject({
      matched: total - models.length,
      written: models.length,
      pruned: models.length,
    });
    expect(out.text).toBe(
      `scored ${total} of ${total} traces (${total - models.length} matched the cache; ${models.length} cache entries written; ${models.length} cache entries of other inputs removed)\n`,
    );
    expect(traces.get(`${claims[3]!.slug} ${models[0]!.id}`)!.input.statement).toMatch(/\(edited\)$/);
  });

  it('finds no entry to match when the engine changes', () => {
    const cache = freshCache();
    scoreAll(models, claims, codeHash, cache, stream());
    expect(scoreAll(models, claims, `sha256:${'9'.repeat(64)}`, cache, stream()).count.matched).toBe(0);
  });

  it('rewrites a damaged entry', () => {
    const cache = freshCache();
    scoreAll(models, claims, codeHash, cache, stream());
    const shard = readdirSync(cache.dir)[0]!;
    const entry = join(cache.dir, shard, readdirSync(join(cache.dir, shard))[0]!);
    writeFileSync(entry, '{ damaged');
    const out = stream();
    expect(scoreAll(models, claims, codeHash, cache, out).count).toEqual({
      scored: total,
      matched: total - 1,
      written: 0,
      rewritten: 1,
      differed: 0,
      pruned: 0,
    });
    expect(out.text).toBe(
      `scored ${total} of ${total} traces (${total - 1} matched the cache; 1 cache entry damaged and rewritten)\n`,
    );
    expect(scoreAll(models, claims, codeHash, cache, stream()).count.matched).toBe(total);
  });

  it('keeps only the entries of the content it scored, leaving files being written alone', () => {
    const cache = freshCache();
    const entries = (): string[] =>
      readdirSync(cache.dir).flatMap((shard) => readdirSync(join(cache.dir, shard)).map((name) => `${shard}/${name}`));
    scoreAll(models, claims, codeHash, cache, stream());
    const shard = readdirSync(cache.dir)[0]!;
    const writing = `${shard}/${'a'.repeat(64)}.json.123.tmp`;
    writeFileSync(join(cache.dir, writing), 'being written');
    const changed: LoadedClaim[] = claims.map((c) => ({
      ...c,
      claim: { ...c.claim, statement: `${c.claim.statement}!` },
    }));
    expect(scoreAll(models, changed, codeHash, cache, stream()).count.pruned).toBe(total);
    expect(entries().filter((name) => name.endsWith('.json'))).toHaveLength(total);
    expect(entries()).toContain(writing);
    expect(scoreAll(models, changed, codeHash, cache, stream()).count).toMatchObject({ matched: total, pruned: 0 });
  });

  it('works without a cache, and shows `n of N` progress on a terminal', () => {
    const out = stream(true);
    scoreAll(models, claims, codeHash, null, out);
    expect(out.text).toContain(`scoring: ${total} of ${total}`);
    expect(out.text.endsWith(`\r\u001b[2Kscored ${total} of ${total} traces (no cache)\n`)).toBe(true);
  });
});
