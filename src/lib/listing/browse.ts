/**
 * The claim listing on the home page: one row per claim under the default model, filtered by type
 * and state and sorted. Every combination is a pre-rendered page (so filtering works with
 * JavaScript off); `public/js/filter.js` repeats the same filtering and ordering in place.
 */
import { dec, INSUFFICIENT_EVIDENCE, NOT_APPLICABLE } from '../../engine/index.ts';
import { assetPath, browsePath } from '../paths.ts';
import type { Site } from '../site/types.ts';
import type { TraceSummary } from '../site/records.ts';
import { pageCount, pageSize, pagingOf, type Paging } from './paging.ts';

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
  if (sort === 'recorded')
    return [...rows].sort((x, y) =>
      x.recorded !== y.recorded ? (x.recorded < y.recorded ? 1 : -1) : x.index - y.index,
    );
  // Each row's figure read as a decimal once, not at every comparison of the sort.
  const keyed = rows.map((row) => {
    const text = sort === 'probability' ? row.probability : row.coverage.value;
    return { row, key: text === null ? null : dec(text) };
  });
  keyed.sort(({ row: x, key: kx }, { row: y, key: ky }) => {
    if (kx === null || ky === null) {
      if (kx !== ky) return kx === null ? 1 : -1;
      return x.index - y.index;
    }
    return ky.comparedTo(kx) || x.index - y.index;
  });
  return keyed.map(({ row }) => row);
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

/** The address of one page of a combination: page 1 at the combination's own address, later ones below it. */
export function listingPath(combination: Combination, page: number): string {
  const { type, state, sort } = combination;
  return page <= 1 ? browsePath(type, state, sort) : assetPath(`browse/${type}/${state}/${sort}/${page}/`);
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
export type Counted = Omit<ListingView, 'complete' | 'title' | 'status'>;

/** A listing page's view from what it counted: its title and status line are written here, once. */
export function pageView(counted: Counted, page: number): ListingView {
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

/** The page listing every claim, `/claims/`. */
export const claimsPath = (): string => assetPath('claims/');
