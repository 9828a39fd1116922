/**
 * The site's data, computed once per build: every claim scored under every released model exactly
 * once, by the engine (never taken from a cache). Pages read traces from here and never re-derive
 * a number.
 *
 * What the build keeps for every trace is its summary (the trace without its working, which is
 * most of it); a page that shows a whole trace gets it scored again on demand, which the engine does
 * in microseconds and byte for byte the same, and the few most recent are kept. So the memory a
 * build holds grows with the claims' inputs and results, not with every trace's working.
 */
import { byCodeUnit } from '../../engine/order.ts';
import { LRUCache } from 'lru-cache';
import { createScorer, inputHashOf, type Trace } from '../../engine/index.ts';
import { buildCommit, buildDate, contentDates } from './buildInfo.ts';
import { ledgerFolders } from '../input/folders.ts';
import { engineCodeHash } from '../input/codeHash.ts';
import { loadLedger, type LoadedClaim, type LoadedModel } from '../input/load.ts';
import { handedContent, type CheckedContent } from '../input/handedLedger.ts';
import { InputError } from '../input/problems.ts';
import { progress, type ProgressStream } from './progress.ts';
import { traceCacheFromEnv, type TraceCache, type TraceKey } from './traceCache.ts';
import { jsonDifferences, show } from '../verify/jsonDiff.ts';
import { basePath } from '../paths.ts';
import { compareApartFromEnv, storeWriterFromEnv } from './store/storeWriter.ts';
import { browseRows } from '../listing/browse.ts';
import { pageSize } from '../listing/paging.ts';
import { everyPairRows } from '../model/comparePages.ts';
import { gitHistoryPage, keepHistory, readSiteHistory } from '../history/siteHistory.ts';
import { summarise, type SiteClaim, type TraceSummary } from './records.ts';
import type { Site } from './types.ts';

/** How many whole traces a build keeps at once: a claim page shows its own and reads every model's. */
const RECENT_TRACES = 64;

let cached: Site | null = null;
let provided: (() => Site) | null = null;

/**
 * Server mode: every later getSite() returns `source()` (a site read from the trace store, one row
 * per request) instead of scoring the content. A fresh object per call, so that HTML two pages of a
 * build share (sharedHtml.ts) is never held for a twin request that may never come.
 */
export function provideSite(source: () => Site): void {
  provided = source;
}

/** The released models in the order pages list them: the default first, then newest release first. */
export function orderModels(models: readonly LoadedModel[], defaultId: string): LoadedModel[] {
  const defaultModel = models.find((m) => m.id === defaultId)!;
  return [
    defaultModel,
    ...models
      .filter((m) => m !== defaultModel)
      .sort((a, b) => byCodeUnit(b.model.released, a.model.released) || byCodeUnit(a.id, b.id)),
  ];
}

/** The claims in the order pages list them: newest recorded first, then by slug. */
export function orderClaims(claims: readonly Pick<LoadedClaim, 'slug' | 'file' | 'claim'>[]): SiteClaim[] {
  return claims
    .map(({ slug, file, claim }) => ({ slug, file, claim }))
    .sort((a, b) => byCodeUnit(b.claim.recorded, a.claim.recorded) || byCodeUnit(a.slug, b.slug));
}

/**
 * What a scoring pass did: every trace is scored; of the cache's entries, how many held exactly the
 * engine's trace, how many were written because they were missing, damaged (rewritten) or held
 * another trace (`differed`: forged, or left by other code; rewritten), and how many entries of
 * other inputs were removed.
 */
export interface ScoreCount {
  readonly scored: number;
  readonly matched: number;
  readonly written: number;
  readonly rewritten: number;
  readonly differed: number;
  readonly pruned: number;
}

const entries = (n: number): string => `${n} cache ${n === 1 ? 'entry' : 'entries'}`;

/**
 * Every claim under every model, keyed `<slug> <model id>`, each scored by the engine. The cache
 * never decides what is published (whoever can write it can forge an entry and its checksum, and
 * scoring is a sliver of the build): each entry is compared with the fresh trace, and one that is
 * not the same bytes is named in a warning and rewritten. Progress goes to standard error on a
 * terminal, and a one-line count always does.
 */
