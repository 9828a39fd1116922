/**
 * What the phone-reader tests (tests/e2e/reader*.spec.ts) share: the ids a reader must never see,
 * the sample of claim pages they load, and what a page shows in boxes, cells and text.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { parse } from 'yaml';
import { LEVEL_TABLES, type LevelTableName } from '../../src/lib/model/levelTables.ts';
import { claimPages, isScored, REFUSALS, type ClaimPage } from './e2e-site.ts';

/** Every state and level id the models declare, the two refusals, and the claims' types. */
export function stateIds(): string[] {
  const ids = new Set<string>(REFUSALS);
  const dir = 'models';
  for (const file of readdirSync(dir)) {
    if (!file.endsWith('.yaml')) continue;
    const model = parse(readFileSync(join(dir, file), 'utf8')) as {
      states?: { state: string }[];
    } & Partial<Record<LevelTableName, Record<string, unknown>>>;
    for (const s of model.states ?? []) ids.add(s.state);
    // Evidence levels are ids too ("official-record" reads "official record").
    for (const factor of LEVEL_TABLES) for (const level of Object.keys(model[factor] ?? {})) ids.add(level);
  }
  // Claim types are ids too ("rhetorical-question" reads "rhetorical question").
  for (const file of readdirSync(join('content', 'claims'))) {
    const type = /^type:\s*([a-z0-9-]+)\s*$/m.exec(readFileSync(join('content', 'claims', file), 'utf8'))?.[1];
    if (type) ids.add(type);
  }
  // Only ids written with a hyphen can be told from plain words ("likely" is both).
  return [...ids].filter((id) => id.includes('-'));
}

/** One default-route page per state, and one of each refusal. */
export function samplePages(): ClaimPage[] {
  const byState = new Map<string, ClaimPage>();
  for (const p of claimPages()) {
    if (p.raw === null || p.urlModel !== null) continue;
    if (!byState.has(p.trace.result.state)) byState.set(p.trace.result.state, p);
  }
  return [...byState.values()];
}

/** The boxes on the page whose content scrolls sideways, by tag and class. */
export async function sidewaysBoxes(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    [...document.querySelectorAll('body *')]
      .filter((e) => {
        const { overflowX } = getComputedStyle(e);
        return (overflowX === 'auto' || overflowX === 'scroll') && e.scrollWidth > e.clientWidth + 1;
      })
      .map((e) => `${e.tagName.toLowerCase()}.${String(e.className).trim().split(/\s+/).join('.')}`),
  );
}

export const sample = samplePages();

/** Pages without repeats (each call of claimPages() reads the pages afresh, so compare by address). */
export const distinct = (pages: readonly ClaimPage[]): ClaimPage[] => [
  ...new Map(pages.map((p) => [p.url, p])).values(),
];

/** The working of a claim as the trace has it, for choosing the pages with the longest formulas. */
interface Working {
  readonly working: {
    readonly links: readonly { readonly kept: boolean; readonly direction: string }[];
    readonly gradient: { readonly votes: readonly unknown[] };
    readonly prior: { readonly logOdds: string } | null;
  };
}

/** The claim pages whose formulas are the widest: the most votes, the most kept links on one side, a negative prior. */
export function widestFormulaPages(): ClaimPage[] {
  const pages = claimPages().filter((p) => p.raw !== null && isScored(p.trace));
  const working = (p: ClaimPage) => (p.raw as Working).working;
  const most = (score: (p: ClaimPage) => number) =>
    pages.reduce((best, p) => (score(p) > score(best) ? p : best), pages[0]!);
  const side = (p: ClaimPage, direction: string) =>
    working(p).links.filter((l) => l.kept && l.direction === direction).length;
  const picked = [
    most((p) => working(p).gradient.votes.length),
    most((p) => side(p, 'supports')),
    most((p) => side(p, 'opposes')),
    pages.find((p) => working(p).prior?.logOdds.startsWith('-')),
  ];
  return distinct(picked.filter((p): p is ClaimPage => p !== undefined));
}

/**
 * The state, type and level ids in a page's visible text, `<code>` included (a state shown in code
 * is still an id shown), leaving out preformatted text, formulas, text hidden for tools and closed
 * details.
 */
export async function idsShown(page: Page): Promise<string[]> {
  const text = await page.evaluate(() => {
    const main = document.querySelector('main') ?? document.body;
    const copy = main.cloneNode(true) as HTMLElement;
    copy
      .querySelectorAll('pre, .katex, script, style, .visually-hidden, details:not([open]) > :not(summary)')
      .forEach((e) => e.remove());
    return copy.textContent ?? '';
  });
  return stateIds().filter((id) => text.includes(id));
}

/** A cell's visible text: formulas' source, code and hidden text left out. */
export async function cellTexts(page: Page, selector: string): Promise<string[]> {
  return page.locator(selector).evaluateAll((cells) =>
    cells.map((cell) => {
      const copy = cell.cloneNode(true) as HTMLElement;
      copy.querySelectorAll('code, .katex, .visually-hidden').forEach((e) => e.remove());
      return (copy.textContent ?? '').replace(/\s+/g, ' ').trim();
    }),
  );
}
