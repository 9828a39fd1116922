/**
 * The listing as a server reads it from its store: how many rows each type and state has, each
 * row's rank in every order, and a later page's view made from its own rows and those counts.
 */
import {
  ALL,
  describe,
  pageView,
  paging,
  SORTS,
  sortRows,
  stateChoices,
  typeChoices,
  type BrowseRow,
  type Combination,
  type ListingView,
  type Sort,
} from './browse.ts';
import { pageCount } from './paging.ts';

/** One (type, state) pair present in the listing, with the type's own name and how many rows have both. */
export interface ListingCount {
  readonly typeSegment: string;
  readonly type: string;
  readonly state: string;
  readonly n: number;
}

/**
 * How many rows have each (type, state) pair present: all a later page's filters, counts, totals
 * and pager need, so that a server reads this small table (types × states) and never every row.
 */
export function listingCounts(rows: readonly BrowseRow[]): ListingCount[] {
  const pairs = new Map<string, { typeSegment: string; type: string; state: string; n: number }>();
  for (const { typeSegment, type, state } of rows) {
    const key = `${typeSegment}\n${state}`;
    const found = pairs.get(key);
    if (found) found.n += 1;
    else pairs.set(key, { typeSegment, type, state, n: 1 });
  }
  return [...pairs.values()];
}

/**
 * Every row's position (from 0) in each order over all rows, by slug: worked out here with
 * decimal.js (sortRows), so that a store orders a filtered page by an integer and never compares
 * decimals. Filtering keeps the relative order, so a filter's rows by rank are sortRows of them.
 */
export function listingRanks(rows: readonly BrowseRow[]): Map<string, Record<Sort, number>> {
  const ranks = new Map<string, Record<Sort, number>>(
    rows.map((row) => [row.slug, { recorded: 0, probability: 0, coverage: 0 }]),
  );
  for (const sort of SORTS) sortRows(rows, sort).forEach((row, i) => (ranks.get(row.slug)![sort] = i));
  return ranks;
}

/** How many rows the counts give a type and state filter. */
function counted(tally: readonly ListingCount[], type: string, state: string): number {
  let n = 0;
  for (const c of tally) if ((type === ALL || c.typeSegment === type) && (state === ALL || c.state === state)) n += c.n;
  return n;
}

/**
 * True when a build writes page `page` of `combination`: a type and a state present (or all), one
 * of the sorts, and a page its matching rows reach (page 1 always, as listingPages does).
 */
export function listingPageExists(
  tally: readonly ListingCount[],
  modelStates: readonly string[],
  combination: Combination,
  page: number,
  size: number,
): boolean {
  if (!SORTS.includes(combination.sort)) return false;
  if (!typeChoices(tally).some((c) => c.value === combination.type)) return false;
  if (!stateChoices(tally, modelStates).some((c) => c.value === combination.state)) return false;
  const pages = pageCount(counted(tally, combination.type, combination.state), size);
  return Number.isInteger(page) && page >= 1 && page <= pages;
}

/**
 * The same ListingView as listingView gives from every row, from only the page's own rows (in the
 * combination's order, as a store's ranks give them) and the counts (listingCounts): what a server
 * renders a later browse page from.
 */
export function listingViewOf(
  listed: readonly BrowseRow[],
  tally: readonly ListingCount[],
  modelStates: readonly string[],
  combination: Combination,
  page: number,
  size: number,
): ListingView {
  const matching = counted(tally, combination.type, combination.state);
  const types = typeChoices(tally);
  const states = stateChoices(tally, modelStates);
  return pageView(
    {
      combination,
      listed,
      matching,
      total: counted(tally, ALL, ALL),
      types,
      states,
      typeCounts: new Map(types.map(({ value }) => [value, counted(tally, value, combination.state)])),
      stateCounts: new Map(states.map(({ value }) => [value, counted(tally, combination.type, value)])),
      what: describe(combination, tally, modelStates),
      paging: paging(combination, matching, page, size),
      size,
    },
    page,
  );
}
