/**
 * Full-text search with Pagefind. Only the claims are indexed, each once, at its address under the
 * default model, `/claims/<slug>/` (the same claim under the other models would be six results for
 * one claim). Pagefind is given one record per claim (its Node API indexes records without HTML on
 * disk) holding what the page shows of the claim itself: the statement, the note, the evidence's
 * passages, sources, locators and levels, and the claim's details; never the numeric working, the
 * formulas or the trace, whose words every claim shares. Each result carries the claim's state,
 * model and type, and the state is a filter the search page offers. The static build and the server
 * build make the same index this way.
 *
 * The records come from the checked ledger, so indexing starts as soon as the check has passed and
 * runs beside Astro's build (Pagefind is a process of its own); only writing the bundle waits for
 * Astro to finish, because Astro empties its output folder when it starts.
 */
import { join } from 'node:path';
import { close, createIndex } from 'pagefind';
import { createScorer } from '../../engine/index.ts';
import { byCodeUnit } from '../../engine/order.ts';
import type { CheckedContent } from '../input/handedLedger.ts';
import { summarise, type TraceSummary } from '../site/records.ts';

/** How Pagefind is told to index the claims. */
const PAGEFIND_CONFIG = {
  // Every page is written in English; fixing it keeps the index from depending on detection.
  forceLanguage: 'en',
} as const;

/** The folder of the built site that Pagefind writes its bundle into (served at `/pagefind/`, paths.ts). */
export const PAGEFIND_FOLDER = 'pagefind';

/** A claim as its record is made: its slug and its summary under the default model. */
export interface SearchClaim {
  readonly slug: string;
  readonly summary: TraceSummary;
}

/** A level id as the page writes it (`states-outright` → `states outright`). */
const words = (id: string): string => id.replaceAll('-', ' ');

/** The text of one claim's record: what its page says of the claim itself, one part a line. */
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

/**
 * Every claim of a checked ledger under its default model, in the order of their slugs, scored one
 * at a time as the index asks for them (the page's state comes from the same engine and model).
 */
export function* searchClaims(ledger: CheckedContent, codeHash: string): Generator<SearchClaim> {
  const model = ledger.models.find((m) => m.id === ledger.defaultModel);
  if (model === undefined) return;
  const scorer = createScorer(model.model, codeHash);
  const claims = [...ledger.claims].sort((a, b) => byCodeUnit(a.slug, b.slug));
  for (const { slug, claim } of claims) yield { slug, summary: summarise(scorer.score(slug, claim)) };
}

/** What indexing did: how many records it indexed, or why it failed. */
export type RecordsOutcome = { readonly pages: number } | { readonly errors: readonly string[] };

/** An index being filled: `written` waits for every record, writes the bundle and ends Pagefind. */
export interface SearchIndexing {
  /** Writes the bundle to `siteDir/pagefind/` (each record at its address from the site's root). */
  written(siteDir: string): Promise<RecordsOutcome>;
}

type Filled = { readonly index: NonNullable<Awaited<ReturnType<typeof createIndex>>['index']>; readonly pages: number };

/** Starts indexing `claims` now; nothing is written until `written` is called. */
export function startIndexing(claims: Iterable<SearchClaim>): SearchIndexing {
  const filling = (async (): Promise<Filled | { errors: readonly string[] }> => {
    const { index, errors } = await createIndex({ ...PAGEFIND_CONFIG });
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
    return { index, pages };
  })().catch((error: unknown) => ({ errors: [`Pagefind failed: ${(error as Error).message}`] }));
  return {
    async written(siteDir) {
      try {
        const filled = await filling;
        if ('errors' in filled) return filled;
        const written = await filled.index.writeFiles({ outputPath: join(siteDir, PAGEFIND_FOLDER) });
        if (written.errors.length > 0) return { errors: written.errors };
        return filled.pages > 0
          ? { pages: filled.pages }
          : { errors: ['Pagefind indexed no claim: the ledger holds none'] };
      } finally {
        await close();
      }
    },
  };
}
