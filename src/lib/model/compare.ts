/**
 * Two models side by side: every declared value as a leaf path, which of them differ, and which
 * claims come out differently. Pure functions over models and trace results; pages only lay the
 * answers out.
 */
import { placesOf } from '../render/figures.ts';
import { DECIMAL_PATTERN } from '../../schemas/common.ts';
import { dec, type Model, type TraceResult } from '../../engine/index.ts';
import { byCodeUnit } from '../../engine/order.ts';
import { settingsTable, type SettingGroup } from './settingWords.ts';
import { pageCount, pagingOf, type Paging } from '../listing/browse.ts';
import { comparePagePath } from '../paths.ts';
import { LRUCache } from 'lru-cache';

/** A model's fields that describe the release rather than declare a number of the calculation. */
export const RELEASE_FIELDS: readonly string[] = ['name', 'version', 'released', 'basedOn', 'summary', 'changes'];

/** One declared value of a model: its path (`relevance.rumour`, `states[1].from`) and value. */
export interface Leaf {
  readonly path: string;
  /** The top-level field the leaf belongs to, e.g. `relevance`. */
  readonly section: string;
  /** The value as written; a list of plain values is one leaf, its items joined by ", ". */
  readonly value: string | null;
  /** The list's items when the leaf is a list of plain values. */
  readonly items?: readonly (string | null)[];
}

/** One row of a side-by-side table: the leaf under each model (`undefined` when not declared there). */
export interface SideBySideRow {
  readonly path: string;
  readonly section: string;
  readonly a: string | null | undefined;
  readonly b: string | null | undefined;
  readonly differs: boolean;
}

type Plain = string | number | boolean | null;
const isPlain = (value: unknown): value is Plain =>
  value === null || typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean';

/** Lists every leaf of a model in the order its fields are declared. */
export function leaves(model: Model): Leaf[] {
  const out: Leaf[] = [];
  const walk = (value: unknown, path: string, section: string): void => {
    if (isPlain(value)) {
      out.push({ path, section, value: value === null ? null : String(value) });
    } else if (Array.isArray(value)) {
      if (value.every(isPlain)) {
        const items = value.map((item) => (item === null ? null : String(item)));
        out.push({ path, section, value: items.map((item) => item ?? 'null').join(', '), items });
      } else {
        value.forEach((item, i) => walk(item, `${path}[${i}]`, section));
      }
    } else if (typeof value === 'object' && value !== undefined) {
      for (const [key, child] of Object.entries(value as Record<string, unknown>))
        walk(child, `${path}.${key}`, section);
    }
  };
  for (const [key, value] of Object.entries(model)) walk(value, key, key);
  return out;
}

/** Two plain values are the same when they are equal as text, or both decimals of equal value ("2.0" and "2"). */
function sameValue(a: string | null, b: string | null): boolean {
  if (a === b) return true;
  if (a === null || b === null) return false;
  return DECIMAL_PATTERN.test(a) && DECIMAL_PATTERN.test(b) && dec(a).equals(dec(b));
}

function sameLeaf(a: Leaf | undefined, b: Leaf | undefined): boolean {
  if (a === undefined || b === undefined) return a === b;
  if (a.items || b.items) {
    const x = a.items ?? [a.value];
    const y = b.items ?? [b.value];
    return x.length === y.length && x.every((item, i) => sameValue(item, y[i]!));
  }
  return sameValue(a.value, b.value);
}

/**
 * Every leaf of either model with its value under each, grouped by top-level field in `a`'s order
 * (fields and leaves only `b` declares follow those of `a` within their group).
 */
export function sideBySide(a: Model, b: Model, options: { includeRelease?: boolean } = {}): SideBySideRow[] {
  const keep = (leaf: Leaf): boolean => options.includeRelease === true || !RELEASE_FIELDS.includes(leaf.section);
  const la = leaves(a).filter(keep);
  const lb = leaves(b).filter(keep);
  const byPathA = new Map(la.map((leaf) => [leaf.path, leaf]));
  const byPathB = new Map(lb.map((leaf) => [leaf.path, leaf]));
  const sections = [...new Set([...la, ...lb].map((leaf) => leaf.section))];
  const rows: SideBySideRow[] = [];
  for (const section of sections) {
    const paths = [...new Set([...la, ...lb].filter((leaf) => leaf.section === section).map((leaf) => leaf.path))];
    for (const path of paths) {
      const x = byPathA.get(path);
      const y = byPathB.get(path);
      rows.push({ path, section, a: x?.value, b: y?.value, differs: !sameLeaf(x, y) });
    }
  }
  return rows;
}

/** Every declared value (release fields left out unless asked for) whose value differs between two models. */
export function modelDiff(a: Model, b: Model, options: { includeRelease?: boolean } = {}): SideBySideRow[] {
  return sideBySide(a, b, options).filter((row) => row.differs);
}

/** A claim's outcome under one model, as a comparison needs it. */
export interface Outcome {
  readonly state: string;
  readonly probability: string | null;
}

/** A claim that comes out differently under two models. */
export interface ClaimDifference {
  readonly slug: string;
  readonly statement: string;
  readonly a: Outcome;
  readonly b: Outcome;
  readonly stateDiffers: boolean;
  readonly probabilityDiffers: boolean;
  /** b − a with a sign, when both have a probability; null otherwise. */
  readonly change: string | null;
}

