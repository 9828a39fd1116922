/**
 * The claim listing on the home page: one row per claim under the default model, filtered by type
 * and state and sorted. Every combination is a pre-rendered page (so filtering works with
 * JavaScript off); `public/js/filter.js` repeats the same filtering and ordering in place.
 */
import { dec, INSUFFICIENT_EVIDENCE, NOT_APPLICABLE } from '../../engine/index.ts';
import { assetPath, browsePath } from '../paths.ts';
import { idWords } from '../render/words.ts';
import type { Site } from '../site/types.ts';
import type { TraceSummary } from '../site/records.ts';

/** The orders the listing can be sorted in. */
export const SORTS = ['recorded', 'probability', 'coverage'] as const;
/** One of the listing's orders. */
export type Sort = (typeof SORTS)[number];

/** What each order is called on the page. */
export const SORT_LABELS: Readonly<Record<Sort, string>> = {
  recorded: 'newest recorded',
  probability: 'highest probability',
  coverage: 'most reviewed',
};

/** The filter value that matches everything. */
export const ALL = 'all';

/** One claim as the listing shows it. */
export interface BrowseRow {
  readonly slug: string;
  readonly statement: string;
  readonly type: string;
  /** The type as it stands in a URL segment (see `typeSegments`). */
  readonly typeSegment: string;
  readonly state: string;
  readonly probability: string | null;
  /** Why there is no probability, when there is none. */
  readonly reason: string | null;
  readonly stability: string | null;
  readonly coverage: { readonly done: number; readonly declared: number; readonly value: string };
  readonly gradient: { readonly value: string; readonly status: string };
  readonly recorded: string;
  /** Position in the default order (newest recorded first), the tie-break of every order. */
  readonly index: number;
}

/**
 * URL segments for claim types: the type itself when it is a plain identifier, otherwise a
 * lower-case slug; a type that would read as `all`, or two that would collide, get a suffix.
 */
export function typeSegments(types: readonly string[]): Map<string, string> {
  const out = new Map<string, string>();
  const used = new Set<string>([ALL]);
  const plainType = (type: string) => /^[a-z0-9][a-z0-9._-]*$/.test(type);
  // Plain identifiers first, so that a type keeps its own name whenever it can.
  const ordered = [...new Set(types)].sort(
    (x, y) => Number(plainType(y)) - Number(plainType(x)) || (x < y ? -1 : x > y ? 1 : 0),
  );
  for (const type of ordered) {
    let base = plainType(type)
      ? type
      : type
          .toLowerCase()
          .replace(/[^a-z0-9._-]+/g, '-')
          .replace(/^[-._]+|-+$/g, '') || 'type';
    if (base === ALL) base = 'type-all';
    let segment = base;
    for (let n = 2; used.has(segment); n += 1) segment = `${base}-${n}`;
    used.add(segment);
    out.set(type, segment);
  }
  return out;
}

/** Rows for claims (given newest recorded first) from their traces under one model. */
export function browseRows(claims: readonly { readonly slug: string; readonly trace: TraceSummary }[]): BrowseRow[] {
  const segments = typeSegments(claims.map((c) => c.trace.input.type));
  return claims.map(({ slug, trace }, index) => {
    const { result, input } = trace;
    return {
      slug,
      statement: input.statement,
      type: input.type,
      typeSegment: segments.get(input.type)!,
      state: result.state,
      probability: result.probability,
      reason: result.reason,
      stability: result.stability?.level ?? null,
      coverage: result.coverage,
      gradient: result.gradient,
      recorded: input.recorded,
      index,
    };
  });
}

/** A filter choice: its URL segment, what the page calls it, and how many rows it would show. */
export interface Choice {
  readonly value: string;
  readonly label: string;
}

/** The type filter's choices: all, then every type present, alphabetically. */
export function typeChoices(rows: readonly Pick<BrowseRow, 'type' | 'typeSegment'>[]): Choice[] {
  const seen = new Map<string, string>();
  for (const row of rows) seen.set(row.typeSegment, row.type);
  return [
    { value: ALL, label: 'all types' },
    ...[...seen]
      .sort((x, y) => (x[1] < y[1] ? -1 : x[1] > y[1] ? 1 : 0))
      .map(([value, label]) => ({ value, label: label.replaceAll('-', ' ') })),
  ];
}

