/**
 * Writing the trace store (store.ts): its tables, and the writer a server build's scoring pass
 * fills one trace at a time, then the history, the browse listing and the compare rows, in one
 * transaction, so that the file is a store only once it is complete.
 */
import Database from 'better-sqlite3';
import { createHash } from 'node:crypto';
import { rmSync } from 'node:fs';
import { createScorer, type Trace } from '../../../engine/index.ts';
import { traceJson } from '../../claim/page.ts';
import type { SiteClaim, TraceSummary } from '../records.ts';
import { historyPageOf } from '../../history/siteHistory.ts';
import type { SiteHistory } from '../../history/historyTypes.ts';
import { SORTS, type BrowseRow } from '../../listing/browse.ts';
import { listingCounts, listingRanks } from '../../listing/stored.ts';
import type { CompareCount, RankedCompareRow } from '../../model/comparePages.ts';
import { historyModel, STORE_FORMAT, type StoreIdentity, type StoreMeta } from './store.ts';

/** A summary's JSON as the store holds it: every field but the input, which is the claim's. */
const summaryJson = (summary: TraceSummary): string => JSON.stringify({ ...summary, input: undefined });

/** The store's tables (a server build's compare rows worked apart are written to the same, compareApart.ts). */
export const SCHEMA = `
CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL) WITHOUT ROWID;
CREATE TABLE traces (
  slug TEXT NOT NULL, model TEXT NOT NULL,
  input_hash TEXT NOT NULL, config_hash TEXT NOT NULL, code_hash TEXT NOT NULL,
  summary TEXT NOT NULL, trace TEXT NOT NULL,
  PRIMARY KEY (slug, model)
) WITHOUT ROWID;
CREATE TABLE claims (slug TEXT PRIMARY KEY, input TEXT NOT NULL) WITHOUT ROWID;
CREATE TABLE history (slug TEXT PRIMARY KEY, hash TEXT NOT NULL, page TEXT NOT NULL) WITHOUT ROWID;
CREATE TABLE history_traces (
  slug TEXT NOT NULL, "commit" TEXT NOT NULL, model TEXT NOT NULL, trace TEXT NOT NULL,
  PRIMARY KEY (slug, "commit", model)
) WITHOUT ROWID;
CREATE TABLE listing (
  slug TEXT PRIMARY KEY, type_segment TEXT NOT NULL, state TEXT NOT NULL, row TEXT NOT NULL,
  ${SORTS.map((sort) => `rank_${sort} INTEGER NOT NULL`).join(', ')}
) WITHOUT ROWID;
CREATE TABLE listing_counts (
  type_segment TEXT NOT NULL, state TEXT NOT NULL, type TEXT NOT NULL, n INTEGER NOT NULL,
  PRIMARY KEY (type_segment, state)
) WITHOUT ROWID;
CREATE TABLE compare (
  a TEXT NOT NULL, b TEXT NOT NULL, rank INTEGER NOT NULL, row TEXT NOT NULL,
  PRIMARY KEY (a, b, rank)
) WITHOUT ROWID;
CREATE TABLE compare_counts (
  a TEXT NOT NULL, b TEXT NOT NULL, differ INTEGER NOT NULL, agree INTEGER NOT NULL,
  PRIMARY KEY (a, b)
) WITHOUT ROWID;
${SORTS.map(
  (sort) => `CREATE INDEX listing_${sort} ON listing (rank_${sort});
CREATE INDEX listing_type_${sort} ON listing (type_segment, rank_${sort});
CREATE INDEX listing_state_${sort} ON listing (state, rank_${sort});
CREATE INDEX listing_type_state_${sort} ON listing (type_segment, state, rank_${sort});`,
).join('\n')}`;

/**
 * A store being written, one trace at a time as scoring makes them, so that a server build scores
 * every trace once: the pass that gives the prerendered listings their summaries fills the store.
 */
