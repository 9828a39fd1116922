/**
 * The trace store of server mode: one SQLite file (better-sqlite3) with every claim's trace under
 * every released model, keyed by claim and model with the input, config and code hashes, and the
 * build's identity (code hash, commit, date, models) beside them. Scoring writes it once; a server
 * reads one claim's rows per request and never loads the whole content.
 */
import Database from 'better-sqlite3';
import { createHash } from 'node:crypto';
import type { LoadedModel } from '../../input/load.ts';
import type { SiteClaim, TraceSummary } from '../records.ts';
import type { SiteHistory } from '../../history/historyTypes.ts';
import { ALL, SORTS, type BrowseRow, type Combination } from '../../listing/browse.ts';
import { type ListingCount } from '../../listing/stored.ts';
import type { CompareCount, CompareRow } from '../../model/comparePages.ts';

/** The store's file in a server build's folder, beside `client/` and `server/` (so never served). */
export const STORE_FILE = 'store.sqlite';

/**
 * Bumped when the tables change, so a server never reads a store of another layout (2: every
 * claim's history and its revision traces, for the history pages; 3: the browse listing, for the
 * browse pages after the first; 4: every pair's compare rows, for the compare pages after the first;
 * 5: a trace's summary before its trace.json bytes, so that reading every model's summary of a claim
 * does not walk each trace's overflow pages; 6: a claim's input once, in its own table, and each
 * summary without it, so that a page reads its claim's input once instead of once per model; 7:
 * trace.json bytes on one line, as the static build now writes them).
 */
export const STORE_FORMAT = 7;

/** What a store says about the build that wrote it. */
export interface StoreMeta {
  readonly format: number;
  readonly codeHash: string;
  readonly commit: string | null;
  readonly buildDate: string;
  /** The base path the pages were built under (LEDGER_BASE): the server renders under the same one. */
  readonly base: string;
  /** The released models in the order pages list them (the default first), with their config hashes. */
  readonly models: readonly { readonly id: string; readonly configHash: string }[];
  readonly claims: number;
  readonly traces: number;
  /** How many revision traces the history pages link to. */
  readonly historyTraces: number;
  /** The browse listing's page size (LEDGER_PAGE_SIZE of the build) and a digest of its rows. */
  readonly pageSize: number;
  readonly listingHash: string;
  /** A digest of the compare pages' rows (at the same page size). */
  readonly compareHash: string;
}

/**
 * One claim under one model as stored: its hashes and the summary's JSON without the claim's input
 * (the same under every model, stored once: Store.input). The trace.json bytes, most of a row, are
 * read on their own (Store.trace): a page reads every model's summary but one model's trace.
 */
export interface StoreRow {
  readonly model: string;
  readonly inputHash: string;
  readonly configHash: string;
  readonly codeHash: string;
  readonly summary: string;
}

/**
 * A claim's summary under one model from the store's two parts: its row's JSON and the claim's input
 * (already parsed, so a page's summaries share one), in the order summarise() gives the fields.
 */
export function storedSummary(row: StoreRow, input: TraceSummary['input']): TraceSummary {
  return Object.assign(JSON.parse(row.summary) as Omit<TraceSummary, 'input'>, { input });
}

/** What writeStore scores (store/build.ts), with the claims' history when their pages are served too. */
export interface StoreInput extends StoreIdentity {
  readonly claims: readonly SiteClaim[];
  readonly history?: SiteHistory;
  /** The browse listing's page size (default: pageSize(), LEDGER_PAGE_SIZE or 100). */
  readonly pageSize?: number;
}

/** One claim's history page as stored: its JSON and a digest of it (part of the page's ETag). */
export interface HistoryRow {
  readonly hash: string;
  readonly page: string;
}

/** The build a store is written by: what its meta says besides the counts. */
export interface StoreIdentity {
  readonly codeHash: string;
  readonly commit: string | null;
  readonly buildDate: string;
  readonly base: string;
  /** In the order pages list them, the default first (orderModels). */
  readonly models: readonly LoadedModel[];
}

