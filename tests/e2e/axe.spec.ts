/**
 * axe finds no accessibility violations on one page of each kind, in the light colour scheme,
 * and no contrast failure in the dark one; and none at 768 px on the claim and model pages.
 *
 * Each kind is one test and one page load: axe runs in the light scheme, then in the dark one
 * (only colours change with the scheme, so the dark pass runs the contrast rule alone), then, for a
 * claim or model page, at 768 px. axe reports violations only (`axeOn`, tests/support/axe.ts):
 * the passes it no longer describes in full were never read.
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

for (const { kind, url, missing } of pageKinds()) {
  // Between 700 and 1,024 px the model pages' tables scroll sideways: each must be reachable by keyboard.
  const at768 = kind.startsWith('model (') || kind.startsWith('claim (');
  test(`axe: ${kind} (light, dark${at768 ? ', 768 px' : ''})`, async ({ page }) => {
    // The largest pages (the highlighted reference, the spec) take axe a while.
    test.setTimeout(180_000);
    expect(url, `the built site has a ${kind} (${missing ?? ''})`).not.toBeNull();
    await page.emulateMedia({ colorScheme: 'light' });
    await page.goto(url!);
    expect(await violations(page, kind), `${url} (light)`).toEqual([]);
    await page.emulateMedia({ colorScheme: 'dark' });
    expect(await violations(page, kind, ['color-contrast']), `${url} (dark)`).toEqual([]);
    if (!at768) return;
    await page.emulateMedia({ colorScheme: 'light' });
    await page.setViewportSize({ width: 768, height: 1024 });
    expect(await violations(page, kind), `${url} at 768 px`).toEqual([]);
  });
}
