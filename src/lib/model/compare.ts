/**
 * The compare pages' views of two models, or of all of them: their settings side by side
 * (sideBySide.ts) and the claims that come out differently (claimOutcomes.ts), worked out once and
 * paged. Pure functions; pages only lay the answers out.
 */
import type { Model, TraceResult } from '../../engine/index.ts';
import { modelDiff, sideBySide, type SideBySideRow } from './sideBySide.ts';
import {
  differingCount,
  claimDifferences,
  claimPairs,
  disagreements,
  type ClaimDifference,
  type ClaimPair,
  type Disagreement,
  type Outcome,
} from './claimOutcomes.ts';
import { settingsTable, type SettingGroup } from './settingWords.ts';
import { pageCount, pagingOf, type Paging } from '../listing/paging.ts';
import { comparePagePath } from '../paths.ts';
import { LRUCache } from 'lru-cache';

/** Every ordered pair of distinct models. */
export function orderedPairs<T>(items: readonly T[]): [T, T][] {
  return items.flatMap((a) => items.filter((b) => b !== a).map((b): [T, T] => [a, b]));
}

/** A claim that comes out the same under both models, with its outcome (under either). */
export interface Agreement {
  readonly slug: string;
  readonly statement: string;
  readonly outcome: Outcome;
}

/** What the page setting two models side by side shows, computed once. */
export interface CompareView {
  /** Every declared value of either model, with whether it differs. */
  readonly rows: readonly SideBySideRow[];
  /** The declared values that differ. */
  readonly differing: readonly SideBySideRow[];
  /** The two tables of settings in words: the ones that differ, and every one grouped by field (state names from A). */
  readonly tables: { readonly differing: readonly SettingGroup[]; readonly every: readonly SettingGroup[] };
  /** The claims that come out differently, biggest disagreement first. */
  readonly differ: readonly ClaimDifference[];
  /** The claims that come out the same, in the given order of claims. */
  readonly agreeing: readonly Agreement[];
}

/**
 * The comparison of two models over the claims: their declared values side by side and the claims
 * split into those that differ and those that agree (one pass with a set, not a search per claim).
 */
export function compareView(modelA: Model, modelB: Model, pairs: readonly ClaimPair[]): CompareView {
  const rows = sideBySide(modelA, modelB);
  const { differ } = claimDifferences(pairs);
  const differs = new Set(differ.map((d) => d.slug));
  const agreeing = pairs
    .filter((p) => !differs.has(p.slug))
    .map((p) => ({
      slug: p.slug,
      statement: p.statement,
      outcome: { state: p.a.state, probability: p.a.probability },
    }));
  const differing = rows.filter((r) => r.differs);
  return {
    rows,
    differing,
    tables: { differing: settingsTable(differing, modelA, false), every: settingsTable(rows, modelA, true) },
    differ,
    agreeing,
  };
}

/** One cell of the compare index's matrix: the model of its row beside the model of its column. */
export interface MatrixCell {
  readonly b: string;
  /** True on the diagonal, where a model would be set beside itself. */
  readonly self: boolean;
  /** How many claims come out differently, and how many declared values differ (0 on the diagonal). */
  readonly claims: number;
  readonly numbers: number;
}

/** What the compare index shows: every ordered pair of released models, and the claims they disagree on most. */
export interface CompareIndexView {
  readonly ids: readonly string[];
  readonly matrix: readonly { readonly a: string; readonly cells: readonly MatrixCell[] }[];
  /** The claims ranked by how much the models disagree on them, at most `shown`. */
  readonly ranked: readonly Disagreement[];
}