/**
 * The state filter's choices: all, then every state present, in the model's order of states
 * (lowest first), then insufficient evidence and not applicable, then any other.
 */
export function stateChoices(rows: readonly Pick<BrowseRow, 'state'>[], modelStates: readonly string[]): Choice[] {
  const order = [...modelStates, INSUFFICIENT_EVIDENCE, NOT_APPLICABLE];
  const rank = (state: string) => (order.includes(state) ? order.indexOf(state) : order.length);
  const present = [...new Set(rows.map((r) => r.state))].sort(
    (x, y) => rank(x) - rank(y) || (x < y ? -1 : x > y ? 1 : 0),
  );
  return [
    { value: ALL, label: 'all states' },
    ...present.map((state) => ({ value: state, label: state.replaceAll('-', ' ') })),
  ];
}

/** One pre-rendered page of the listing. */
export interface Combination {
  readonly type: string;
  readonly state: string;
  readonly sort: Sort;
}

/** Every combination of type × state × sort the site renders. */
export function combinations(rows: readonly BrowseRow[], modelStates: readonly string[]): Combination[] {
  const out: Combination[] = [];
  for (const { value: type } of typeChoices(rows))
    for (const { value: state } of stateChoices(rows, modelStates))
      for (const sort of SORTS) out.push({ type, state, sort });
  return out;
}

/** True for a combination that is the home page itself. */
export const isHome = ({ type, state, sort }: Combination): boolean =>
  type === ALL && state === ALL && sort === 'recorded';

/** The rows a type and state filter keep, in their given order. */
export function filterRows(rows: readonly BrowseRow[], type: string, state: string): BrowseRow[] {
  return rows.filter((row) => (type === ALL || row.typeSegment === type) && (state === ALL || row.state === state));
}

/**
 * Rows in an order: newest recorded first; highest probability first (claims with no probability
 * last); highest review coverage first. Ties keep the default order. filter.js sorts the same way.
 */
export function sortRows(rows: readonly BrowseRow[], sort: Sort): BrowseRow[] {
  const key = (row: BrowseRow): string | null =>
    sort === 'probability' ? row.probability : sort === 'coverage' ? row.coverage.value : null;
  return [...rows].sort((x, y) => {
    if (sort === 'recorded') {
      if (x.recorded !== y.recorded) return x.recorded < y.recorded ? 1 : -1;
      return x.index - y.index;
    }
    const kx = key(x);
    const ky = key(y);
    if (kx === null || ky === null) {
      if (kx !== ky) return kx === null ? 1 : -1;
      return x.index - y.index;
    }
    return dec(ky).comparedTo(dec(kx)) || x.index - y.index;
  });
}

/** How many rows each type choice would show under a state filter, and each state choice under a type filter. */
export function counts(
  rows: readonly BrowseRow[],
  modelStates: readonly string[],
  type: string,
  state: string,
): { types: Map<string, number>; states: Map<string, number> } {
  const types = new Map(typeChoices(rows).map(({ value }) => [value, filterRows(rows, value, state).length]));
  const states = new Map(
    stateChoices(rows, modelStates).map(({ value }) => [value, filterRows(rows, type, value).length]),
  );
  return { types, states };
}

/** A sentence naming a combination, for titles and the listing's status line. */
export function describe(
  combination: Combination,
  rows: readonly Pick<BrowseRow, 'type' | 'typeSegment' | 'state'>[],
  modelStates: readonly string[],
): string {
  const type = typeChoices(rows).find((c) => c.value === combination.type)?.label ?? combination.type;
  const state = stateChoices(rows, modelStates).find((c) => c.value === combination.state)?.label ?? combination.state;
  const what = combination.type === ALL ? 'claims' : `${type} claims`;
  const where = combination.state === ALL ? '' : ` that are ${state}`;
  return `${what}${where}, ${SORT_LABELS[combination.sort]} first`;
}

/** The default listing of each site a build has asked for it (a site is read once per build). */
const listings = new WeakMap<object, { readonly rows: readonly BrowseRow[]; readonly states: readonly string[] }>();

/**
 * The default model's listing: one row per claim (newest recorded first) and the model's states in
 * order. Worked out once per site: every listing page asks for it, and each of a large site's two
 * hundred first pages used to make a row of every claim again.
 */
