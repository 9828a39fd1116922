/**
 * HTML that two pages of one build show alike, rendered for the first and handed to the second.
 * A claim under the default model has two addresses, `/claims/<slug>/` and
 * `/claims/<slug>/<default>/`, whose working reads the same; rendering it once saves a seventh of
 * the claim pages' work.
 *
 * Entries belong to one loaded site (`owner`), so a dev server that reloads the content never
 * hands out HTML of the old one, and an entry is dropped once handed on, so a build holds only the
 * pages still waiting for their twin.
 */
const waiting = new WeakMap<object, Map<string, string>>();

/** The HTML for `key`: the waiting copy if the twin page rendered it first, else `render()`'s. */
export async function renderedOnce(owner: object, key: string, render: () => Promise<string>): Promise<string> {
  let byKey = waiting.get(owner);
  if (byKey === undefined) {
    byKey = new Map();
    waiting.set(owner, byKey);
  }
  const html = byKey.get(key);
  if (html !== undefined) {
    byKey.delete(key);
    return html;
  }
  const fresh = await render();
  byKey.set(key, fresh);
  return fresh;
}
