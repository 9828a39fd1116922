/**
 * The site as a server reads it: the models from models/, everything about the claims from the
 * trace store, one claim's rows at a time. getSite() returns it once installServedSite() has run, so
 * the claim components render the same HTML from it as from the build's scoring.
 */
import { LRUCache } from 'lru-cache';
import type { Trace } from '../../../engine/index.ts';
import { ledgerFolders } from '../../input/folders.ts';
import { engineCodeHash } from '../../input/codeHash.ts';
import { loadModels, type LoadedModel } from '../../input/load.ts';
import { provideSite } from '../site.ts';
import type { Site } from '../types.ts';
import type { TraceSummary } from '../records.ts';
import type { ClaimHistoryPage } from '../../history/historyTypes.ts';
import {
  openStore,
  StoreError,
  storeMismatch,
  storedSummary,
  type HistoryRow,
  type Store,
  type StoreRow,
} from './store.ts';

/** One claim as a server reads it: every model's row, and the claim's input that their summaries share. */
interface StoredClaim {
  readonly rows: ReadonlyMap<string, StoreRow>;
  readonly input: string;
}

/** A store with the models it was checked against. */
export interface ServedStore {
  readonly store: Store;
  readonly models: readonly LoadedModel[];
  /** One claim's rows by model id and its input, or null for a slug the store does not hold. */
  claim(slug: string): StoredClaim | null;
  /** One claim's history page row, or null for a slug the store does not hold. */
  historyRow(slug: string): HistoryRow | null;
}

/**
 * Opens `file` and checks it against the engine's code and the models of models/; a StoreError with
 * one sentence when the server must not serve it.
 */
export function openServedStore(file: string, modelsDir: string = ledgerFolders().models): ServedStore {
  const store = openStore(file);
  const loaded = loadModels(modelsDir);
  if (loaded.problems.length > 0 || loaded.defaultModel === null) {
    store.close();
    throw new StoreError(
      `The models in ${modelsDir} do not load (run npm run ledger -- check), so ${file} cannot be served.`,
    );
  }
  const mismatch = storeMismatch(file, store.meta, {
    codeHash: engineCodeHash(),
    models: loaded.models.map(({ id, configHash }) => ({ id, configHash })),
  });
  if (mismatch !== null) {
    store.close();
    throw new StoreError(mismatch);
  }
  const byId = new Map(loaded.models.map((m) => [m.id, m]));
  const models = store.meta.models.map(({ id }) => byId.get(id)!);
  // A claim page reads its claim's rows several times while it renders; a few claims are kept.
  const recent = new LRUCache<string, StoredClaim>({ max: 32 });
  // The middleware reads a history row for its ETag, then the page reads it to render.
  const recentHistory = new LRUCache<string, HistoryRow>({ max: 8 });
  return {
    store,
    models,
    historyRow: (slug) => {
      let row = recentHistory.get(slug);
      if (row === undefined) {
        row = store.history(slug);
        if (row === undefined) return null;
        recentHistory.set(slug, row);
      }
      return row;
    },
    claim,
  };
  function claim(slug: string): StoredClaim | null {
    let found = recent.get(slug);
    if (found === undefined) {
      const rows = store.rows(slug);
      const input = store.input(slug);
      if (rows.length === 0 || input === undefined) return null;
      found = { rows: new Map(rows.map((row) => [row.model, row])), input };
      recent.set(slug, found);
    }
    return found;
  }
}

/** The Site over a checked store: what claim pages read, from one claim's rows. */
export function storeSite(served: ServedStore): Site {
  const { meta } = served.store;
  const row = (slug: string, model: string): StoreRow => {
    const found = served.claim(slug)?.rows.get(model);
    if (found === undefined) throw new Error(`no trace for ${slug} under ${model}`);
    return found;
  };
  // The claim's input is parsed once for all its summaries, as long as its rows are among the recent.
  const inputsParsed = new WeakMap<StoredClaim, TraceSummary['input']>();
  const inputOf = (slug: string): TraceSummary['input'] => {
    const claim = served.claim(slug)!;
    let input = inputsParsed.get(claim);
    if (input === undefined) {
      input = JSON.parse(claim.input) as TraceSummary['input'];
      inputsParsed.set(claim, input);
    }
    return input;
  };
  // A page reads its claim's summaries many times (every model's, in several steps): each row's JSON
  // is parsed once, for as long as the row is among the recent ones (a build shares them likewise).
  const rowsParsed = new WeakMap<StoreRow, { trace: () => Trace; summary: () => TraceSummary }>();
  const parsed = (slug: string, found: StoreRow): { trace: () => Trace; summary: () => TraceSummary } => {
    let entry = rowsParsed.get(found);
    if (entry === undefined) {
      let trace: Trace | undefined;
      let summary: TraceSummary | undefined;
      entry = {
        // The whole trace is read from the store only for the page's own model.
        trace: () => (trace ??= JSON.parse(served.store.trace(slug, found.model)!) as Trace),
        summary: () => (summary ??= storedSummary(found, inputOf(slug))),
      };
      rowsParsed.set(found, entry);
    }
    return entry;
  };
  const historyParsed = new WeakMap<HistoryRow, ClaimHistoryPage>();
  const byId = new Map(served.models.map((m) => [m.id, m]));
  const notServed = (what: string): never => {
    throw new Error(`${what} is not read on demand: pages that list every claim are prerendered`);
  };
  return {
    models: served.models,
    // The store lists the models as pages do, the default first.
    defaultModel: served.models[0]!,
    get claims(): never {
      return notServed('the list of claims');
    },
    codeHash: meta.codeHash,
    buildDate: meta.buildDate,
    commit: meta.commit,
    trace: (slug, model) => parsed(slug, row(slug, model)).trace(),
    summary: (slug, model) => parsed(slug, row(slug, model)).summary(),
    model: (id) => {
      const found = byId.get(id);
      if (!found) throw new Error(`no model ${id}`);
      return found;
    },
    claim: (slug) => notServed(`claim ${slug}'s file`),
    history: (slug) => {
      const found = served.historyRow(slug);
      if (found === null) throw new Error(`no history for ${slug}`);
      let page = historyParsed.get(found);
      if (page === undefined) {
        page = JSON.parse(found.page) as ClaimHistoryPage;
        historyParsed.set(found, page);
      }
      return page;
    },
  };
}

let installed: ServedStore | null = null;

/**
 * Opens the store named by `LEDGER_STORE` (once per process) and makes getSite() read it: a fresh
 * object per call over the same rows (see provideSite).
 */
export function installServedSite(env: Readonly<Record<string, string | undefined>> = process.env): ServedStore {
  if (installed) return installed;
  const file = env['LEDGER_STORE'];
  if (!file) throw new StoreError('LEDGER_STORE names no trace store: start the server with npm start.');
  const served = openServedStore(file);
  const site = storeSite(served);
  provideSite(() => Object.create(site) as Site);
  installed = served;
  return served;
}