export interface StoreWriter {
  readonly file: string;
  /** Adds one trace with its summary (the summary's JSON is what the store-backed Site reads). */
  add(trace: Trace, summary: TraceSummary): void;
  /**
   * Adds the history page of every one of `claims` and every trace those pages publish (each scored
   * again, as the static build's files are); returns how many traces.
   */
  addHistory(history: SiteHistory, claims: readonly SiteClaim[]): number;
  /** Adds the browse listing: its rows (the default model's, newest recorded first) at `size` a page. */
  addListing(rows: readonly BrowseRow[], size: number): void;
  /**
   * Adds the compare pages' rows: every ordered pair's counts, and its claims from rank `size` on
   * (page 1 is prerendered), ranked in the pages' order (everyPairRows).
   */
  addCompare(compare: { counts: readonly CompareCount[]; rows: Iterable<RankedCompareRow> }): void;
  /**
   * Leaves the compare rows out: a process of their own writes them (compareApart.ts), and the build
   * adds them, with their digest, once this store is finished.
   */
  compareApart(): void;
  /** Writes the meta for `claims` claims, commits and closes; the store is complete at `file`. */
  finish(claims: number): StoreMeta;
  /** Closes without committing and removes the file. */
  abort(): void;
}

/**
 * Opens a new store at `file` (any file there is replaced) in one transaction, without a journal:
 * the file is only ever a store once finish() has run, and the caller writes it under a partial
 * name and renames it (writeStore, scripts/build.ts), so a failed build never leaves a half store.
 */
export function openStoreWriter(file: string, identity: StoreIdentity): StoreWriter {
  rmSync(file, { force: true });
  const db = new Database(file);
  db.pragma('journal_mode = OFF');
  db.pragma('synchronous = OFF');
  db.exec(SCHEMA);
  db.exec('BEGIN');
  const insert = db.prepare(
    'INSERT INTO traces (slug, model, input_hash, config_hash, code_hash, trace, summary) VALUES (?, ?, ?, ?, ?, ?, ?)',
  );
  // A claim's traces come one after another (every model in turn): its input is written with the first.
  const insertClaim = db.prepare('INSERT OR IGNORE INTO claims (slug, input) VALUES (?, ?)');
  let lastClaim: string | null = null;
  const insertHistory = db.prepare('INSERT INTO history (slug, hash, page) VALUES (?, ?, ?)');
  const insertHistoryTrace = db.prepare(
    'INSERT INTO history_traces (slug, "commit", model, trace) VALUES (?, ?, ?, ?)',
  );
  const insertListing = db.prepare(
    `INSERT INTO listing (slug, type_segment, state, row, ${SORTS.map((s) => `rank_${s}`).join(', ')}) VALUES (?, ?, ?, ?, ${SORTS.map(() => '?').join(', ')})`,
  );
  const insertCount = db.prepare('INSERT INTO listing_counts (type_segment, state, type, n) VALUES (?, ?, ?, ?)');
  let traces = 0;
  let historyTraces = 0;
  let listing: { pageSize: number; listingHash: string } | null = null;
  let compareHash: string | null = null;
  return {
    file,
    addCompare: (compare) => {
      compareHash = insertCompareRows(db, compare);
    },
    compareApart: () => {
      compareHash = COMPARE_APART;
    },
    addListing: (rows, size) => {
      const ranks = listingRanks(rows);
      const digest = createHash('sha256').update(String(size));
      for (const row of rows) {
        const json = JSON.stringify(row);
        digest.update(`\n${json}`);
        const rank = ranks.get(row.slug)!;
        insertListing.run(row.slug, row.typeSegment, row.state, json, ...SORTS.map((sort) => rank[sort]));
      }
      for (const { typeSegment, state, type, n } of listingCounts(rows)) insertCount.run(typeSegment, state, type, n);
      listing = { pageSize: size, listingHash: digest.digest('hex').slice(0, 32) };
    },
    addHistory: (history, claims) => {
      for (const claim of claims) {
        const json = JSON.stringify(historyPageOf(history, claim));
        insertHistory.run(claim.slug, createHash('sha256').update(json).digest('hex').slice(0, 32), json);
      }
      for (const { slug, commit, model, trace } of history.traces)
        insertHistoryTrace.run(slug, commit, historyModel(model), traceJson(trace()));
      historyTraces += history.traces.length;
      return history.traces.length;
    },
    add: (trace, summary) => {
      insert.run(
        trace.claim,
        trace.model,
        trace.inputHash,
        trace.configHash,
        trace.codeHash,
        traceJson(trace),
        summaryJson(summary),
      );
      if (trace.claim !== lastClaim) insertClaim.run(trace.claim, JSON.stringify(trace.input));
      lastClaim = trace.claim;
      traces += 1;
    },
    finish: (claims) => {
      if (listing === null) throw new Error('the trace store was finished without its browse listing');
      if (compareHash === null) throw new Error('the trace store was finished without its compare rows');
      const meta: StoreMeta = {
        format: STORE_FORMAT,
        codeHash: identity.codeHash,
        commit: identity.commit,
        buildDate: identity.buildDate,
        base: identity.base,
        models: identity.models.map(({ id, model }) => ({
          id,
          configHash: createScorer(model, identity.codeHash).configHash,
        })),
        claims,
        traces,
        historyTraces,
        ...listing,
        compareHash,
      };
      db.prepare('INSERT INTO meta (key, value) VALUES (?, ?)').run('meta', JSON.stringify(meta));
      db.exec('COMMIT');
      db.close();
      return meta;
    },
    abort: () => {
      if (db.open) db.close();
      rmSync(file, { force: true });
    },
  };
}

