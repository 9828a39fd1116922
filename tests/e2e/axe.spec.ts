/**
 * axe finds no accessibility violations on one page of each kind, in the light colour scheme,
 * and no contrast failure in the dark one.
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { pageKinds } from '../support/e2e-kinds.ts';

for (const { kind, url, missing } of pageKinds()) {
  for (const colorScheme of ['light', 'dark'] as const) {
    test(`axe: ${kind} (${colorScheme})`, async ({ page }) => {
      // The largest pages (the highlighted reference, the spec) take axe a while.
      test.setTimeout(120_000);
      expect(url, `the built site has a ${kind} (${missing ?? ''})`).not.toBeNull();
      await page.emulateMedia({ colorScheme });
      await page.goto(url!);
      // Only colours change with the scheme, so the dark pass runs the contrast rule alone.
      const axe = new AxeBuilder({ page });
      // The reference's source is thousands of token spans, which took axe minutes: its colours, a
      // small fixed set, are checked in tests/unit/render/highlight.test.ts; its frame is checked here.
      if (kind === 'reference') axe.exclude('pre.shiki > code');
      const { violations } = await (colorScheme === 'dark' ? axe.withRules(['color-contrast']) : axe).analyze();
      const summary = violations.map(
        (v) =>
          `${v.id} (${v.impact ?? 'unknown'}): ${v.help} — ${v.nodes.length} element(s), e.g. ${v.nodes
            .slice(0, 3)
            .map((n) => n.target.join(' '))
            .join(' | ')} — ${(v.nodes[0]?.failureSummary ?? '').replace(/\s+/g, ' ')}`,
      );
      expect(summary, `${url}`).toEqual([]);
    });
  }
}

// Between 700 and 1,024 px the model pages' tables scroll sideways: each must be reachable by keyboard.
for (const { kind, url } of pageKinds().filter((k) => k.kind.startsWith('model (') || k.kind.startsWith('claim ('))) {
  test(`axe at 768 px: ${kind}`, async ({ page }) => {
    test.setTimeout(120_000);
    expect(url).not.toBeNull();
    await page.setViewportSize({ width: 768, height: 1024 });
    await page.goto(url!);
    const { violations } = await new AxeBuilder({ page }).analyze();
    expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`)).toEqual([]);
  });
}
