/**
 * What a worker process knows of the site: the released models, the build's identity, and the one
 * claim its task is about, scored under every model. Enough of a Site for the claim's pages and
 * traces (claimArticleHtml reads its own claim's traces and the models), nothing of other claims.
 */
import { createScorer, type Scorer, type Trace } from '../../../engine/index.ts';
import type { LoadedModel } from '../../input/load.ts';
import { summarise, type SiteClaim, type TraceSummary } from '../records.ts';
import type { Site } from '../types.ts';

/** What every worker of a build's pool is started with: the same for every task. */
export interface PoolSite {
  /** The released models in the site's order, the default first. */
  readonly models: readonly LoadedModel[];
  readonly codeHash: string;
  readonly buildDate: string;
  readonly commit: string | null;
  /** The site's public address (Astro's `site`). */
  readonly siteUrl: string;
  /** The folder the build writes into, where a worker writes whole claim pages (absolute). */
  readonly outDir?: string;
}

/** The engine's scorer of every model, made once per worker. */
export function scorersOf(init: PoolSite): Map<string, Scorer> {
  return new Map(init.models.map(({ id, model }) => [id, createScorer(model, init.codeHash)]));
}

/** A Site holding `claim` alone, its traces scored on first use by `scorers`. */
export function claimSite(init: PoolSite, scorers: ReadonlyMap<string, Scorer>, claim: SiteClaim): Site {
  const traces = new Map<string, Trace>();
  const byId = new Map(init.models.map((m) => [m.id, m]));
  const modelOf = (id: string): LoadedModel => {
    const found = byId.get(id);
    if (!found) throw new Error(`no model ${id}`);
    return found;
  };
  const traceOf = (slug: string, model: string): Trace => {
    if (slug !== claim.slug) throw new Error(`no claim ${slug} in this task (it holds ${claim.slug})`);
    let trace = traces.get(model);
    if (trace === undefined) {
      modelOf(model);
      trace = scorers.get(model)!.score(slug, claim.claim);
      traces.set(model, trace);
    }
    return trace;
  };
  return {
    models: init.models,
    defaultModel: init.models[0]!,
    claims: [claim],
    codeHash: init.codeHash,
    buildDate: init.buildDate,
    commit: init.commit,
    trace: traceOf,
    summary: (slug, model): TraceSummary => summarise(traceOf(slug, model)),
    model: modelOf,
    claim: (slug) => {
      if (slug !== claim.slug) throw new Error(`no claim ${slug} in this task (it holds ${claim.slug})`);
      return claim;
    },
    history: () => {
      throw new Error('a claim page task has no history');
    },
  };
}
