/**
 * A static build's pool started on the first page Astro prerenders (the middleware calls this), so
 * that its workers load the engine and the site's modules while Astro renders the pages before the
 * claims' (404, archive, browse): under tsx that takes its workers seconds. Imports the pool only in
 * a build that has one, so a server's middleware stays small.
 */
let started = false;

/** Starts the build's pool for its claim pages (wholePages.ts), once; nothing without a pool. */
export async function startPoolEarly(siteUrl: URL | undefined): Promise<void> {
  if (started || siteUrl === undefined) return;
  started = true;
  if (Number(process.env['LEDGER_BUILD_POOL'] ?? '1') > 1) (await import('./wholePages.ts')).startWholePages(siteUrl);
}
