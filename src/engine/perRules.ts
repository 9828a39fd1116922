/**
 * Caches that live as long as a model's parsed rules. What a model fixes (a link weight for a
 * combination of levels, a vote weight for a reputation, a coverage value for a count) is worked
 * out once per model and then looked up; the same rules always give the same answer, so a cache
 * changes no result, and it is freed with the rules.
 */
import type { Rules } from './rules.ts';

/** One cache per rules object, made on first use by `make`. */
export function perRules<T>(make: (rules: Rules) => T): (rules: Rules) => T {
  const caches = new WeakMap<Rules, T>();
  return (rules) => {
    let cache = caches.get(rules);
    if (cache === undefined) {
      cache = make(rules);
      caches.set(rules, cache);
    }
    return cache;
  };
}

/** How many objects a `recentlyUsed` memo holds: a claim's models and pages come one after another. */
export const RECENT_OBJECTS = 16;

/**
 * A memo keyed by an object (a claim, its evidence list, its votes) that holds only the few most
 * recently used. What models share of a claim is worked out once while the claim is scored under
 * each of them in turn (a build scores claim by claim, and renders a claim's pages one after
 * another), and then let go: a memo freed only with the claim would keep every claim's working for
 * as long as the caller keeps its claims, which a build does, so its memory would grow with the site.
 *
 * The entries sit in two arrays of fixed length, least recently used first, moved along in place.
 * A Map would do the same in fewer lines, but a long-lived Map replaces its table as entries come
 * and go, and V8's young-generation collector keeps alive whatever a replaced old table still
 * points to until the next full collection: every claim's working then survives a collection or
 * two and is copied, which cost a quarter of a scoring pass. Here a slot let go is overwritten.
 */
export function recentlyUsed<K extends object, V>(make: (key: K) => V, size = RECENT_OBJECTS): (key: K) => V {
  // At least one entry: a memo of size 0 still answers its latest key.
  const length = Math.max(1, size);
  const keys = Array.from<K | null>({ length }).fill(null);
  const values = Array.from<V | null>({ length }).fill(null);
  let count = 0;
  // The most recently used key and its value: a claim's models ask for it one after another, and
  // it is already last, so it is answered without moving it there again.
  let lastKey: K | null = null;
  let lastValue: V | null = null;
  return (key) => {
    if (key === lastKey) return lastValue!;
    let at = count - 1;
    while (at >= 0 && keys[at] !== key) at -= 1;
    let value: V;
    if (at >= 0) value = values[at]!;
    else {
      value = make(key);
      // Full: the least recently used (the first) is let go.
      if (count === length) at = 0;
      else count += 1;
    }
    if (at >= 0) {
      for (let i = at; i < count - 1; i++) {
        keys[i] = keys[i + 1]!;
        values[i] = values[i + 1]!;
      }
    }
    keys[count - 1] = key;
    values[count - 1] = value;
    lastKey = key;
    lastValue = value;
    return value;
  };
}

/** The value stored under `key`, computed by `compute` the first time. */
export function lookup<T>(map: Map<string, T>, key: string, compute: () => T): T {
  let value = map.get(key);
  if (value === undefined) {
    value = compute();
    map.set(key, value);
  }
  return value;
}
