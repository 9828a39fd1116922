/**
 * HTML that two pages of one build show alike, written for the first and handed to the second.
 * A claim under the default model has two addresses, `/claims/<slug>/` and
 * `/claims/<slug>/<default>/`, whose working reads the same; writing it once saves a seventh of
 * the claim pages' work.
 *
 * Entries belong to one loaded site (`owner`), so a dev server that reloads the content never
 * hands out HTML of the old one (and a server, whose every request reads a site of its own, never
 * holds any for a twin request that may never come). An entry is dropped once handed on: the claim
 * route lists a claim's pages side by side, so a build holds only the few in flight.
 */
const waiting = new WeakMap<object, Map<string, string>>();

/** The HTML for `key`: the twin page's if it was written first, else `write()`'s, kept for the twin. */
export function sharedOnce(owner: object, key: string, write: () => string): string {
  let byKey = waiting.get(owner);
  if (byKey === undefined) {
    byKey = new Map();
    waiting.set(owner, byKey);
  }
  const written = byKey.get(key);
  if (written !== undefined) {
    byKey.delete(key);
    return written;
  }
  const html = write();
  byKey.set(key, html);
  return html;
}
