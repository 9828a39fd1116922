/**
 * Writes the Pagefind search bundle for a built site: indexes the claim pages under the default
 * model (the pages marked with `data-pagefind-body`, see search.ts) and writes `pagefind/` inside
 * the same folder. Run by `scripts/build.ts` on the staging folder, before it replaces `dist/`.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { close, createIndex } from 'pagefind';
import { PAGEFIND_CONFIG, PAGEFIND_FOLDER, PAGEFIND_GLOB } from './search.ts';

/** What indexing did: how many pages it indexed, or why it failed. */
export type IndexOutcome = { readonly pages: number } | { readonly errors: readonly string[] };

/** Indexes the site in `dir` and writes the bundle to `dir/pagefind/`. */
export async function indexSite(dir: string): Promise<IndexOutcome> {
  try {
    const { index, errors } = await createIndex({
      ...PAGEFIND_CONFIG,
      excludeSelectors: [...PAGEFIND_CONFIG.excludeSelectors],
    });
    if (!index) return { errors: errors.length > 0 ? errors : ['Pagefind could not create an index'] };
    const added = await index.addDirectory({ path: dir, glob: PAGEFIND_GLOB });
    if (added.errors.length > 0) return { errors: added.errors };
    const written = await index.writeFiles({ outputPath: join(dir, PAGEFIND_FOLDER) });
    if (written.errors.length > 0) return { errors: written.errors };
    // addDirectory counts every HTML file it read; the entry file counts the pages it indexed.
    const entry = JSON.parse(readFileSync(join(dir, PAGEFIND_FOLDER, 'pagefind-entry.json'), 'utf8')) as {
      languages: Record<string, { page_count: number }>;
    };
    const pages = Object.values(entry.languages).reduce((sum, language) => sum + language.page_count, 0);
    return pages > 0
      ? { pages }
      : { errors: ['Pagefind indexed no page: no claim page is marked with data-pagefind-body'] };
  } finally {
    await close();
  }
}
