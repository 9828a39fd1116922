/**
 * A model with one setting taken from another, as the explanations score it: its rules made once
 * for every pair of models and setting, one object for every setting that makes the same model,
 * and its link weights taken from the page model's own rules wherever the setting cannot change
 * them, so that a substitution weighs (and keeps in its caches) only the links it changes.
 */
import { linkWeight, type LinkWeight } from '../linkWeight.ts';
import { rulesOf, type Rules } from '../rules.ts';
import type { EvidenceLink, Model } from '../types.ts';

/** The level tables a link names a level of. */
export const TABLES = ['relevance', 'observation', 'authenticity', 'extraction'] as const;
type LevelTable = (typeof TABLES)[number];
const LEVEL_TABLES: ReadonlySet<string> = new Set(TABLES);

/** A level table's own entry (none for a name it inherits). */
export const own = (table: Readonly<Record<string, string>>, key: string): string | undefined =>
  Object.hasOwn(table, key) ? table[key] : undefined;

/** Settings that step 2 never reads: a link weighs the same with either value. */
const weightless = (path: string): boolean =>
  path.startsWith('priors.') || path === 'states' || path === 'independence' || path === 'rounding.probability';

/**
 * Where substituted rules weigh as their page model does: every link (`table` null), or every link
 * whose level in `table` is not `level` (the one entry of the table the substitution changed).
 */
interface SameWeights {
  readonly page: Rules;
  readonly table: LevelTable | null;
  readonly level: string;
}
const sameWeights = new WeakMap<Rules, SameWeights>();

/** The page's model with one setting taken from the other model. */
export function substituted(page: Model, other: Model, path: string): Model {
  const dot = path.indexOf('.');
  const head = dot < 0 ? path : path.slice(0, dot);
  const key = dot < 0 ? '' : path.slice(dot + 1);
  switch (head) {
    case 'independence':
      return { ...page, independence: other.independence };
    case 'states':
      return { ...page, states: other.states };
    case 'interpretation':
    case 'rounding': {
      const table = page[head] as unknown as Record<string, string>;
      const from = other[head] as unknown as Record<string, string>;
      return { ...page, [head]: { ...table, [key]: from[key] } };
    }
    default: {
      const name = head as 'relevance' | 'observation' | 'authenticity' | 'extraction' | 'priors';
      const table: Record<string, string> = { ...page[name] };
      const value = own(other[name], key);
      if (value === undefined) delete table[key];
      else table[key] = value;
      return { ...page, [name]: table };
    }
  }
}

const byPair = new WeakMap<Model, WeakMap<Model, Map<string, Rules>>>();
const byContent = new WeakMap<Model, Map<string, Rules>>();

/** The rules of `page`'s model with the setting `path` (a `candidateSettings` path) from `other`. */
export function substitutedRules(page: Rules, other: Model, path: string): Rules {
  let byOther = byPair.get(page.model);
  if (byOther === undefined) byPair.set(page.model, (byOther = new WeakMap()));
  let byPath = byOther.get(other);
  if (byPath === undefined) byOther.set(other, (byPath = new Map<string, Rules>()));
  let rules = byPath.get(path);
  if (rules === undefined) {
    const model = substituted(page.model, other, path);
    let same = byContent.get(page.model);
    if (same === undefined) byContent.set(page.model, (same = new Map<string, Rules>()));
    const key = JSON.stringify(model);
    rules = same.get(key);
    if (rules === undefined) {
      same.set(key, (rules = rulesOf(model)));
      // The same content from another setting is the page's model itself (each setting changes
      // another part), whose every weight is the page's: the first setting's sharing holds for it.
      const dot = path.indexOf('.');
      if (weightless(path)) sameWeights.set(rules, { page, table: null, level: '' });
      else if (dot > 0 && LEVEL_TABLES.has(path.slice(0, dot)))
        sameWeights.set(rules, { page, table: path.slice(0, dot) as LevelTable, level: path.slice(dot + 1) });
    }
    byPath.set(path, rules);
  }
  return rules;
}

/**
 * Each link's weight under `rules`: the page model's where the substitution left it as it was
 * (whether `rules` are substituted is looked up once for the whole list, not once a link).
 */
export function weightsUnder(rules: Rules, evidence: readonly EvidenceLink[]): LinkWeight[] {
  const same = sameWeights.get(rules);
  if (same === undefined) return evidence.map((link) => linkWeight(rules, link));
  const { page, table, level } = same;
  return evidence.map((link) =>
    table === null || link[table] !== level ? linkWeight(page, link) : linkWeight(rules, link),
  );
}
