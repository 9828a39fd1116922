/**
 * The claim listing on the home page: one row per claim under the default model, filtered by type
 * and state and sorted. Every combination is a pre-rendered page (so filtering works with
 * JavaScript off); `public/js/filter.js` repeats the same filtering and ordering in place.
 */
import { dec, INSUFFICIENT_EVIDENCE, NOT_APPLICABLE } from '../../engine/index.ts';
import type { Site, TraceSummary } from '../site/site.ts';

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
export function typeChoices(rows: readonly BrowseRow[]): Choice[] {
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
export function stateChoices(rows: readonly BrowseRow[], modelStates: readonly string[]): Choice[] {
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
export function describe(combination: Combination, rows: readonly BrowseRow[], modelStates: readonly string[]): string {
  const type = typeChoices(rows).find((c) => c.value === combination.type)?.label ?? combination.type;
  const state = stateChoices(rows, modelStates).find((c) => c.value === combination.state)?.label ?? combination.state;
  const what = combination.type === ALL ? 'claims' : `${type} claims`;
  const where = combination.state === ALL ? '' : ` that are ${state}`;
  return `${what}${where}, ${SORT_LABELS[combination.sort]} first`;
}

/** The default model's listing: one row per claim (newest recorded first) and the model's states in order. */
export function defaultListing(site: Pick<Site, 'claims' | 'summary' | 'defaultModel'>): {
  rows: BrowseRow[];
  states: string[];
} {
  const model = site.defaultModel;
  return {
    rows: browseRows(site.claims.map((c) => ({ slug: c.slug, trace: site.summary(c.slug, model.id) }))),
    states: model.model.states.map((s) => s.state),
  };
}

/** What one listing page shows: its rows in order, which of them match, the filters and the status line. */
export interface ListingView {
  readonly combination: Combination;
  /** Every row, in the combination's order. */
  readonly ordered: readonly BrowseRow[];
  /** The slugs of the rows the filters keep. */
  readonly visible: ReadonlySet<string>;
  readonly total: number;
  readonly types: readonly Choice[];
  readonly states: readonly Choice[];
  readonly typeCounts: ReadonlyMap<string, number>;
  readonly stateCounts: ReadonlyMap<string, number>;
  /** The combination in words ("claims that are likely, newest recorded first"). */
  readonly what: string;
  /** The same with a capital first letter, for the page's title. */
  readonly title: string;
  readonly status: string;
}

/** The listing page of one combination, from the default model's rows (computed once per page). */
export function listingView(
  rows: readonly BrowseRow[],
  modelStates: readonly string[],
  combination: Combination,
): ListingView {
  const shown = filterRows(rows, combination.type, combination.state);
  const { types, states } = counts(rows, modelStates, combination.type, combination.state);
  const what = describe(combination, rows, modelStates);
  return {
    combination,
    ordered: sortRows(rows, combination.sort),
    visible: new Set(shown.map((r) => r.slug)),
    total: rows.length,
    types: typeChoices(rows),
    states: stateChoices(rows, modelStates),
    typeCounts: types,
    stateCounts: states,
    what,
    title: what.charAt(0).toUpperCase() + what.slice(1),
    status: `Showing ${shown.length} of ${rows.length} claims: ${what}.`,
  };
}
