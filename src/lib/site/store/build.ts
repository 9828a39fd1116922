/**
 * A whole store from claims and models in one call, for tests and tools: a server build does not
 * use it, its scoring pass fills the store as it goes (getSite with LEDGER_STORE_OUT).
 */
import { renameSync } from 'node:fs';
import { createScorer } from '../../../engine/index.ts';
import { summarise } from '../site.ts';
import { browseRows, pageSize } from '../../listing/browse.ts';
import { openStoreWriter, type StoreInput, type StoreMeta } from './store.ts';

/**
 * Scores every claim under every model into a new store at `file`. It is written beside `file` and
 * renamed over it at the end, so a failed run never leaves a half-written store.
 */
export function writeStore(file: string, input: StoreInput): StoreMeta {
  const writer = openStoreWriter(`${file}.partial-${process.pid}`, input);
  try {
    const listed: Parameters<typeof browseRows>[0][number][] = [];
    for (const [i, { model }] of input.models.entries()) {
      const scorer = createScorer(model, input.codeHash);
      for (const { slug, claim } of input.claims) {
        const trace = scorer.score(slug, claim);
        const summary = summarise(trace);
        writer.add(trace, summary);
        if (i === 0) listed.push({ slug, trace: summary });
      }
    }
    if (input.history) writer.addHistory(input.history, input.claims);
    // The default model (listed first) is the listing's, the claims in the site's order.
    writer.addListing(browseRows(listed), input.pageSize ?? pageSize());
    const meta = writer.finish(input.claims.length);
    renameSync(writer.file, file);
    return meta;
  } catch (error) {
    writer.abort();
    throw error;
  }
}
