/**
 * Paging, as the browse listings and the compare pages share it: the page size a build uses, how
 * many pages a number of rows fills, and where one page sits among them.
 */

/** How many claims a listing page lists unless `LEDGER_PAGE_SIZE` says otherwise. */
export const DEFAULT_PAGE_SIZE = 100;

/**
 * The listing's page size: `LEDGER_PAGE_SIZE` when set (a whole number of at least 1, so that a
 * test can page 27 claims), else 100. A bad value stops the build with a message naming it.
 */
export function pageSize(env: Readonly<Record<string, string | undefined>> = process.env): number {
  const raw = env['LEDGER_PAGE_SIZE'];
  if (raw === undefined || raw.trim() === '') return DEFAULT_PAGE_SIZE;
  if (!/^[1-9][0-9]{0,6}$/.test(raw.trim()))
    throw new Error(`LEDGER_PAGE_SIZE: must be a whole number from 1 to 9999999, not ${JSON.stringify(raw)}`);
  return Number(raw.trim());
}

/** How many pages `total` rows fill at `size` a page: at least one, so an empty listing still has its page. */
export const pageCount = (total: number, size: number): number => Math.max(1, Math.ceil(total / size));

/** One page link of a listing's pager. */
export interface PageLink {
  readonly page: number;
  readonly href: string;
  readonly current: boolean;
}

/** Where a listing page sits among its combination's pages: links to every page, and the neighbours. */
export interface Paging {
  readonly page: number;
  readonly pages: number;
  /** The 1-based numbers of the first and last row on this page (0 and 0 on an empty listing). */
  readonly first: number;
  readonly last: number;
  readonly links: readonly PageLink[];
  readonly prev: string | null;
  readonly next: string | null;
}

/**
 * The paging of page `page` of `total` rows at `size` a page, page n's address being `pathOf(n)`:
 * the browse listings' and the compare pages' pager alike.
 */
export function pagingOf(total: number, page: number, size: number, pathOf: (page: number) => string): Paging {
  const pages = pageCount(total, size);
  const links = Array.from({ length: pages }, (_, i) => ({
    page: i + 1,
    href: pathOf(i + 1),
    current: i + 1 === page,
  }));
  return {
    page,
    pages,
    first: total === 0 ? 0 : (page - 1) * size + 1,
    last: Math.min(total, page * size),
    links,
    prev: page > 1 ? pathOf(page - 1) : null,
    next: page < pages ? pathOf(page + 1) : null,
  };
}
