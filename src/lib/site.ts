/**
 * The site's data, computed once per build: every claim scored under every released model exactly
 * once. Pages read traces from here and never re-derive a number.
 *
 * What the build keeps for every trace is its summary (the trace without its working, which is
 * most of it); a page that shows a whole trace gets it scored again on demand, which the engine does
 * in microseconds and byte for byte the same, and the few most recent are kept. So the memory a
 * build holds grows with the claims' inputs and results, not with every trace's working.
 */
import { LRUCache } from 'lru-cache';
import { createScorer, inputHashOf, type Trace } from '../engine/index.ts';
import { buildCommit, buildDate, contentDates } from './buildInfo.ts';
import { ledgerFolders } from './folders.ts';
import { engineCodeHash, loadLedger, type LoadedClaim, type LoadedModel } from './load.ts';
import { InputError } from './problems.ts';
import { progress, type ProgressStream } from './progress.ts';
import { traceCacheFromEnv, type TraceCache, type TraceKey } from './traceCache.ts';

/** Everything a page may show. */
export interface Site {
  /** Released models, the default first, then newest release first. */
  readonly models: readonly LoadedModel[];
  readonly defaultModel: LoadedModel;
  /** Claims, newest recorded first, then by slug. */
  readonly claims: readonly SiteClaim[];
  readonly codeHash: string;
  readonly buildDate: string;
  readonly commit: string | null;
  /** The whole trace of a claim under a model, working included (scored again if not recent). */
  trace(slug: string, model: string): Trace;
  /** A claim's trace under a model without its working: all that listings, feeds and data read. */
  summary(slug: string, model: string): TraceSummary;
  /** A model by id. */
  model(id: string): LoadedModel;
  /** A claim by slug. */
  claim(slug: string): SiteClaim;
}

/** A claim as the site holds it: its file and inputs (the parse's line numbers are left behind). */
export type SiteClaim = Omit<LoadedClaim, 'parsed'>;

/** A trace without its working. */
export type TraceSummary = Omit<Trace, 'working'>;

/** The summary of a trace: every field but the working (the input is the claim's own object). */
export function summarise(trace: Trace): TraceSummary {
  const { traceFormat, claim, model, configHash, inputHash, codeHash, links, result, input } = trace;
  return { traceFormat, claim, model, configHash, inputHash, codeHash, links, result, input };
}

/** How many whole traces a build keeps at once: a claim page shows its own and reads every model's. */
const RECENT_TRACES = 64;

let cached: Site | null = null;

/**
 * How many traces a scoring pass worked out, how many it took from the cache, how many damaged
 * entries it wrote again and how many entries of other inputs it removed from the cache.
 */
export interface ScoreCount {
  readonly scored: number;
  readonly fromCache: number;
  readonly rewritten: number;
  readonly pruned: number;
}

/**
 * Every claim under every model, keyed `<slug> <model id>`: each trace is taken from the cache when
 * an entry for its exact inputs is there, else scored (once) and written to the cache. Progress
 * goes to standard error on a terminal, and a one-line count always does.
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
  let scored = 0;
  let rewritten = 0;
  const keys: TraceKey[] = [];
  for (const { id, model } of models) {
    const scorer = createScorer(model, codeHash);
    for (const { slug, claim } of claims) {
      const key = { inputHash: inputHashOf(claim), configHash: scorer.configHash, codeHash, slug };
      keys.push(key);
      const found = cache?.get(key);
      let trace = found?.trace ?? null;
      if (trace === null) {
        trace = scorer.score(slug, claim);
        scored += 1;
        if (found?.trace === null && found.reason === 'corrupt') rewritten += 1;
        cache?.put(key, trace);
      }
      traces.set(`${slug} ${id}`, keep(trace));
      bar.tick();
    }
  }
  // Entries of claims and models that changed or went would otherwise pile up build after build.
  const pruned = cache?.prune(keys) ?? 0;
  const notes = [
    ...(rewritten > 0 ? [`${rewritten} damaged cache ${rewritten === 1 ? 'entry' : 'entries'} rewritten`] : []),
    ...(pruned > 0 ? [`${pruned} stale cache ${pruned === 1 ? 'entry' : 'entries'} removed`] : []),
  ];
  bar.done(`scored ${scored} of ${total} traces (${[`${total - scored} from cache`, ...notes].join('; ')})`);
  return Object.assign(traces, { count: { scored, fromCache: total - scored, rewritten, pruned } });
}

/** Loads, validates and scores the repository's content (once per process). */
export function getSite(options: { content?: string; models?: string } = {}): Site {
  if (cached) return cached;
  const folders = ledgerFolders();
  const { ledger, problems } = loadLedger({
    content: options.content ?? folders.content,
    models: options.models ?? folders.models,
  });
  if (!ledger) throw new InputError(problems);
  const codeHash = engineCodeHash();
  const defaultModel = ledger.models.find((m) => m.id === ledger.defaultModel)!;
  const models = [
    defaultModel,
    ...ledger.models
      .filter((m) => m !== defaultModel)
      .sort((a, b) =>
        a.model.released < b.model.released ? 1 : a.model.released > b.model.released ? -1 : a.id < b.id ? -1 : 1,
      ),
  ];
  const claims: SiteClaim[] = ledger.claims.map(({ slug, file, claim }) => ({ slug, file, claim })).sort((a, b) =>
    a.claim.recorded < b.claim.recorded ? 1 : a.claim.recorded > b.claim.recorded ? -1 : a.slug < b.slug ? -1 : 1,
  );
  const summaries = scoreAll(models, claims, codeHash, traceCacheFromEnv(), process.stderr, summarise);
  const byId = new Map(models.map((m) => [m.id, m]));
  const bySlug = new Map(claims.map((c) => [c.slug, c]));
  const scorers = new Map(models.map((m) => [m.id, createScorer(m.model, codeHash)]));
  const recent = new LRUCache<string, Trace>({ max: RECENT_TRACES });
  const summaryOf = (slug: string, model: string): TraceSummary => {
    const summary = summaries.get(`${slug} ${model}`);
    if (!summary) throw new Error(`no trace for ${slug} under ${model}`);
    return summary;
  };
  cached = {
    models,
    defaultModel,
    claims,
    codeHash,
    buildDate: buildDate(process.env, { dates: () => contentDates(ledger.claims, ledger.models) }),
    commit: buildCommit(),
    trace: (slug, model) => {
      summaryOf(slug, model);
      const key = `${slug} ${model}`;
      let trace = recent.get(key);
      if (trace === undefined) {
        trace = scorers.get(model)!.score(slug, bySlug.get(slug)!.claim);
        recent.set(key, trace);
      }
      return trace;
    },
    summary: summaryOf,
    model: (id) => {
      const found = byId.get(id);
      if (!found) throw new Error(`no model ${id}`);
      return found;
    },
    claim: (slug) => {
      const found = bySlug.get(slug);
      if (!found) throw new Error(`no claim ${slug}`);
      return found;
    },
  };
  return cached;
}
