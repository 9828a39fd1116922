/**
 * Ids in words: a state, claim type, level or refusal id (`very-likely`, `consensus-false`,
 * `rhetorical-question`, `insufficient-evidence`) as a reader reads it ("very likely"). Ids stay in
 * code, traces and data files; every page shows these words instead.
 */

/** An id as words, lower case: `consensus-true` → "consensus true". */
export function idWords(id: string): string {
  return id.replaceAll('-', ' ');
}

/** An id as words with a capital first letter, for the start of a sentence or a badge. */
export function capitalIdWords(id: string): string {
  const words = idWords(id);
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** A count with its noun: `plural(1, 'claim', 'claims')` → "1 claim", `plural(3, …)` → "3 claims". */
export function plural(n: number, one: string, many: string): string {
  return `${n} ${n === 1 ? one : many}`;
}