export function scoreAll<T = Trace>(
  models: readonly LoadedModel[],
  claims: readonly SiteClaim[],
  codeHash: string,
  cache: TraceCache | null,
  stream: ProgressStream = process.stderr,
  keep: (trace: Trace) => T = (trace) => trace as T,
): Map<string, T> & { readonly count: ScoreCount } {
  const traces = new Map<string, T>();
  const total = models.length * claims.length;
  const bar = progress('scoring', total, { stream });
  const tally = { matched: 0, written: 0, rewritten: 0, differed: 0 };
  const warnings: string[] = [];
  const keys: TraceKey[] = [];
  const scorers = models.map(({ id, model }) => ({ id, scorer: createScorer(model, codeHash) }));
  // Claim by claim, each under every model in turn: what models share of a claim's working is
  // worked out once while the engine still holds it (it keeps only the most recent claims').
  for (const { slug, claim } of claims) {
    const inputHash = inputHashOf(claim);
    for (const { id, scorer } of scorers) {
      const key = { inputHash, configHash: scorer.configHash, codeHash, slug };
      keys.push(key);
      const trace = scorer.score(slug, claim);
      if (cache) {
        const check = cache.compare(key, trace);
        if (check === 'matched') tally.matched += 1;
        else {
          if (check === 'missing') tally.written += 1;
          else if (check === 'damaged') tally.rewritten += 1;
          else {
            tally.differed += 1;
            const cached = cache.get(key).trace;
            const first = jsonDifferences(trace, cached)[0];
            warnings.push(
              `warning: ${cache.fileOf(key)}: the cached trace of ${slug} under ${id} is not the engine's` +
                `${first ? ` (${first.field || 'trace'}: engine ${show(first.expected)}, cache ${show(first.published)})` : ''}` +
                '; discarded and rewritten',
            );
          }
          cache.put(key, trace);
        }
      }
      traces.set(`${slug} ${id}`, keep(trace));
      bar.tick();
    }
  }
  // Entries of claims and models that changed or went would otherwise pile up build after build.
  const pruned = cache?.prune(keys) ?? 0;
  const notes = cache
    ? [
        `${tally.matched} matched the cache`,
        ...(tally.written > 0 ? [`${entries(tally.written)} written`] : []),
        ...(tally.rewritten > 0 ? [`${entries(tally.rewritten)} damaged and rewritten`] : []),
        ...(tally.differed > 0 ? [`${entries(tally.differed)} not the engine's trace, rewritten`] : []),
        ...(pruned > 0 ? [`${entries(pruned)} of other inputs removed`] : []),
      ]
    : ['no cache'];
  bar.done(`scored ${total} of ${total} traces (${notes.join('; ')})`);
  for (const warning of warnings) stream.write(`${warning}\n`);
  return Object.assign(traces, { count: { scored: total, ...tally, pruned } });
}

/** The content of the folders, or an InputError with its problems. */
function loadedLedger(content: string, models: string): CheckedContent {
  const { ledger, problems } = loadLedger({ content, models });
  if (!ledger) throw new InputError(problems);
  return ledger;
}

