/**
 * What one page of a comparison's claims shows (CompareClaims), worked out two ways that must agree:
 * from every claim of the site (a build), or from the page's own rows and the pair's two counts (a
 * server, from the trace store's compare tables, so that a later page never reads every claim).
 */
import { pagingOf, pageCount, type Paging } from '../listing/browse.ts';
import { comparePagePath } from '../paths.ts';
import type { Site } from '../site/site.ts';
import {
  comparePage,
  orderedPairs,
  siteCompareView,
  type Agreement,
  type ClaimDifference,
  type CompareView,
} from './compare.ts';
import { reasonSentence, stateReasons } from './stateReasons.ts';

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

/** What moved each claim's state, as sentences; whole traces are read only for a change of state. */
function withReasons(site: CompareSite, a: string, b: string, differ: readonly ClaimDifference[]): DifferenceLine[] {
  const models = { a: site.model(a).model, b: site.model(b).model, aId: a, bId: b };
  return differ.map((d) => ({
    ...d,
    reasons: d.stateDiffers
      ? stateReasons(models, site.trace(d.slug, a), site.trace(d.slug, b)).map((r) => ({
          path: r.path,
          sentence: reasonSentence(r, a, b),
        }))
      : [],
  }));
}

/** Page `page` (from 1) of the comparison of `a` and `b` from every claim of the site. */
export function comparePageView(site: CompareSite, a: string, b: string, page: number, size: number): ComparePageView {
  const shown = comparePage(siteCompareView(site, a, b), a, b, page, size);
  return {
    a,
    b,
    page,
    claims: site.claims.length,
    differ: withReasons(site, a, b, shown.differ),
    agreeing: shown.agreeing,
    differTotal: shown.differTotal,
    agreeTotal: shown.agreeTotal,
    paging: shown.paging,
  };
}

/**
 * Every claim of the comparison of `a` and `b` from position `from` (0: the first), in the pages'
 * order (those that differ, biggest disagreement first, then those that agree), with its position:
 * what a server build writes into the store, whose ranks a page's SELECT then orders by, so SQL
 * never compares a decimal. Also the pair's counts.
 */
export function compareRows(
  site: CompareSite,
  a: string,
  b: string,
  from: number,
): { rows: { rank: number; row: CompareRow }[]; count: CompareCount } {
  const view: Pick<CompareView, 'differ' | 'agreeing'> = siteCompareView(site, a, b);
  const split = view.differ.length;
  const differ = withReasons(site, a, b, view.differ.slice(from));
  const rows = [
    ...differ.map((d, i) => ({ rank: from + i, row: { differ: d } })),
    ...view.agreeing
      .slice(Math.max(0, from - split))
      .map((agree, i) => ({ rank: Math.max(from, split) + i, row: { agree } })),
  ];
  return { rows, count: { a, b, differ: split, agree: view.agreeing.length } };
}

/**
 * compareRows of every ordered pair of the models `ids`, a pair at a time (a generator): what a
 * server build writes, holding one pair's rows and never every pair's.
 */
export function* everyPairRows(
  site: CompareSite,
  ids: readonly string[],
  from: number,
): Generator<ReturnType<typeof compareRows>> {
  for (const [a, b] of orderedPairs(ids)) yield compareRows(site, a, b, from);
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
