/**
 * The compact listing: every claim of the listing in a few short fields, the file filter.js loads
 * when a page does not hold every claim (`/browse/listing.js`).
 */
import { assetPath } from '../paths.ts';
import { idWords } from '../render/words.ts';
import type { BrowseRow } from './browse.ts';

/** The compact listing filter.js loads when a page does not hold every claim. */
export const listingScriptPath = (): string => assetPath('browse/listing.js');

/** One claim in the compact listing: what a row of the table shows, ids already in words. */
export interface CompactRow {
  /** Address of the claim's page. */
  readonly h: string;
  /** Statement, and why there is no number (or null). */
  readonly s: string;
  readonly r: string | null;
  /** Type segment and the type in words. */
  readonly t: string;
  readonly tw: string;
  /** State id (for the badge's class and the filter) and probability (null when refused). */
  readonly st: string;
  readonly p: string | null;
  /** Stability level, coverage value, reviews done and declared, gradient value and status in words. */
  readonly sb: string | null;
  readonly c: string;
  readonly cd: number;
  readonly cn: number;
  readonly g: string;
  readonly gw: string;
  /** Recorded date and the position in the default order. */
  readonly d: string;
  readonly i: number;
}

/** The compact listing of every row, in the default order, for filter.js. */
export function compactListing(rows: readonly BrowseRow[], pathOf: (slug: string) => string): { rows: CompactRow[] } {
  return {
    rows: rows.map((row) => ({
      h: pathOf(row.slug),
      s: row.statement,
      r: row.reason,
      t: row.typeSegment,
      tw: idWords(row.type),
      st: row.state,
      p: row.probability,
      sb: row.stability,
      c: row.coverage.value,
      cd: row.coverage.done,
      cn: row.coverage.declared,
      g: row.gradient.value,
      gw: idWords(row.gradient.status),
      d: row.recorded,
      i: row.index,
    })),
  };
}