/** The compare index's matrix and ranking from each claim's result under every model. */
export function compareIndexView(
  site: {
    readonly models: readonly { readonly id: string; readonly model: Model }[];
    readonly claims: readonly { readonly slug: string; readonly claim: { readonly statement: string } }[];
    readonly summary: (slug: string, model: string) => { readonly result: Pick<TraceResult, 'state' | 'probability'> };
  },
  shown: number,
): CompareIndexView {
  const ids = site.models.map((m) => m.id);
  const byId = new Map(site.models.map((m) => [m.id, m.model]));
  const traceOf = (slug: string, model: string) => site.summary(slug, model);
  const matrix = ids.map((a) => ({
    a,
    cells: ids.map((b) =>
      a === b
        ? { b, self: true, claims: 0, numbers: 0 }
        : {
            b,
            self: false,
            // Counted claim by claim: the index needs no list of a pair's differences.
            claims: differingCount(
              site.claims.map(({ slug }) => ({ a: traceOf(slug, a).result, b: traceOf(slug, b).result })),
            ),
            numbers: modelDiff(byId.get(a)!, byId.get(b)!).length,
          },
    ),
  }));
  const ranked = disagreements(
    site.claims.map((c) => ({
      slug: c.slug,
      statement: c.claim.statement,
      results: ids.map((model) => ({ model, ...site.summary(c.slug, model).result })),
    })),
  );
  return { ids, matrix, ranked: ranked.slice(0, shown) };
}

/**
 * One page of a comparison's claims. The claims run in one order across the pages: those that come
 * out differently first (biggest disagreement first), then those that agree; each page holds
 * `size` of them, so a page never lists every claim of a large ledger.
 */
export interface ComparePage {
  /** The claims that come out differently on this page. */
  readonly differ: readonly ClaimDifference[];
  /** The claims that agree on this page. */
  readonly agreeing: readonly Agreement[];
  /** How many claims differ and agree on every page together. */
  readonly differTotal: number;
  readonly agreeTotal: number;
  /** Where the page sits among the pair's pages, with the links of its pager. */
  readonly paging: Paging;
}

/** How many pages a comparison of `claims` claims fills at `size` a page (at least one). */
export const comparePageCount = (claims: number, size: number): number => pageCount(claims, size);

/** Page `page` (from 1) of the comparison of models `a` and `b` at `size` claims a page. */
export function comparePage(
  view: Pick<CompareView, 'differ' | 'agreeing'>,
  a: string,
  b: string,
  page: number,
  size: number,
): ComparePage {
  const total = view.differ.length + view.agreeing.length;
  const pages = comparePageCount(total, size);
  if (!Number.isInteger(page) || page < 1 || page > pages) throw new Error(`no page ${page} of ${a} beside ${b}`);
  const start = (page - 1) * size;
  const end = Math.min(total, start + size);
  const split = view.differ.length;
  return {
    differ: view.differ.slice(Math.min(start, split), Math.min(end, split)),
    agreeing: view.agreeing.slice(Math.max(0, start - split), Math.max(0, end - split)),
    differTotal: view.differ.length,
    agreeTotal: view.agreeing.length,
    paging: pagingOf(total, page, size, (n) => comparePagePath(a, b, n)),
  };
}

/**
 * The comparisons worked out last, per list of claims (one per build, shared by every view of the
 * site) and pair: a pair's pages are rendered one after the other and sort the same claims. Only
 * the most recent pairs are kept, so that a build does not hold every pair's rows of every claim
 * until it ends.
 */
const RECENT_PAIRS = 2;
const pairViews = new WeakMap<object, LRUCache<string, CompareView>>();

/** The comparison of two of a site's models over all its claims, worked out once per pair however many pages ask. */
export function siteCompareView(
  site: {
    readonly claims: readonly { readonly slug: string; readonly claim: { readonly statement: string } }[];
    readonly summary: (slug: string, model: string) => { readonly result: Pick<TraceResult, 'state' | 'probability'> };
    readonly model: (id: string) => { readonly model: Model };
  },
  a: string,
  b: string,
): CompareView {
  const views = pairViews.get(site.claims) ?? new LRUCache<string, CompareView>({ max: RECENT_PAIRS });
  pairViews.set(site.claims, views);
  const key = `${a} ${b}`;
  let view = views.get(key);
  if (view === undefined) {
    view = compareView(site.model(a).model, site.model(b).model, claimPairs(site.claims, site.summary, a, b));
    views.set(key, view);
  }
  return view;
}
