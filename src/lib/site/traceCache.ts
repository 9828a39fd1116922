/**
 * A content-addressed cache of traces on disk. An entry is keyed by everything a trace depends on
 * (the claim's inputHash, the model's configHash, the engine's codeHash and the claim's slug) and
 * holds the trace's JSON after a line with that JSON's SHA-256. The checksum only catches damage:
 * anyone who can write the folder can also write a matching checksum, so the build never publishes
 * an entry; it scores every trace and uses the cache as a check (`compare`), rewriting an entry that
 * is not byte for byte what the engine gives.
 */
import { createHash } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { TRACE_FORMAT, type Trace } from '../../engine/index.ts';

/** Everything a trace depends on. */
export interface TraceKey {
  readonly inputHash: string;
  readonly configHash: string;
  readonly codeHash: string;
  readonly slug: string;
}

/** What a lookup found. */
export type CacheLookup = { readonly trace: Trace } | { readonly trace: null; readonly reason: 'missing' | 'corrupt' };

/**
 * What an entry says about a freshly scored trace: the same bytes, no entry, an entry that fails
 * its own checks, or a well-formed entry with other content (forged, or written by other code).
 */
export type CacheCheck = 'matched' | 'missing' | 'damaged' | 'differs';

/** A trace cache in one folder. */
export interface TraceCache {
  readonly dir: string;
  /** The file an entry is kept in. */
  fileOf(key: TraceKey): string;
  get(key: TraceKey): CacheLookup;
  /** Compares the entry of `key` with the engine's `trace`, by the bytes the cache would write. */
  compare(key: TraceKey, trace: Trace): CacheCheck;
  put(key: TraceKey, trace: Trace): void;
  /**
   * Deletes every entry but those of `keep` and returns how many went: after a build has looked
   * up every trace of its content, the others belong to claims and models that changed or went.
   */
  prune(keep: Iterable<TraceKey>): number;
}

/** The folder the build uses unless `LEDGER_TRACE_CACHE` names another (or `off`). */
export const DEFAULT_TRACE_CACHE = join('.cache', 'traces');

function sha256(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}

/** The entry name of a key: the SHA-256 of the four values, one per line. */
export function traceCacheKey(key: TraceKey): string {
  return sha256(`${key.inputHash}\n${key.configHash}\n${key.codeHash}\n${key.slug}`);
}

function matches(trace: unknown, key: TraceKey): trace is Trace {
  if (trace === null || typeof trace !== 'object') return false;
  const t = trace as Partial<Trace>;
  return (
    t.traceFormat === TRACE_FORMAT &&
    t.claim === key.slug &&
    t.inputHash === key.inputHash &&
    t.configHash === key.configHash &&
    t.codeHash === key.codeHash &&
    t.working !== undefined &&
    t.result !== undefined
  );
}

/** Opens (without creating) a trace cache in `dir`; entries live in `dir/<2 hex>/<64 hex>.json`. */
export function openTraceCache(dir: string): TraceCache {
  const pathOf = (name: string): string => join(dir, name.slice(0, 2), `${name}.json`);
  const get = (key: TraceKey): CacheLookup => {
    let text: string;
    try {
      text = readFileSync(pathOf(traceCacheKey(key)), 'utf8');
    } catch {
      return { trace: null, reason: 'missing' };
    }
    const newline = text.indexOf('\n');
    const body = text.slice(newline + 1);
    if (newline !== 64 || text.slice(0, 64) !== sha256(body)) return { trace: null, reason: 'corrupt' };
    let trace: unknown;
    try {
      trace = JSON.parse(body);
    } catch {
      return { trace: null, reason: 'corrupt' };
    }
    return matches(trace, key) ? { trace } : { trace: null, reason: 'corrupt' };
  };
  return {
    dir,
    fileOf: (key) => pathOf(traceCacheKey(key)),
    get,
    compare(key, trace) {
      let text: string;
      try {
        text = readFileSync(pathOf(traceCacheKey(key)), 'utf8');
      } catch {
        return 'missing';
      }
      // The bytes first: an entry that is the engine's trace needs no parsing to be known as such.
      if (text.slice(65) === JSON.stringify(trace))
        return text.charCodeAt(64) === 10 && text.slice(0, 64) === sha256(text.slice(65)) ? 'matched' : 'damaged';
      return get(key).trace === null ? 'damaged' : 'differs';
    },
    put(key, trace) {
      const name = traceCacheKey(key);
      const path = pathOf(name);
      const body = JSON.stringify(trace);
      const temporary = `${path}.${process.pid}.tmp`;
      try {
        mkdirSync(join(dir, name.slice(0, 2)), { recursive: true });
        // Written beside the entry and renamed over it, so a reader never sees half an entry.
        writeFileSync(temporary, `${sha256(body)}\n${body}`);
        renameSync(temporary, path);
      } catch {
        // A cache that cannot be written only costs a re-score next time.
        rmSync(temporary, { force: true });
      }
    },
    prune(keep) {
      const kept = new Set<string>();
      for (const key of keep) kept.add(`${traceCacheKey(key)}.json`);
      let removed = 0;
      let folders: string[];
      try {
        folders = readdirSync(dir).filter((name) => /^[0-9a-f]{2}$/.test(name));
      } catch {
        return 0;
      }
      for (const folder of folders) {
        let names: string[];
        try {
          names = readdirSync(join(dir, folder));
        } catch {
          continue;
        }
        // Only finished entries: a `.tmp` file may be another build's entry being written.
        for (const name of names) {
          if (!/^[0-9a-f]{64}\.json$/.test(name) || kept.has(name)) continue;
          try {
            rmSync(join(dir, folder, name));
            removed += 1;
          } catch {
            // Gone already, or not ours to delete: either way nothing to count.
          }
        }
      }
      return removed;
    },
  };
}

/** The build's trace cache: `LEDGER_TRACE_CACHE` (a folder, or `off`), else `.cache/traces`. */
export function traceCacheFromEnv(env: NodeJS.ProcessEnv = process.env): TraceCache | null {
  const setting = env['LEDGER_TRACE_CACHE'];
  if (setting === 'off') return null;
  return openTraceCache(setting !== undefined && setting !== '' ? setting : DEFAULT_TRACE_CACHE);
}