/**
 * The SELECT of one page of a combination: every row the filters keep, by the sort's rank, one
 * indexed range (a filter on all is left out of the WHERE, so each case has its own index).
 */
const pageQuery = (sort: string, byType: boolean, byState: boolean): string => {
  const where = [...(byType ? ['type_segment = @type'] : []), ...(byState ? ['state = @state'] : [])];
  return `SELECT row FROM listing ${where.length > 0 ? `WHERE ${where.join(' AND ')} ` : ''}ORDER BY rank_${sort} LIMIT @limit OFFSET @offset`;
};

/** A history trace's model column: '' for today's default model (`…/history/<commit>/trace.json`). */
export const historyModel = (model: string | null): string => model ?? '';

/** A store opened for reading. */
export interface Store {
  readonly file: string;
  readonly meta: StoreMeta;
  /** A short digest of the meta: it changes whenever the code, commit, date or a model does. */
  readonly id: string;
  /** Every model's row of one claim (empty for a slug the store does not hold). */
  rows(slug: string): StoreRow[];
  /** The JSON of one claim's input (every summary's `input`), or undefined. */
  input(slug: string): string | undefined;
  /** The trace.json bytes of one claim under one model, or undefined. */
  trace(slug: string, model: string): string | undefined;
  /** One claim's history page, or undefined for a slug the store does not hold. */
  history(slug: string): HistoryRow | undefined;
  /** The trace.json bytes of a claim at a commit under `model` (null: today's default), or undefined. */
  historyTrace(slug: string, commit: string, model: string | null): string | undefined;
  /** Every (type, state) pair of the browse listing with its count (read once, when opened). */
  readonly listingCounts: readonly ListingCount[];
  /** The rows of page `page` (from 1) of a combination at the store's page size, in its order. */
  listingPage(combination: Combination, page: number): BrowseRow[];
  /** Every ordered pair of models with how many of its claims differ and agree (read once, when opened). */
  readonly compareCounts: readonly CompareCount[];
  /** The rows of page `page` (from 2; page 1 is prerendered) of `a` beside `b`, in the pair's order. */
  comparePage(a: string, b: string, page: number): CompareRow[];
  close(): void;
}

/** The listing's counts as a store holds them: one row a type and state. */
export function listingCountsOf(db: Database.Database): ListingCount[] {
  return db.prepare('SELECT type_segment AS typeSegment, type, state, n FROM listing_counts').all() as ListingCount[];
}

/** The compare pages' counts as a store holds them: one row a pair of models. */
export function compareCountsOf(db: Database.Database): CompareCount[] {
  return db.prepare('SELECT a, b, differ, agree FROM compare_counts').all() as CompareCount[];
}

/** The sentence a store that cannot be read gets. */
export class StoreError extends Error {}

