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

/** The value stored under `key`, computed by `compute` the first time. */
export function lookup<T>(map: Map<string, T>, key: string, compute: () => T): T {
  let value = map.get(key);
  if (value === undefined) {
    value = compute();
    map.set(key, value);
  }
  return value;
}
