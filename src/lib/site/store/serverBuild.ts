/**
 * The last steps of a server build, once Astro has built the server and the scoring pass has
 * written the trace store: the compare rows worked apart added to it (compareApartBuild.ts), the
 * claims' sitemaps from the store (the claim pages are rows there, not files), then every
 * prerendered file compressed once (precompress.ts) while the search index (filled from the ledger
 * while Astro built, see searchRecords.ts) writes its bundle, and its files after. scripts/build.ts
 * runs it on the staged folder before it replaces the previous build.
 */
import Database from 'better-sqlite3';
import { join } from 'node:path';
import { PAGEFIND_FOLDER, type SearchIndexing } from '../../listing/searchRecords.ts';
import { mergeCompareApart } from './compareApartBuild.ts';
import { precompress, STATIC_MANIFEST, type Compressed } from './precompress.ts';
import { laterPagePaths, writeClaimSitemaps } from './sitemap.ts';
import { compareCountsOf, listingCountsOf, type StoreMeta } from './store.ts';

/** What the steps did, for the build's output, or why one failed. */
export type FinishOutcome =
  | {
      readonly sitemap: { urls: number; files: number };
      readonly indexed: number;
      readonly compressed: Compressed;
    }
  | { readonly errors: readonly string[] };

/** Runs the steps on the server build in `dir` (`client/`, `server/` and the store `storeFile`). */
export async function finishServerBuild(
  dir: string,
  storeFile: string,
  search: SearchIndexing,
  apartFile: string,
): Promise<FinishOutcome> {
  const clientDir = join(dir, 'client');
  const merged = mergeCompareApart(storeFile, apartFile);
  if (merged !== null) return { errors: [merged] };
  const db = new Database(storeFile, { readonly: true, fileMustExist: true });
  try {
    const meta = JSON.parse(
      (db.prepare("SELECT value FROM meta WHERE key = 'meta'").get() as { value: string }).value,
    ) as StoreMeta;
    const models = meta.models.map((m) => m.id);
    const slugs = db.prepare('SELECT slug FROM claims ORDER BY slug').pluck().all() as string[];
    const histories = new Set(db.prepare('SELECT slug FROM history').pluck().all() as string[]);
    const sitemap = writeClaimSitemaps(clientDir, {
      slugs,
      models,
      hasHistory: (slug) => histories.has(slug),
      later: laterPagePaths(listingCountsOf(db), compareCountsOf(db), meta.pageSize),
    });
    // Pagefind writes its bundle (a folder of its own) while the rest is compressed.
    let indexed = 0;
    const compressed = await precompress(clientDir, join(dir, STATIC_MANIFEST), {
      folder: PAGEFIND_FOLDER,
      run: async () => {
        const written = await search.written(clientDir);
        if ('errors' in written) return written;
        indexed = written.pages;
        return null;
      },
    });
    if ('failed' in compressed) return compressed.failed;
    return { sitemap, indexed, compressed };
  } finally {
    db.close();
  }
}
