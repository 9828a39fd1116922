/**
 * A server build's compare rows, worked in a process of their own beside Astro's build. Every
 * ordered pair of models has a row for each claim past page 1, with the settings that moved it
 * (moveReasons): at 20,000 claims the largest part of what a server build's scoring pass did on
 * Astro's one thread, which the other cores could do meanwhile. The process loads the same checked
 * content, scores it with the same engine in the site's order (orderClaims, orderModels), writes
 * the rows that the pass would have written into a file of the store's tables, and the build adds
 * them to the finished store with their digest (compareApartBuild.ts). The store is the same as when
 * the pass writes the rows itself (writeStore), which a test compares.
 */
import Database from 'better-sqlite3';
import { rmSync } from 'node:fs';
import { createScorer, type Trace } from '../../../engine/index.ts';
import type { CheckedContent } from '../../input/handedLedger.ts';
import type { LoadedModel } from '../../input/load.ts';
import { everyPairRows } from '../../model/comparePages.ts';
import { summarise, type SiteClaim, type TraceSummary } from '../records.ts';
import { orderClaims, orderModels } from '../site.ts';
import { insertCompareRows, SCHEMA } from './storeWriter.ts';

/** Where the compare rows' digest is kept in the file of rows worked apart. */
export const DIGEST_KEY = 'compareHash';

/**
 * Writes every pair's compare rows past page 1 (`size` a page) for the ledger's claims into a new
 * file `file` with the store's tables, and their digest into its meta.
 */
export function writeCompareApart(file: string, ledger: CheckedContent, codeHash: string, size: number): void {
  const models = orderModels(ledger.models, ledger.defaultModel);
  const site = compareSiteOf(models, orderClaims(ledger.claims), codeHash);
  rmSync(file, { force: true });
  const db = new Database(file);
  try {
    db.pragma('journal_mode = OFF');
    db.pragma('synchronous = OFF');
    db.exec(SCHEMA);
    db.exec('BEGIN');
    const digest = insertCompareRows(
      db,
      everyPairRows(
        site,
        models.map((m) => m.id),
        size,
      ),
    );
    db.prepare('INSERT INTO meta (key, value) VALUES (?, ?)').run(DIGEST_KEY, digest);
    db.exec('COMMIT');
  } finally {
    db.close();
  }
}

/**
 * What the compare pass reads of a site: `claims` and `models` (in the site's order) with every
 * claim's summary under every model, scored here, and its whole trace on demand.
 */
export function compareSiteOf(
  models: readonly LoadedModel[],
  claims: readonly SiteClaim[],
  codeHash: string,
): Parameters<typeof everyPairRows>[0] {
  const scorers = new Map(models.map(({ id, model }) => [id, createScorer(model, codeHash)]));
  const summaries = new Map<string, TraceSummary>();
  for (const { id } of models)
    for (const { slug, claim } of claims)
      summaries.set(`${slug} ${id}`, summarise(scorers.get(id)!.score(slug, claim)));
  const bySlug = new Map(claims.map((c) => [c.slug, c.claim]));
  const byId = new Map(models.map((m) => [m.id, m]));
  return {
    claims,
    summary: (slug: string, model: string): TraceSummary => summaries.get(`${slug} ${model}`)!,
    model: (id: string) => byId.get(id)!,
    trace: (slug: string, model: string): Trace => scorers.get(model)!.score(slug, bySlug.get(slug)!),
  };
}
