/**
 * A claim the model refuses to score (not applicable, or too little evidence) shows the refusal
 * and its reason, and no probability anywhere a reader would take for one.
 */
import { expect, test, type Page } from '@playwright/test';
import { claimPages, HEADLINE_NOTE, parsedPage, REFUSALS } from '../support/e2e-site.ts';

/** The text of the page's headline (see HEADLINE_NOTE). */
const headlineText = (page: Page): Promise<string> =>
  page.locator('main').evaluate((main) => {
    const firstStep = main.querySelector('h2');
    const range = document.createRange();
    range.setStart(main, 0);
    if (firstStep) range.setEndBefore(firstStep);
    else range.setEnd(main, main.childNodes.length);
    return range.toString();
  });

test('a refused claim, found from the home page, shows its refusal and no number', async ({ page }) => {
  await page.goto('/');
  const selector = REFUSALS.map((s) => `main [data-state="${s}"]`).join(', ');
  const row = page.locator(selector).first();
  await expect(row, 'the home page lists a claim with a refusal').toHaveCount(1);
  const state = (await row.getAttribute('data-state'))!;
  await row.locator('a[href^="/claims/"]').first().click();
  await expect(page).toHaveURL(/\/claims\/[^/]+\/$/);

  await expect(page.locator('[data-field="result.probability"]')).toHaveCount(0);
  await expect(page.locator('[data-field="result.state"]').first()).toHaveText(state);
  const headline = await headlineText(page);
  expect(headline, `no probability-like number in the headline: ${HEADLINE_NOTE}`).not.toMatch(/\b0\.\d{4}\b/);
  const trace = claimPages().find((p) => p.url === new URL(page.url()).pathname);
  expect(trace?.trace.result.probability, 'its trace has no probability either').toBeNull();
  const reason = trace?.trace.result.reason;
  if (reason) await expect(page.locator('main'), 'the refusal gives its reason').toContainText(reason);
});

test('no refused claim under any model shows a probability', async ({ page }) => {
  const refused = claimPages().filter((p) => p.raw !== null && REFUSALS.includes(p.trace.result.state));
  expect(refused.length, 'some claim is refused under some model').toBeGreaterThan(0);
  const shown = refused.flatMap((p) => {
    const { fields, headline } = parsedPage(p.htmlFile);
    return [
      ...fields.filter((f) => f.field === 'result.probability').map((f) => `${p.url}: result.probability "${f.text}"`),
      ...(headline.match(/\b0\.\d{4}\b/g) ?? []).map((n) => `${p.url}: "${n}" in the headline`),
    ];
  });
  expect(shown).toEqual([]);
  for (const claim of refused.slice(0, 4)) {
    await page.goto(claim.url);
    expect(await headlineText(page), `${claim.url} headline: ${HEADLINE_NOTE}`).not.toMatch(/\b0\.\d{4}\b/);
  }
});