export function defaultListing(site: Pick<Site, 'claims' | 'summary' | 'defaultModel'>): {
  readonly rows: readonly BrowseRow[];
  readonly states: readonly string[];
} {
  const known = listings.get(site);
  if (known !== undefined) return known;
  const model = site.defaultModel;
  const listing = {
    rows: browseRows(site.claims.map((c) => ({ slug: c.slug, trace: site.summary(c.slug, model.id) }))),
    states: model.model.states.map((s) => s.state),
  };
  listings.set(site, listing);
  return listing;
}

/** The first page of every claim under the default model, newest recorded first: what the home page and `/claims/` list. */
export function everyClaimView(site: Pick<Site, 'claims' | 'summary' | 'defaultModel'>): ListingView {
  const { rows, states } = defaultListing(site);
  return listingView(rows, states, { type: ALL, state: ALL, sort: 'recorded' });
}

/** How many claims a listing page lists unless `LEDGER_PAGE_SIZE` says otherwise. */
export const DEFAULT_PAGE_SIZE = 100;

/**
 * The listing's page size: `LEDGER_PAGE_SIZE` when set (a whole number of at least 1, so that a
 * test can page 27 claims), else 100. A bad value stops the build with a message naming it.
 */
export function pageSize(env: Readonly<Record<string, string | undefined>> = process.env): number {
  const raw = env['LEDGER_PAGE_SIZE'];
  if (raw === undefined || raw.trim() === '') return DEFAULT_PAGE_SIZE;
  if (!/^[1-9][0-9]{0,6}$/.test(raw.trim()))
    throw new Error(`LEDGER_PAGE_SIZE: must be a whole number from 1 to 9999999, not ${JSON.stringify(raw)}`);
  return Number(raw.trim());
}

/** How many pages `total` rows fill at `size` a page: at least one, so an empty listing still has its page. */
export const pageCount = (total: number, size: number): number => Math.max(1, Math.ceil(total / size));

/** The address of one page of a combination: page 1 at the combination's own address, later ones below it. */
export function listingPath(combination: Combination, page: number): string {
  const { type, state, sort } = combination;
  return page <= 1 ? browsePath(type, state, sort) : assetPath(`browse/${type}/${state}/${sort}/${page}/`);
}

/** One page link of a listing's pager. */
export interface PageLink {
  readonly page: number;
  readonly href: string;
  readonly current: boolean;
}

/** Where a listing page sits among its combination's pages: links to every page, and the neighbours. */
export interface Paging {
  readonly page: number;
  readonly pages: number;
  /** The 1-based numbers of the first and last row on this page (0 and 0 on an empty listing). */
  readonly first: number;
  readonly last: number;
  readonly links: readonly PageLink[];
  readonly prev: string | null;
  readonly next: string | null;
}

/**
 * The paging of page `page` of `total` rows at `size` a page, page n's address being `pathOf(n)`:
 * the browse listings' and the compare pages' pager alike.
 */
export function pagingOf(total: number, page: number, size: number, pathOf: (page: number) => string): Paging {
  const pages = pageCount(total, size);
  const links = Array.from({ length: pages }, (_, i) => ({
    page: i + 1,
    href: pathOf(i + 1),
    current: i + 1 === page,
  }));
  return {
    page,
    pages,
    first: total === 0 ? 0 : (page - 1) * size + 1,
    last: Math.min(total, page * size),
    links,
    prev: page > 1 ? pathOf(page - 1) : null,
    next: page < pages ? pathOf(page + 1) : null,
  };
}

/** The paging of page `page` of a combination with `total` matching rows. */
export function paging(combination: Combination, total: number, page: number, size: number): Paging {
  return pagingOf(total, page, size, (n) => listingPath(combination, n));
}

/** Every page a build writes: each combination's first page, and later pages only where rows fill them. */
export function listingPages(
  rows: readonly BrowseRow[],
  modelStates: readonly string[],
  size: number,
): { combination: Combination; page: number }[] {
  const out: { combination: Combination; page: number }[] = [];
  for (const combination of combinations(rows, modelStates)) {
    const pages = pageCount(filterRows(rows, combination.type, combination.state).length, size);
    for (let page = 1; page <= pages; page += 1) out.push({ combination, page });
  }
  return out;
}

