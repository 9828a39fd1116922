/**
 * Names that look the same are the same: a voter, or a key of a model's table, is compared after
 * the normalisation the file's text gets (trimmed, Unicode NFC) with invisible format characters
 * (zero-width spaces, joiners, bidirectional controls, U+00AD) left out, so that `t.mensah`,
 * `"t.mensah "`, `"t.mensah\u00a0"`, `"Jos\u00e9"` beside `"Jose\u0301"`, and a name with a
 * zero-width space in it are each one name.
 */

/** An invisible format character (Unicode category Cf): it changes no glyph a reader sees. */
const INVISIBLE = /\p{Cf}/gu;

/** The identity a name stands for: trimmed, NFC, without invisible characters. */
export function identityKey(name: string): string {
  return name.normalize('NFC').replace(INVISIBLE, '').trim();
}

/** The first invisible character of a name, as `U+200B`, or null when it has none. */
export function invisibleIn(name: string): string | null {
  const found = /\p{Cf}/u.exec(name);
  return found === null ? null : `U+${found[0].codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`;
}

/** Two keys of one mapping that are one key once normalised: where the second is, and both as written. */
export interface KeyCollision {
  readonly path: readonly (string | number)[];
  readonly key: string;
  readonly first: string;
}

/** Every pair of keys, in every mapping of a parsed file, that are the same key once normalised. */
export function collidingKeys(data: unknown): KeyCollision[] {
  const found: KeyCollision[] = [];
  const stack: [unknown, (string | number)[]][] = [[data, []]];
  while (stack.length > 0) {
    const [value, path] = stack.pop()!;
    if (Array.isArray(value)) value.forEach((item, i) => stack.push([item, [...path, i]]));
    else if (value !== null && typeof value === 'object') {
      const seen = new Map<string, string>();
      for (const [key, inner] of Object.entries(value as Record<string, unknown>)) {
        const normal = identityKey(key);
        const first = seen.get(normal);
        if (first !== undefined) found.push({ path: [...path, key], key, first });
        else seen.set(normal, key);
        stack.push([inner, [...path, key]]);
      }
    }
  }
  return found;
}
