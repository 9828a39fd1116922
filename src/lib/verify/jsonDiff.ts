/** Comparing two JSON documents leaf by leaf, and showing a value in a message. */

/** One leaf where two documents differ: its path (`result.probability`, `links[0].weight`) and both values. */
export interface JsonDifference {
  readonly field: string;
  readonly expected: unknown;
  readonly published: unknown;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/** Shows a value in a message as compact JSON; an absent value as `(absent)`. */
export function show(value: unknown): string {
  return value === undefined ? '(absent)' : JSON.stringify(value);
}

/** Appends a difference for every leaf where the published value differs from the expected one. */
export function compareJson(expected: unknown, published: unknown, field: string, out: JsonDifference[]): void {
  if (isObject(expected) && isObject(published)) {
    // Own keys only, so that a key such as `__proto__` or `constructor` is a field like any other.
    for (const key of Object.keys(expected))
      compareJson(expected[key], Object.hasOwn(published, key) ? published[key] : undefined, join(field, key), out);
    for (const key of Object.keys(published))
      if (!Object.hasOwn(expected, key))
        out.push({ field: join(field, key), expected: undefined, published: published[key] });
    return;
  }
  if (Array.isArray(expected) && Array.isArray(published)) {
    for (let i = 0; i < Math.max(expected.length, published.length); i++)
      compareJson(expected[i], published[i], `${field}[${i}]`, out);
    return;
  }
  // Strict equality on leaves: 1 is not true and "1" is not 1; an object never equals a leaf.
  if (expected !== published) out.push({ field, expected, published });
}

/** A member's path: `a.b`, or just `b` at the top. */
function join(field: string, key: string): string {
  return field === '' ? key : `${field}.${key}`;
}

/** Every difference between two JSON documents, paths relative to their tops. */
export function jsonDifferences(expected: unknown, published: unknown): JsonDifference[] {
  const out: JsonDifference[] = [];
  compareJson(expected, published, '', out);
  return out;
}