/** What one listing page shows: its rows in order, the filters, the status line and the pager. */
export interface ListingView {
  readonly combination: Combination;
  /** The rows this page lists, in the combination's order. */
  readonly listed: readonly BrowseRow[];
  /** How many rows match the combination (on every page together). */
  readonly matching: number;
  readonly total: number;
  /** True when this page lists every claim, so that filter.js can filter its rows without fetching. */
  readonly complete: boolean;
  readonly types: readonly Choice[];
  readonly states: readonly Choice[];
  readonly typeCounts: ReadonlyMap<string, number>;
  readonly stateCounts: ReadonlyMap<string, number>;
  /** The combination in words ("claims that are likely, newest recorded first"). */
  readonly what: string;
  /** The same with a capital first letter (and the page number after page 1), for the page's title. */
  readonly title: string;
  readonly status: string;
  readonly paging: Paging;
  /** How many rows a page lists (the build's page size: a server renders with the store's). */
  readonly size: number;
}

/** One page of the listing of one combination, from the default model's rows (computed once per page). */
export function listingView(
  rows: readonly BrowseRow[],
  modelStates: readonly string[],
  combination: Combination,
  page = 1,
  size = pageSize(),
): ListingView {
  const shown = sortRows(filterRows(rows, combination.type, combination.state), combination.sort);
  const { types, states } = counts(rows, modelStates, combination.type, combination.state);
  const pager = paging(combination, shown.length, page, size);
  return pageView(
    {
      combination,
      listed: shown.slice(pager.first === 0 ? 0 : pager.first - 1, pager.last),
      matching: shown.length,
      total: rows.length,
      types: typeChoices(rows),
      states: stateChoices(rows, modelStates),
      typeCounts: types,
      stateCounts: states,
      what: describe(combination, rows, modelStates),
      paging: pager,
      size,
    },
    page,
  );
}

/** What a listing page counted, from every row (listingView) or from a store's counts (listingViewOf). */
type Counted = Omit<ListingView, 'complete' | 'title' | 'status'>;

/** A listing page's view from what it counted: its title and status line are written here, once. */
function pageView(counted: Counted, page: number): ListingView {
  const { what, paging: pager } = counted;
  const range = pager.pages > 1 ? ` (${pager.first} to ${pager.last} on this page, ${page} of ${pager.pages})` : '';
  const title = what.charAt(0).toUpperCase() + what.slice(1);
  return {
    ...counted,
    complete: counted.listed.length === counted.total,
    title: page > 1 ? `${title}, page ${page}` : title,
    status: `Showing ${counted.matching} of ${counted.total} claims${range}: ${what}.`,
  };
}

/** The compact listing filter.js loads when a page does not hold every claim. */
export const listingScriptPath = (): string => assetPath('browse/listing.js');

/** One claim in the compact listing: what a row of the table shows, ids already in words. */
export interface CompactRow {
  /** Address of the claim's page. */
  readonly h: string;
  /** Statement, and why there is no number (or null). */
  readonly s: string;
  readonly r: string | null;
  /** Type segment and the type in words. */
  readonly t: string;
  readonly tw: string;
  /** State id (for the badge's class and the filter) and probability (null when refused). */
  readonly st: string;
  readonly p: string | null;
  /** Stability level, coverage value, reviews done and declared, gradient value and status in words. */
  readonly sb: string | null;
  readonly c: string;
  readonly cd: number;
  readonly cn: number;
  readonly g: string;
  readonly gw: string;
  /** Recorded date and the position in the default order. */
  readonly d: string;
  readonly i: number;
}

/** The compact listing of every row, in the default order, for filter.js. */
export function compactListing(rows: readonly BrowseRow[], pathOf: (slug: string) => string): { rows: CompactRow[] } {
  return {
    rows: rows.map((row) => ({
      h: pathOf(row.slug),
      s: row.statement,
      r: row.reason,
      t: row.typeSegment,
      tw: idWords(row.type),
      st: row.state,
      p: row.probability,
      sb: row.stability,
      c: row.coverage.value,
      cd: row.coverage.done,
      cn: row.coverage.declared,
      g: row.gradient.value,
      gw: idWords(row.gradient.status),
      d: row.recorded,
      i: row.index,
    })),
  };
}

/** The page listing every claim, `/claims/`. */
export const claimsPath = (): string => assetPath('claims/');

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