/** Loads, validates and scores the repository's content (once per process). */
export function getSite(options: { content?: string; models?: string } = {}): Site {
  if (provided) return provided();
  if (cached) return cached;
  const folders = ledgerFolders();
  // The content the build script checked and handed over (handedLedger.ts), or read here.
  const handed = options.content === undefined && options.models === undefined ? handedContent() : null;
  const ledger = handed ?? loadedLedger(options.content ?? folders.content, options.models ?? folders.models);
  const codeHash = engineCodeHash();
  const models = orderModels(ledger.models, ledger.defaultModel);
  const defaultModel = models[0]!;
  const claims = orderClaims(ledger.claims);
  const built = buildDate(process.env, { dates: () => contentDates(ledger.claims, ledger.models) });
  const commit = buildCommit();
  // A server build (LEDGER_STORE_OUT) fills its trace store from this same pass, so every trace is
  // scored once; the store then replaces the trace cache, which would only be a second copy.
  const store = storeWriterFromEnv(process.env, () => ({
    codeHash,
    commit,
    buildDate: built,
    base: basePath(),
    models,
  }));
  const started = performance.now();
  const keep = store
    ? (trace: Trace): TraceSummary => {
        const summary = summarise(trace);
        store.add(trace, summary);
        return summary;
      }
    : summarise;
  let summaries: ReturnType<typeof scoreAll<TraceSummary>>;
  try {
    summaries = scoreAll(models, claims, codeHash, store ? null : traceCacheFromEnv(), process.stderr, keep);
  } catch (error) {
    store?.abort();
    throw error;
  }
  // By model, then slug: a compare of two models looks up every claim under each, and a key made
  // of the two strings was a new string to hash at every lookup.
  const byModel = new Map<string, Map<string, TraceSummary>>(models.map((m) => [m.id, new Map()]));
  for (const summary of summaries.values()) byModel.get(summary.model)?.set(summary.claim, summary);
  const summaryOf = (slug: string, model: string): TraceSummary => {
    const summary = byModel.get(model)?.get(slug);
    if (!summary) throw new Error(`no trace for ${slug} under ${model}`);
    return summary;
  };
  const byId = new Map(models.map((m) => [m.id, m]));
  const bySlug = new Map(claims.map((c) => [c.slug, c]));
  const scorers = new Map(models.map((m) => [m.id, createScorer(m.model, codeHash)]));
  const recent = new LRUCache<string, Trace>({ max: RECENT_TRACES });
  const modelOf = (id: string): LoadedModel => {
    const found = byId.get(id);
    if (!found) throw new Error(`no model ${id}`);
    return found;
  };
  const traceOf = (slug: string, model: string): Trace => {
    summaryOf(slug, model);
    const key = `${slug} ${model}`;
    let trace = recent.get(key);
    if (trace === undefined) {
      trace = scorers.get(model)!.score(slug, bySlug.get(slug)!.claim);
      recent.set(key, trace);
    }
    return trace;
  };
  if (store) {
    const scored = ((performance.now() - started) / 1000).toFixed(1);
    // On a server the history pages are rendered from the store (a server has no git history), so
    // the build writes every claim's history into it, in the same transaction as the traces.
    let historyTraces: number;
    let historyDone = '';
    try {
      const history = readSiteHistory(
        { content: options.content ?? folders.content, models: options.models ?? folders.models },
        claims,
        models,
        defaultModel.id,
        codeHash,
        summaryOf,
      );
      historyTraces = store.addHistory(history, claims);
      keepHistory(history);
      // The browse pages after the first are rendered from the store too: its listing, in the same transaction.
      store.addListing(
        browseRows(claims.map(({ slug }) => ({ slug, trace: summaryOf(slug, defaultModel.id) }))),
        pageSize(),
      );
      historyDone = ((performance.now() - started) / 1000).toFixed(1);
      // And the compare pages after the first: each pair's rows past page 1, in the pages' order;
      // scripts/build.ts has them worked apart, on another core, and adds them to the store after.
      const compared = { claims, summary: summaryOf, model: modelOf, trace: traceOf };
      if (compareApartFromEnv(process.env)) store.compareApart();
      else
        store.addCompare(
          everyPairRows(
            compared,
            models.map((m) => m.id),
            pageSize(),
          ),
        );
    } catch (error) {
      store.abort();
      throw error;
    }
    const meta = store.finish(claims.length);
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    process.stdout.write(
      `Scored ${meta.traces} traces of ${meta.claims} claims into the trace store in ${scored} s; ` +
        `with every claim's history and its ${historyTraces} revision traces, ${historyDone} s; ` +
        (compareApartFromEnv(process.env)
          ? `the compare rows are worked apart.\n`
          : `with every pair's compare rows, ${seconds} s.\n`),
    );
  }
  const site: Site = {
    models,
    defaultModel,
    claims,
    codeHash,
    buildDate: built,
    commit,
    trace: traceOf,
    summary: summaryOf,
    model: modelOf,
    claim: (slug) => {
      const found = bySlug.get(slug);
      if (!found) throw new Error(`no claim ${slug}`);
      return found;
    },
    history: (slug) => gitHistoryPage(site, slug),
  };
  cached = site;
  return site;
}