/** Opens a store read-only; a missing, unreadable or foreign file is a StoreError naming it. */
export function openStore(file: string): Store {
  let db: Database.Database;
  let meta: StoreMeta;
  try {
    db = new Database(file, { readonly: true, fileMustExist: true });
  } catch (error) {
    throw new StoreError(
      `Cannot open the trace store ${file} (${(error as Error).message}): build it with npm run build:server.`,
    );
  }
  try {
    const row = db.prepare("SELECT value FROM meta WHERE key = 'meta'").get() as { value: string } | undefined;
    meta = JSON.parse(row?.value ?? 'null') as StoreMeta;
  } catch {
    db.close();
    throw new StoreError(`${file} is not a trace store: build it with npm run build:server.`);
  }
  if (meta === null || meta.format !== STORE_FORMAT) {
    db.close();
    throw new StoreError(
      `${file} is a trace store of format ${meta?.format ?? 'unknown'}, not ${STORE_FORMAT}: build it again with npm run build:server.`,
    );
  }
  let select: Database.Statement;
  let selectTrace: Database.Statement;
  let selectInput: Database.Statement;
  let selectHistory: Database.Statement;
  let selectHistoryTrace: Database.Statement;
  let counts: ListingCount[];
  let compareCounts: CompareCount[];
  let selectCompare: Database.Statement;
  const pages = new Map<string, Database.Statement>();
  try {
    select = db.prepare(
      'SELECT model, input_hash AS inputHash, config_hash AS configHash, code_hash AS codeHash, summary FROM traces WHERE slug = ?',
    );
    selectTrace = db.prepare('SELECT trace FROM traces WHERE slug = ? AND model = ?');
    selectInput = db.prepare('SELECT input FROM claims WHERE slug = ?');
    selectHistory = db.prepare('SELECT hash, page FROM history WHERE slug = ?');
    selectHistoryTrace = db.prepare('SELECT trace FROM history_traces WHERE slug = ? AND "commit" = ? AND model = ?');
    for (const sort of SORTS)
      for (const byType of [false, true])
        for (const byState of [false, true])
          pages.set(`${sort} ${byType} ${byState}`, db.prepare(pageQuery(sort, byType, byState)));
    counts = listingCountsOf(db);
    // One range of the primary key: a page's ranks.
    selectCompare = db.prepare(
      'SELECT row FROM compare WHERE a = @a AND b = @b AND rank >= @first AND rank < @end ORDER BY rank',
    );
    compareCounts = compareCountsOf(db);
  } catch (error) {
    db.close();
    throw new StoreError(
      `${file} says it is a trace store of format ${STORE_FORMAT} but lacks its tables (${(error as Error).message}): build it again with npm run build:server.`,
    );
  }
  const id = createHash('sha256').update(JSON.stringify(meta)).digest('hex').slice(0, 16);
  return {
    file,
    meta,
    id,
    rows: (slug) => select.all(slug) as StoreRow[],
    trace: (slug, model) => (selectTrace.get(slug, model) as { trace: string } | undefined)?.trace,
    input: (slug) => (selectInput.get(slug) as { input: string } | undefined)?.input,
    history: (slug) => selectHistory.get(slug) as HistoryRow | undefined,
    historyTrace: (slug, commit, model) =>
      (selectHistoryTrace.get(slug, commit, historyModel(model)) as { trace: string } | undefined)?.trace,
    listingCounts: counts,
    listingPage: ({ type, state, sort }, page) => {
      const select = pages.get(`${sort} ${type !== ALL} ${state !== ALL}`);
      if (select === undefined) return [];
      const size = meta.pageSize;
      return (
        select.all({
          ...(type !== ALL ? { type } : {}),
          ...(state !== ALL ? { state } : {}),
          limit: size,
          offset: (page - 1) * size,
        }) as { row: string }[]
      ).map(({ row }) => JSON.parse(row) as BrowseRow);
    },
    compareCounts,
    comparePage: (a, b, page) => {
      const size = meta.pageSize;
      return (selectCompare.all({ a, b, first: (page - 1) * size, end: page * size }) as { row: string }[]).map(
        ({ row }) => JSON.parse(row) as CompareRow,
      );
    },
    close: () => db.close(),
  };
}

/**
 * Why a server must not serve `meta` with the engine and models it has, as one sentence, or null:
 * a store scored by other code or under other models would publish traces they do not give.
 */
export function storeMismatch(
  file: string,
  meta: StoreMeta,
  served: {
    readonly codeHash: string;
    readonly models: readonly { readonly id: string; readonly configHash: string }[];
  },
): string | null {
  const rebuild = 'rebuild it with npm run build:server';
  if (meta.codeHash !== served.codeHash)
    return `The trace store ${file} was scored by engine code ${meta.codeHash}, but this server's engine is ${served.codeHash}: ${rebuild}.`;
  const stored = new Map(meta.models.map((m) => [m.id, m.configHash]));
  for (const { id, configHash } of served.models) {
    const had = stored.get(id);
    if (had === undefined) return `The trace store ${file} holds no traces under model ${id}: ${rebuild}.`;
    if (had !== configHash)
      return `The trace store ${file} was scored under model ${id} with config ${had}, but models/ gives ${configHash}: ${rebuild}.`;
  }
  const extra = meta.models.find((m) => !served.models.some((s) => s.id === m.id));
  if (extra) return `The trace store ${file} holds model ${extra.id}, which models/ no longer releases: ${rebuild}.`;
  return null;
}
