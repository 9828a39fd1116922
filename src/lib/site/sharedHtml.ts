/**
 * HTML that two pages of one build show alike, rendered for the first and handed to the second.
 * A claim under the default model has two addresses, `/claims/<slug>/` and
 * `/claims/<slug>/<default>/`, whose working reads the same; rendering it once saves a seventh of
 * the claim pages' work.
 *
 * Entries belong to one loaded site (`owner`), so a dev server that reloads the content never
 * hands out HTML of the old one. The first page's render is shared while it is still running, so
 * two pages rendered at the same time render it once, and an entry is dropped once handed on: the
 * claim route lists a claim's pages side by side, so a build holds only the few in flight.
 */
const waiting = new WeakMap<object, Map<string, Promise<string>>>();

/** The HTML for `key`: the twin page's render if it started first, else `render()`'s. */
export function renderedOnce(owner: object, key: string, render: () => Promise<string>): Promise<string> {
  let byKey = waiting.get(owner);
  if (byKey === undefined) {
    byKey = new Map();
    waiting.set(owner, byKey);
  }
  const started = byKey.get(key);
  if (started !== undefined) {
    byKey.delete(key);
    return started;
  }
  const fresh = render();
  byKey.set(key, fresh);
  // A render that fails must not stay behind for a twin that will never come.
  fresh.catch(() => byKey.delete(key));
  return fresh;
}
