/**
 * Search in server mode: the claim pages are rows of the trace store, not HTML files, so Pagefind
 * is given one record per claim (its Node API indexes records without HTML on disk), with the words
 * the static build's index takes from the page under the default model (search.ts: the statement,
 * the note, the evidence's passages, sources, locators and levels, the claim's details, never the
 * numeric working) and the same metadata and filter. The bundle is written to `client/pagefind/`.
 */
import { join } from 'node:path';
import { close, createIndex } from 'pagefind';
import type { TraceSummary } from '../records.ts';
import { PAGEFIND_CONFIG, PAGEFIND_FOLDER } from '../../listing/search.ts';

/** A claim as its record is made: its slug and its summary under the default model. */
export interface SearchClaim {
  readonly slug: string;
  readonly summary: TraceSummary;
}

/** A level id as the page writes it (`states-outright` → `states outright`). */
const words = (id: string): string => id.replaceAll('-', ' ');

/** The text of one claim's record: what the page's indexed parts say, one part a line. */
export function recordText({ slug, summary }: SearchClaim): string {
  const input = summary.input;
  const sources = new Map(input.sources.map((s) => [s.id, s.name]));
  const lines = [
    `Claim ${slug}`,
    input.statement,
    `Type: ${input.type}`,
    ...(input.claimant ? [`Claimed by: ${input.claimant.name}`] : []),
    `Recorded by: ${input.author}`,
    `Recorded on: ${input.recorded}`,
    ...input.evidence.flatMap((e) => [
      `${e.id} ${e.direction}`,
      e.passage,
      `${sources.get(e.source) ?? e.source}, ${e.locator}`,
      `Recorded by ${e.recordedBy}`,
      `relevance ${words(e.relevance)} observation ${words(e.observation)} authenticity ${words(e.authenticity ?? 'unverified')} extraction ${words(e.extraction ?? 'unverified')}`,
    ]),
    ...(input.note ? [input.note] : []),
  ];
  return lines.join('\n');
}

/** What indexing did: how many records it indexed, or why it failed. */
export type RecordsOutcome = { readonly pages: number } | { readonly errors: readonly string[] };

/**
 * Indexes `claims` and writes the bundle to `clientDir/pagefind/`, as the static build's indexSite
 * does for its pages (each at its address from the site's root, as Pagefind names a page's).
 */
export async function indexRecords(clientDir: string, claims: Iterable<SearchClaim>): Promise<RecordsOutcome> {
  try {
    const { index, errors } = await createIndex({ ...PAGEFIND_CONFIG, excludeSelectors: [] });
    if (!index) return { errors: errors.length > 0 ? errors : ['Pagefind could not create an index'] };
    let pages = 0;
    for (const claim of claims) {
      const { summary } = claim;
      const added = await index.addCustomRecord({
        url: `/claims/${claim.slug}/`,
        content: recordText(claim),
        language: PAGEFIND_CONFIG.forceLanguage,
        meta: {
          title: summary.input.statement,
          state: summary.result.state,
          model: summary.model,
          type: summary.input.type,
        },
        filters: { state: [summary.result.state] },
      });
      if (added.errors.length > 0) return { errors: added.errors };
      pages += 1;
    }
    const written = await index.writeFiles({ outputPath: join(clientDir, PAGEFIND_FOLDER) });
    if (written.errors.length > 0) return { errors: written.errors };
    return pages > 0 ? { pages } : { errors: ['Pagefind indexed no claim: the store holds none'] };
  } finally {
    await close();
  }
}
