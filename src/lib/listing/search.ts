/**
 * Full-text search with Pagefind, the pure part: which page is indexed, with what metadata, and
 * which parts of it are left out. Only the claim under the default model, `/claims/<slug>/`, is
 * indexed (the same claim under the other models would be six results for one claim); within it,
 * the statement, the note, the evidence (passages, sources, locators, levels) and the claim's
 * details are searchable, and the numeric working is not.
 */
import type { Trace } from '../../engine/index.ts';

/**
 * The attributes that mark a claim page's content for the index (none on pages not indexed). The
 * metadata is captured from `data-search-*` attributes of the same element, which Pagefind reads
 * as they are (a comma or colon in a claim's type needs no escaping); the UI shows it beside each
 * result, and the state is also a filter the search page offers.
 */
export function searchAttributes(trace: Trace, indexed: boolean): Record<string, string> {
  if (!indexed) return {};
  return {
    'data-pagefind-body': '',
    'data-pagefind-meta': 'state[data-search-state], model[data-search-model], type[data-search-type]',
    'data-pagefind-filter': 'state[data-search-state]',
    'data-search-state': trace.result.state,
    'data-search-model': trace.model,
    'data-search-type': trace.input.type,
  };
}

/**
 * The parts of an indexed claim page left out of the index: every step of the working except the
 * evidence (numbers, formulas, the trace JSON with its hashes), the headline result and the list of
 * other models, which would make every claim match the same words.
 */
export const EXCLUDED_SELECTORS: readonly string[] = [
  '.claim > .step:not(#evidence)',
  '#evidence > p',
  '#evidence caption',
  '#evidence thead',
  '.claim-weight',
  '.claim-factors dd[data-field]',
  '.claim-result',
  '.claim-model-note',
  '.anchor',
  // The other models at a glance, how close the verdict is, each link's result without it, and
  // the what-if panel: figures and words every claim shares, as the working's.
  '#every-model',
  '#how-close',
  '.claim-without',
  '#what-if',
];

/** How Pagefind is told to index the built site. */
export const PAGEFIND_CONFIG = {
  // Every page is written in English; fixing it keeps the index from depending on detection.
  forceLanguage: 'en',
  excludeSelectors: [...EXCLUDED_SELECTORS],
} as const;

/** The folder of the built site that Pagefind writes its bundle into (served at `/pagefind/`). */
export const PAGEFIND_FOLDER = 'pagefind';

/**
 * The files Pagefind reads, relative to the built site: the claim pages under the default model,
 * the only pages marked for the index. Reading every other page only to skip it took most of the
 * indexing time on a large site.
 */
export const PAGEFIND_GLOB = 'claims/*/index.html';
