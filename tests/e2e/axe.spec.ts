/**
 * axe finds no accessibility violations on one page of each kind, in the light colour scheme,
 * and no contrast failure in the dark one, at 1,280 px; none at 768 px; and none at 375 px on the
 * kinds no other spec runs axe on at that width.
 *
 * Each kind is one test and one page load: axe runs in the light scheme, then in the dark one
 * (only colours change with the scheme, so the dark pass runs the contrast rule alone), then at
 * 768 px, then (some kinds) at 375 px. axe reports violations only (`axeOn`, tests/support/axe.ts):
 * the passes it no longer describes in full were never read.
 *
 * Every rule at 375 px is run elsewhere on: the claim pages, one a state and refusal
 * (reader.spec.ts); the home page, the listings and the comparisons (listings.spec.ts); the model
 * pages (model-page.spec.ts); a claim's history (history.spec.ts); the offline archive page
 * (archive-download.spec.ts). The kinds below are the rest.
 */
import { axeOn } from '../support/axe.ts';
import { expect, test, type Page } from '@playwright/test';
import { pageKinds } from '../support/e2e-kinds.ts';

/** axe's violations on the page as it is now, one line each. */
async function violations(page: Page, kind: string, rules?: string[]): Promise<string[]> {
  const axe = axeOn(page);
  // The reference's source is thousands of token spans, which took axe minutes: its colours, a
  // small fixed set, are checked in tests/unit/render/highlight.test.ts; its frame is checked here.
  if (kind === 'reference') axe.exclude('pre.shiki > code');
  if (rules) axe.withRules(rules);
  const { violations } = await axe.analyze();
  return violations.map(
    (v) =>
      `${v.id} (${v.impact ?? 'unknown'}): ${v.help} — ${v.nodes.length} element(s), e.g. ${v.nodes
        .slice(0, 3)
        .map((n) => n.target.join(' '))
        .join(' | ')} — ${(v.nodes[0]?.failureSummary ?? '').replace(/\s+/g, ' ')}`,
  );
}

/** The kinds of page that no other spec runs every axe rule on at 375 px. */
const ONLY_HERE_AT_375 = new Set(['browse page', 'models index', 'spec', 'reference', 'search', 'contribute', '404']);

for (const { kind, url, missing } of pageKinds()) {
  // (Between 700 and 1,024 px the model pages' tables scroll sideways: each must be reachable by keyboard.)
  const at375 = ONLY_HERE_AT_375.has(kind);
  test(`axe: ${kind} (light, dark, 768 px${at375 ? ', 375 px' : ''})`, async ({ page }) => {
    // The largest pages (the highlighted reference, the spec) take axe a while.
    test.setTimeout(180_000);
    expect(url, `the built site has a ${kind} (${missing ?? ''})`).not.toBeNull();
    await page.emulateMedia({ colorScheme: 'light' });
    await page.goto(url!);
    expect(await violations(page, kind), `${url} (light)`).toEqual([]);
    await page.emulateMedia({ colorScheme: 'dark' });
    expect(await violations(page, kind, ['color-contrast']), `${url} (dark)`).toEqual([]);
    await page.emulateMedia({ colorScheme: 'light' });
    await page.setViewportSize({ width: 768, height: 1024 });
    expect(await violations(page, kind), `${url} at 768 px`).toEqual([]);
    if (!at375) return;
    await page.setViewportSize({ width: 375, height: 812 });
    expect(await violations(page, kind), `${url} at 375 px`).toEqual([]);
  });
}

test('the kinds axe checks at 375 px here are kinds of page', () => {
  const kinds = new Set(pageKinds().map(({ kind }) => kind));
  expect([...ONLY_HERE_AT_375].filter((kind) => !kinds.has(kind))).toEqual([]);
});
