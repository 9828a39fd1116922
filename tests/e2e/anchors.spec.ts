/**
 * Every step of a claim's working has a stable anchor and a visible "link to this step", so a
 * link can point at exactly one step of one claim under one model.
 */
import { expect, test } from '@playwright/test';
import { claimPages, isScored, parsedPage, SCORED_ONLY_ANCHORS, STEP_ANCHORS } from '../support/e2e-site.ts';

const expectedAnchors = (linkIds: readonly string[], scored: boolean): string[] => [
  ...linkIds.map((id) => `link-${id}`),
  ...STEP_ANCHORS.filter((a) => scored || !SCORED_ONLY_ANCHORS.includes(a)),
];

test('a scored claim page has every anchor, each with a visible "link to this step"', async ({ page }) => {
  const claim = claimPages().find(
    (p) => p.raw !== null && p.urlModel === null && isScored(p.trace) && p.trace.links.length > 0,
  );
  expect(claim, 'a scored claim with evidence links under the default model').toBeDefined();
  await page.goto(claim!.url);
  // Each step: one element with the id, and a visible "link to this step" in its heading.
  for (const id of STEP_ANCHORS) {
    await expect(page.locator(`[id="${id}"]`), `#${id} exists once`).toHaveCount(1);
    // Under the default model the link is the step's pinned address, /claims/<slug>/<default>/#<step>.
    const affordance = page.locator(`a.anchor[href$="#${id}"]`).first();
    await expect(affordance, `#${id} has a "link to this step"`).toBeVisible();
    await expect(affordance).toContainText(/link to this step/i);
  }
  // Each evidence link: a row of the links table, with a visible link to itself.
  for (const { id } of claim!.trace.links) {
    const row = page.locator(`[id="link-${id}"]`);
    await expect(row, `#link-${id} exists once`).toHaveCount(1);
    await expect(row).toHaveJSProperty('tagName', 'TR');
    await expect(row.locator(`a[href="#link-${id}"]`).first(), `#link-${id} links to itself`).toBeVisible();
  }
  // Following a step link scrolls to the step.
  await page.locator('a.anchor[href$="#stability"]').first().click();
  await expect(page).toHaveURL(/#stability$/);
  await expect(page.locator('#stability')).toBeInViewport();
});

test('every claim page under every model has its anchors and their links', () => {
  const pages = claimPages().filter((p) => p.raw !== null);
  expect(pages.length, 'claim pages with traces are built').toBeGreaterThan(0);
  const missing: string[] = [];
  pages.forEach((claim) => {
    const { ids, refs } = parsedPage(claim.htmlFile);
    const hrefs = new Set(refs.filter((r) => r.tag === 'a' && r.attr === 'href').map((r) => r.value));
    for (const id of expectedAnchors(
      claim.trace.links.map((l) => l.id),
      isScored(claim.trace),
    )) {
      if (!ids.includes(id)) missing.push(`${claim.url}: no element with id "${id}"`);
      else if (![...hrefs].some((h) => h === `#${id}` || h.endsWith(`/#${id}`)))
        missing.push(`${claim.url}: no link to #${id}`);
    }
  });
  expect(missing).toEqual([]);
});
