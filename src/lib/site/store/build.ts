/**
 * A whole store from claims and models in one call, for tests and tools: a server build does not
 * use it, its scoring pass fills the store as it goes (getSite with LEDGER_STORE_OUT).
 */
import { renameSync } from 'node:fs';
import { createScorer } from '../../../engine/index.ts';
import { summarise, type TraceSummary } from '../records.ts';
import { browseRows } from '../../listing/browse.ts';
import { pageSize } from '../../listing/paging.ts';
import { everyPairRows } from '../../model/comparePages.ts';
import type { StoreInput, StoreMeta } from './store.ts';
import { openStoreWriter } from './storeWriter.ts';

/**
 * Scores every claim under every model into a new store at `file`. It is written beside `file` and
 * renamed over it at the end, so a failed run never leaves a half-written store.
 */
export function writeStore(file: string, input: StoreInput): StoreMeta {
  const writer = openStoreWriter(`${file}.partial-${process.pid}`, input);
  try {
    const listed: Parameters<typeof browseRows>[0][number][] = [];
    const summaries = new Map<string, TraceSummary>();
    const scorers = new Map(input.models.map(({ id, model }) => [id, createScorer(model, input.codeHash)]));
    for (const [i, { id }] of input.models.entries()) {
      for (const { slug, claim } of input.claims) {
        const trace = scorers.get(id)!.score(slug, claim);
        const summary = summarise(trace);
        writer.add(trace, summary);
        summaries.set(`${slug} ${id}`, summary);
        if (i === 0) listed.push({ slug, trace: summary });
      }
    }
    if (input.history) writer.addHistory(input.history, input.claims);
    // The default model (listed first) is the listing's, the claims in the site's order.
    const size = input.pageSize ?? pageSize();
    writer.addListing(browseRows(listed), size);
    const bySlug = new Map(input.claims.map((c) => [c.slug, c.claim]));
    const byId = new Map(input.models.map((m) => [m.id, m]));
    const compared = {
      claims: input.claims,
      summary: (slug: string, model: string) => summaries.get(`${slug} ${model}`)!,
      model: (id: string) => byId.get(id)!,
      trace: (slug: string, model: string) => scorers.get(model)!.score(slug, bySlug.get(slug)!),
    };
    writer.addCompare(
      everyPairRows(
        compared,
        input.models.map((m) => m.id),
        size,
      ),
    );
    const meta = writer.finish(input.claims.length);
    renameSync(writer.file, file);
    return meta;
  } catch (error) {
    writer.abort();
    throw error;
  }
}