/** The compare digest a store holds until the rows worked apart are added (compareApart.ts). */
export const COMPARE_APART = 'apart';

/**
 * Writes a compare pass's counts and rows into `db`'s compare tables; returns their digest (the
 * store's `compareHash`), over the counts and then every row in the order given.
 */
export function insertCompareRows(
  db: Database.Database,
  { counts, rows }: { counts: readonly CompareCount[]; rows: Iterable<RankedCompareRow> },
): string {
  const insertCompare = db.prepare('INSERT INTO compare (a, b, rank, row) VALUES (?, ?, ?, ?)');
  const insertCompareCount = db.prepare('INSERT INTO compare_counts (a, b, differ, agree) VALUES (?, ?, ?, ?)');
  const digest = createHash('sha256');
  for (const { a, b, differ, agree } of counts) {
    digest.update(`\n${a} ${b} ${differ} ${agree}`);
    insertCompareCount.run(a, b, differ, agree);
  }
  for (const { a, b, rank, row } of rows) {
    const json = JSON.stringify(row);
    digest.update(`\n${a} ${b} ${rank} ${json}`);
    insertCompare.run(a, b, rank, json);
  }
  return digest.digest('hex').slice(0, 32);
}

/**
 * The writer a server build's scoring pass fills: scripts/build.ts names its file in
 * `LEDGER_STORE_OUT` (a partial name in the build's folder, renamed once Astro's build succeeded);
 * null in every other build, which writes no store.
 */
export function storeWriterFromEnv(
  env: Readonly<Record<string, string | undefined>>,
  identity: () => StoreIdentity,
): StoreWriter | null {
  const file = env['LEDGER_STORE_OUT'];
  return file ? openStoreWriter(file, identity()) : null;
}

/** The variable scripts/build.ts sets when a process of its own works the compare rows (compareApart.ts). */
export const COMPARE_APART_ENV = 'LEDGER_STORE_COMPARE';

/** True when the build works the compare rows apart, and the scoring pass leaves them out. */
export function compareApartFromEnv(env: Readonly<Record<string, string | undefined>>): boolean {
  return env[COMPARE_APART_ENV] === COMPARE_APART;
}