/** The claims to compare: each claim's result under the two models. */
export interface ClaimPair {
  readonly slug: string;
  readonly statement: string;
  readonly a: Pick<TraceResult, 'state' | 'probability'>;
  readonly b: Pick<TraceResult, 'state' | 'probability'>;
}

/** Writes a signed change, "+0.1234", "−0.0500" or "0.0000", with the places of the longer operand. */
export function signedChange(a: string, b: string): string {
  const delta = dec(b).minus(dec(a));
  const text = delta.abs().toFixed(Math.max(placesOf(a), placesOf(b)));
  return delta.isZero() ? text : `${delta.isNegative() ? '−' : '+'}${text}`;
}

/**
 * The claims whose state or probability differs between two models, biggest disagreement first:
 * a change of state before a change of probability alone, a refusal against a number before any
 * numeric change, then by the size of the change, then by slug. Also how many agree.
 */
export function claimDifferences(pairs: readonly ClaimPair[]): { differ: ClaimDifference[]; agree: number } {
  const differ: ClaimDifference[] = [];
  for (const { slug, statement, a, b } of pairs) {
    const stateDiffers = a.state !== b.state;
    const probabilityDiffers =
      a.probability === null || b.probability === null
        ? a.probability !== b.probability
        : !dec(a.probability).equals(dec(b.probability));
    if (!stateDiffers && !probabilityDiffers) continue;
    const change = a.probability !== null && b.probability !== null ? signedChange(a.probability, b.probability) : null;
    differ.push({
      slug,
      statement,
      a: { state: a.state, probability: a.probability },
      b: { state: b.state, probability: b.probability },
      stateDiffers,
      probabilityDiffers,
      change,
    });
  }
  // A refusal against a number (no change) sorts above any change of probability, which is at most 1.
  const size = (d: ClaimDifference) =>
    d.a.probability === null || d.b.probability === null
      ? dec(2)
      : dec(d.b.probability).minus(dec(d.a.probability)).abs();
  differ.sort((x, y) => {
    if (x.stateDiffers !== y.stateDiffers) return x.stateDiffers ? -1 : 1;
    const bySize = size(y).comparedTo(size(x));
    if (bySize !== 0) return bySize;
    return byCodeUnit(x.slug, y.slug);
  });
  return { differ, agree: pairs.length - differ.length };
}

/** How far the released models disagree on one claim. */
export interface Disagreement {
  readonly slug: string;
  readonly statement: string;
  /** Distinct states the claim gets across the models. */
  readonly states: readonly string[];
  /** Largest minus smallest probability across the models that give one; null if fewer than two do. */
  readonly spread: string | null;
  /** The model giving the lowest and the highest probability (first in model order on ties). */
  readonly lowest: { readonly model: string; readonly probability: string } | null;
  readonly highest: { readonly model: string; readonly probability: string } | null;
}

/**
 * Ranks claims by how much the released models disagree on them: most distinct states first, then
 * the widest probability spread, then by slug. Claims every model agrees on are left out.
 */
export function disagreements(
  claims: readonly {
    readonly slug: string;
    readonly statement: string;
    readonly results: readonly {
      readonly model: string;
      readonly state: string;
      readonly probability: string | null;
    }[];
  }[],
): Disagreement[] {
  const out: Disagreement[] = [];
  for (const { slug, statement, results } of claims) {
    const states = [...new Set(results.map((r) => r.state))];
    const numbered = results.filter((r): r is typeof r & { probability: string } => r.probability !== null);
    let lowest: Disagreement['lowest'] = null;
    let highest: Disagreement['highest'] = null;
    for (const r of numbered) {
      if (lowest === null || dec(r.probability).lessThan(dec(lowest.probability)))
        lowest = { model: r.model, probability: r.probability };
      if (highest === null || dec(r.probability).greaterThan(dec(highest.probability)))
        highest = { model: r.model, probability: r.probability };
    }
    const spread =
      numbered.length >= 2 && lowest && highest
        ? signedChange(lowest.probability, highest.probability).replace('+', '')
        : null;
    if (states.length < 2 && (spread === null || dec(spread).isZero())) continue;
    out.push({ slug, statement, states, spread, lowest, highest });
  }
  const spreadOf = (d: Disagreement) => (d.spread === null ? dec(0) : dec(d.spread));
  return out.sort(
    (x, y) => y.states.length - x.states.length || spreadOf(y).comparedTo(spreadOf(x)) || byCodeUnit(x.slug, y.slug),
  );
}

/** The claims paired up under two models, from a lookup of traces. */
export function claimPairs(
  claims: readonly { readonly slug: string; readonly claim: { readonly statement: string } }[],
  traceOf: (slug: string, model: string) => { readonly result: Pick<TraceResult, 'state' | 'probability'> },
  a: string,
  b: string,
): ClaimPair[] {
  return claims.map(({ slug, claim }) => ({
    slug,
    statement: claim.statement,
    a: traceOf(slug, a).result,
    b: traceOf(slug, b).result,
  }));
}

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
            claims: siteCompareView(
              { claims: site.claims, summary: traceOf, model: (id) => ({ model: byId.get(id)! }) },
              a,
              b,
            ).differ.length,
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
