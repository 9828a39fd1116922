/**
 * Search on two sites in a real browser (Chromium, as the browser tests drive it): for each of a
 * few queries made from the static build's claims (a statement's opening words, a source's name,
 * a claimant's name), the first result's address on each site. The server check compares them.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, type Page } from '@playwright/test';
import { CHROMIUM_ARGS, chromiumPath } from '../../tests/support/e2e-env.ts';

/** Queries from a few claims of the static build: words a reader would type, no numbers. */
function queries(staticDir: string): string[] {
  const out: string[] = [];
  const slugs = readdirSync(join(staticDir, 'claims')).sort();
  for (const slug of slugs.filter((_, i) => i % 9 === 0)) {
    let trace: { input: { statement: string; sources: { name: string }[]; claimant?: { name: string } } };
    try {
      trace = JSON.parse(readFileSync(join(staticDir, 'claims', slug, 'trace.json'), 'utf8')) as typeof trace;
    } catch {
      continue;
    }
    const words = (text: string, n: number): string => (text.match(/[A-Za-z]{4,}/g) ?? []).slice(0, n).join(' ');
    out.push(words(trace.input.statement, 4), words(trace.input.sources[0]?.name ?? '', 3));
    if (trace.input.claimant) out.push(words(trace.input.claimant.name, 3));
  }
  return [...new Set(out.filter((q) => q !== ''))];
}

/** The first result's path (from the site's root, no origin) for `query`, or '' for none. */
async function firstResult(page: Page, query: string): Promise<string> {
  const input = page.locator('.pagefind-ui__search-input');
  await input.fill(query);
  // Pagefind writes "N results for <query>" (or "No results for …"), then lists them.
  const message = page.locator('.pagefind-ui__message').filter({ hasText: query });
  await message.waitFor({ timeout: 15_000 });
  if (/^\s*no results/i.test(await message.innerText())) return '';
  const first = page.locator('.pagefind-ui__result-link').first();
  await first.waitFor({ timeout: 15_000 });
  return new URL((await first.getAttribute('href')) ?? '', page.url()).pathname;
}

/** For each site (an origin with its base), each query's first result. */
export async function searchFirstResults(sites: readonly string[], staticDir: string): Promise<Map<string, string>[]> {
  const browser = await chromium.launch({ executablePath: chromiumPath(), args: [...CHROMIUM_ARGS] });
  try {
    const asked = queries(staticDir);
    const out: Map<string, string>[] = [];
    for (const site of sites) {
      const page = await browser.newPage();
      await page.goto(`${site}/search/`);
      await page.locator('.pagefind-ui__search-input').waitFor({ timeout: 15_000 });
      const results = new Map<string, string>();
      for (const query of asked) results.set(query, await firstResult(page, query));
      out.push(results);
      await page.close();
    }
    return out;
  } finally {
    await browser.close();
  }
}
