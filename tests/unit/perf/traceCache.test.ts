/**
 * The content-addressed trace cache: a hit gives back a trace byte-identical to a fresh one, a
 * change to any part of the key misses, a damaged or foreign entry is refused (and the caller
 * rewrites it), and `compare` tells the build whether an entry is the engine's trace.
 */
import { createHash } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { createScorer, inputHashOf } from '../../../src/engine/index.ts';
import {
  openTraceCache,
  traceCacheFromEnv,
  traceCacheKey,
  type TraceCache,
  type TraceKey,
} from '../../../src/lib/site/traceCache.ts';
import { claim } from '../../support/claim.ts';
import { strictModel } from '../../support/model.ts';
import { TEST_CODE_HASH } from '../../support/score.ts';

const scorer = createScorer(strictModel(), TEST_CODE_HASH);
const subject = claim({
  links: [
    { id: 'a', relevance: 'states-outright' },
    { id: 'b', direction: 'opposes' },
  ],
  votes: [{ reputation: '800', value: '0.9' }],
});
const fresh = scorer.score('a-claim', subject);
const key: TraceKey = {
  inputHash: inputHashOf(subject),
  configHash: scorer.configHash,
  codeHash: TEST_CODE_HASH,
  slug: 'a-claim',
};

let cache: TraceCache;
beforeEach(() => {
  cache = openTraceCache(join(mkdtempSync(join(tmpdir(), 'trace-cache-')), 'traces'));
});

/** The one entry file the cache holds. */
function entryFile(): string {
  const [shard] = readdirSync(cache.dir);
  const [name] = readdirSync(join(cache.dir, shard!));
  return join(cache.dir, shard!, name!);
}

describe('the trace cache', () => {
  it('misses before anything is written', () => {
    expect(cache.get(key)).toEqual({ trace: null, reason: 'missing' });
  });

  it('gives back a trace byte-identical to the fresh one', () => {
    cache.put(key, fresh);
    const found = cache.get(key).trace;
    expect(JSON.stringify(found)).toBe(JSON.stringify(fresh));
    expect(JSON.stringify(found, null, 2)).toBe(JSON.stringify(fresh, null, 2));
  });

  it.each<[string, Partial<TraceKey>]>([
    ['the claim changes', { inputHash: `sha256:${'1'.repeat(64)}` }],
    ['the model changes', { configHash: `sha256:${'2'.repeat(64)}` }],
    ['the engine changes', { codeHash: `sha256:${'3'.repeat(64)}` }],
    ['the slug changes', { slug: 'another-claim' }],
  ])('misses when %s', (_name, change) => {
    cache.put(key, fresh);
    expect(cache.get({ ...key, ...change }).trace).toBeNull();
    expect(traceCacheKey({ ...key, ...change })).not.toBe(traceCacheKey(key));
  });

  it.each<[string, (text: string) => string]>([
    ['is truncated', (text) => text.slice(0, text.length >> 1)],
    ['has one digit changed', (text) => text.replace('"probability":"0.', '"probability":"1.')],
    ['is empty', () => ''],
    ['is not JSON under a matching checksum', () => `${'0'.repeat(64)}\nnot json`],
  ])('refuses an entry that %s, and takes a rewrite', (_name, damage) => {
    cache.put(key, fresh);
    const file = entryFile();
    writeFileSync(file, damage(readFileSync(file, 'utf8')));
    expect(cache.get(key)).toEqual({ trace: null, reason: 'corrupt' });
    cache.put(key, fresh);
    expect(JSON.stringify(cache.get(key).trace)).toBe(JSON.stringify(fresh));
  });

  it('refuses a well-formed entry of another trace stored under this key', () => {
    const other = scorer.score('another-claim', subject);
    cache.put(key, other);
    expect(cache.get(key)).toEqual({ trace: null, reason: 'corrupt' });
  });

  it("compares an entry with the engine's trace: matched, missing, damaged, or another trace under a good checksum", () => {
    expect(cache.compare(key, fresh)).toBe('missing');
    cache.put(key, fresh);
    expect(cache.compare(key, fresh)).toBe('matched');
    const file = entryFile();
    const forged = JSON.stringify({ ...fresh, result: { ...fresh.result, probability: '0.0001' } });
    writeFileSync(file, `${createHash('sha256').update(forged).digest('hex')}\n${forged}`);
    expect(cache.compare(key, fresh)).toBe('differs');
    writeFileSync(file, `${'0'.repeat(64)}\n${JSON.stringify(fresh)}`);
    expect(cache.compare(key, fresh)).toBe('damaged');
    expect(cache.fileOf(key)).toBe(file);
  });

  it('is off when LEDGER_TRACE_CACHE=off, and in .cache/traces by default', () => {
    expect(traceCacheFromEnv({ LEDGER_TRACE_CACHE: 'off' })).toBeNull();
    expect(traceCacheFromEnv({})?.dir).toBe(join('.cache', 'traces'));
    expect(traceCacheFromEnv({ LEDGER_TRACE_CACHE: '/tmp/x' })?.dir).toBe('/tmp/x');
  });
});
