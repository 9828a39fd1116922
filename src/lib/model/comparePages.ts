/**
 * What one page of a comparison's claims shows (CompareClaims), worked out two ways that must agree:
 * from every claim of the site (a build), or from the page's own rows and the pair's two counts (a
 * server, from the trace store's compare tables, so that a later page never reads every claim).
 */
import { pagingOf, pageCount, type Paging } from '../listing/paging.ts';
import { comparePagePath } from '../paths.ts';
import type { Site } from '../site/types.ts';
import type { SettingMove } from '../../engine/explain/index.ts';
import type { Trace } from '../../engine/index.ts';
import { comparePage, orderedPairs, siteCompareView, type Agreement } from './compare.ts';
import type { ClaimDifference } from './claimOutcomes.ts';
import { moveReasons, reasonsFrom, type ModelPair } from './moveReasons.ts';

/** One setting that moved a claim's state, as the page lists it: its path and its sentence. */
export interface ReasonLine {
  readonly path: string;
  readonly sentence: string;
}

/** A claim that comes out differently, with what moved its state (empty when only the probability moved). */
export interface DifferenceLine extends ClaimDifference {
  readonly reasons: readonly ReasonLine[];
}

/** One claim of a comparison in the pair's order, as a store holds it: a difference or an agreement. */
export type CompareRow = { readonly differ: DifferenceLine } | { readonly agree: Agreement };

/** How many claims of a pair come out differently and how many agree. */
export interface CompareCount {
  readonly a: string;
  readonly b: string;
  readonly differ: number;
  readonly agree: number;
}

/** What one page of a comparison's claims shows. */
export interface ComparePageView {
  readonly a: string;
  readonly b: string;
  readonly page: number;
  /** Every claim of the ledger (each is compared). */
  readonly claims: number;
  readonly differ: readonly DifferenceLine[];
  readonly agreeing: readonly Agreement[];
  readonly differTotal: number;
  readonly agreeTotal: number;
  readonly paging: Paging;
}

type CompareSite = Pick<Site, 'claims' | 'summary' | 'model' | 'trace'>;

/**
 * The settings that moved a claim from model `a` to model `b` as this build already worked them (its
 * published explanation under `a`: null when the claim comes out the same), or undefined when they
 * are not known yet and are worked here.
 */
export type KnownMoves = (slug: string, a: string, b: string) => readonly SettingMove[] | null | undefined;

/** The two models of a pair as moveReasons takes them. */
const pairModels = (site: CompareSite, a: string, b: string): ModelPair => ({
  a: site.model(a).model,
  b: site.model(b).model,
  aId: a,
  bId: b,
});

/** A difference with the settings that moved it as sentences, for every claim that differs (as its claim page says). */
function withReasons(
  models: ModelPair,
  d: ClaimDifference,
  trace: (model: string) => Pick<Trace, 'input'>,
  known?: KnownMoves,
): DifferenceLine {
  const claim = trace(models.aId).input;
  const moves = known?.(d.slug, models.aId, models.bId);
  return { ...d, reasons: moves === undefined ? moveReasons(models, claim) : reasonsFrom(models, moves, claim) };
}

/**
 * Page `page` (from 1) of the comparison of `a` and `b` from every claim of the site; the settings
 * that moved each claim that differs are taken from `known` where it has them.
 */
export function comparePageView(
  site: CompareSite,
  a: string,
  b: string,
  page: number,
  size: number,
  known?: KnownMoves,
): ComparePageView {
  const shown = comparePage(siteCompareView(site, a, b), a, b, page, size);
  const models = pairModels(site, a, b);
  return {
    a,
    b,
    page,
    claims: site.claims.length,
    differ: shown.differ.map((d) => withReasons(models, d, (model) => site.summary(d.slug, model), known)),
    agreeing: shown.agreeing,
    differTotal: shown.differTotal,
    agreeTotal: shown.agreeTotal,
    paging: shown.paging,
  };
}

/** One claim of one pair as a store holds it: the pair, its position in the pages' order, and the row. */
export interface RankedCompareRow {
  readonly a: string;
  readonly b: string;
  readonly rank: number;
  readonly row: CompareRow;
}

/**
 * Every ordered pair of the models `ids`: its counts, and its claims from position `from` on (0:
 * the first) in the pages' order (those that differ, biggest disagreement first, then those that
 * agree) with that position, which a store's page SELECT orders by, so SQL never compares a
 * decimal. The rows come claim by claim (a generator), so a claim's whole traces are scored once
 * for all its pairs, and the caller holds one claim's rows at a time.
 */
export function everyPairRows(
  site: CompareSite,
  ids: readonly string[],
  from: number,
): { counts: CompareCount[]; rows: Iterable<RankedCompareRow> } {
  const pairs = orderedPairs(ids).map(([a, b]) => ({ a, b, view: siteCompareView(site, a, b) }));
  const counts = pairs.map(({ a, b, view }) => ({ a, b, differ: view.differ.length, agree: view.agreeing.length }));
  function* rows(): Generator<RankedCompareRow> {
    const index = new Map(site.claims.map((c, i) => [c.slug, i]));
    // Each pair's position of every claim, by the claim's index among the site's claims.
    const ranked = pairs.map(({ a, b, view }) => {
      const rank = new Int32Array(site.claims.length);
      const split = view.differ.length;
      view.differ.forEach((d, i) => (rank[index.get(d.slug)!] = i));
      view.agreeing.forEach((g, i) => (rank[index.get(g.slug)!] = split + i));
      return { a, b, view, rank, split, models: pairModels(site, a, b) };
    });
    for (const [i, { slug }] of site.claims.entries()) {
      const trace = (model: string): Pick<Trace, 'input'> => site.summary(slug, model);
      for (const { a, b, view, rank, split, models } of ranked) {
        const at = rank[i]!;
        if (at < from) continue;
        const row: CompareRow =
          at < split ? { differ: withReasons(models, view.differ[at]!, trace) } : { agree: view.agreeing[at - split]! };
        yield { a, b, rank: at, row };
      }
    }
  }
  return { counts, rows: rows() };
}

/** True when a build writes page `page` of `a` beside `b`: a pair it compares and a page its claims reach. */
export function comparePageExists(
  counts: readonly CompareCount[],
  a: string,
  b: string,
  page: number,
  size: number,
): boolean {
  const count = counts.find((c) => c.a === a && c.b === b);
  return (
    count !== undefined && Number.isInteger(page) && page >= 1 && page <= pageCount(count.differ + count.agree, size)
  );
}

/**
 * The same ComparePageView as comparePageView gives from every claim, from only the page's rows (in
 * the pair's order, as the store's ranks give them) and the pair's counts: what a server renders a
 * later compare page from.
 */
export function comparePageViewOf(
  rows: readonly CompareRow[],
  count: CompareCount,
  page: number,
  size: number,
): ComparePageView {
  const { a, b } = count;
  const total = count.differ + count.agree;
  const differ: DifferenceLine[] = [];
  const agreeing: Agreement[] = [];
  for (const row of rows) {
    if ('differ' in row) differ.push(row.differ);
    else agreeing.push(row.agree);
  }
  return {
    a,
    b,
    page,
    claims: total,
    differ,
    agreeing,
    differTotal: count.differ,
    agreeTotal: count.agree,
    paging: pagingOf(total, page, size, (n) => comparePagePath(a, b, n)),
  };
}
