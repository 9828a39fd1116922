/**
 * The build's scoring step: every (claim, model) scored once, traces taken from the cache when their
 * inputs have not changed, only a changed claim re-scored, the count reported on standard error.
 */
import { mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createScorer } from '../../../src/engine/index.ts';
import { engineCodeHash, loadLedger, type LoadedClaim } from '../../../src/lib/load.ts';
import { scoreAll } from '../../../src/lib/site.ts';
import { openTraceCache } from '../../../src/lib/traceCache.ts';
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
  it('scores each (claim, model) once and reports the count', () => {
    const out = stream();
    const traces = scoreAll(models, claims, codeHash, freshCache(), out);
    expect(traces.size).toBe(total);
    expect(traces.count).toEqual({ scored: total, fromCache: 0, rewritten: 0, pruned: 0 });
    expect(out.text).toBe(`scored ${total} of ${total} traces (0 from cache)\n`);
  });

  it('takes every trace from the cache the second time, byte-identical to a fresh score', () => {
    const cache = freshCache();
    scoreAll(models, claims, codeHash, cache, stream());
    const out = stream();
    const again = scoreAll(models, claims, codeHash, cache, out);
    expect(again.count.scored).toBe(0);
    expect(out.text).toBe(`scored 0 of ${total} traces (${total} from cache)\n`);
    for (const { id, model } of models) {
      const scorer = createScorer(model, codeHash);
      for (const { slug, claim } of claims) {
        expect(JSON.stringify(again.get(`${slug} ${id}`), null, 2)).toBe(
          JSON.stringify(scorer.score(slug, claim), null, 2),
        );
      }
    }
  });

  it('re-scores only the claim that changed, under every model', () => {
    const cache = freshCache();
    scoreAll(models, claims, codeHash, cache, stream());
    const changed: LoadedClaim[] = claims.map((c, i) =>
      i === 3 ? { ...c, claim: { ...c.claim, statement: `${c.claim.statement} (edited)` } } : c,
    );
    const out = stream();
    const traces = scoreAll(models, changed, codeHash, cache, out);
    expect(traces.count.scored).toBe(models.length);
    // The changed claim's old entries, one per model, are removed.
    expect(traces.count.pruned).toBe(models.length);
    expect(out.text).toBe(
      `scored ${models.length} of ${total} traces (${total - models.length} from cache; ${models.length} stale cache entries removed)\n`,
    );
    expect(traces.get(`${claims[3]!.slug} ${models[0]!.id}`)!.input.statement).toMatch(/\(edited\)$/);
  });

  it('re-scores everything when the engine changes', () => {
    const cache = freshCache();
    scoreAll(models, claims, codeHash, cache, stream());
    expect(scoreAll(models, claims, `sha256:${'9'.repeat(64)}`, cache, stream()).count.scored).toBe(total);
  });

  it('ignores a damaged entry, re-scores it and writes it again', () => {
    const cache = freshCache();
    scoreAll(models, claims, codeHash, cache, stream());
    const shard = readdirSync(cache.dir)[0]!;
    const entry = join(cache.dir, shard, readdirSync(join(cache.dir, shard))[0]!);
    writeFileSync(entry, '{ damaged');
    const out = stream();
    expect(scoreAll(models, claims, codeHash, cache, out).count).toEqual({
      scored: 1,
      fromCache: total - 1,
      rewritten: 1,
      pruned: 0,
    });
    expect(out.text).toBe(`scored 1 of ${total} traces (${total - 1} from cache; 1 damaged cache entry rewritten)\n`);
    expect(scoreAll(models, claims, codeHash, cache, stream()).count.scored).toBe(0);
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
    expect(scoreAll(models, changed, codeHash, cache, stream()).count).toEqual({
      scored: 0,
      fromCache: total,
      rewritten: 0,
      pruned: 0,
    });
  });

  it('works without a cache, and shows `n of N` progress on a terminal', () => {
    const out = stream(true);
    scoreAll(models, claims, codeHash, null, out);
    expect(out.text).toContain(`scoring: ${total} of ${total}`);
    expect(out.text.endsWith(`\r\u001b[2Kscored ${total} of ${total} traces (0 from cache)\n`)).toBe(true);
  });
});
