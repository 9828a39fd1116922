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

/** The parts of a trace a refusal's page shows. */
interface RefusedTrace {
  result: { state: string; reason: string | null };
  links: { id: string; weight: string }[];
  working: { gradient: { value: string } };
}

test.describe('a refused claim’s page is short', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  for (const kind of REFUSALS) {
    test(`${kind}: why, the evidence as recorded, the gradient and every model, and no empty step`, async ({
      page,
    }) => {
      const claim = claimPages().find(
        (p) => p.raw !== null && p.urlModel === null && p.trace.result.state === kind && p.trace.links.length > 0,
      );
      test.skip(claim === undefined, `the site has no ${kind} claim with evidence`);
      const trace = claim!.raw as RefusedTrace;
      await page.goto(claim!.url);
      const main = page.locator('main');

      // Why: the refusal's reason, in its own step near the top.
      const why = page.locator('#why');
      await expect(why).toHaveCount(1);
      if (trace.result.reason) await expect(why).toContainText(trace.result.reason);
      // The evidence as recorded: every link with its weight, and no word of log-odds it never reaches.
      for (const link of trace.links) {
        const row = page.locator(`[id="link-${link.id}"]`);
        await expect(row).toHaveCount(1);
        await expect(row.locator('[data-field$=".weight"]').first()).toHaveText(link.weight);
      }
      await expect(main).not.toContainText('Kept: adds to the log-odds');
      await expect(main).not.toContainText('Kept: subtracts from the log-odds');
      // The gradient and the claim under every model.
      await expect(page.locator('#gradient')).toContainText(trace.working.gradient.value);
      await expect(page.locator('#every-model svg')).toHaveCount(1);
      await expect(page.locator('#models')).toHaveCount(1);
      // No empty step: no prior, sum, probability, state, stability or groups, no empty curve.
      for (const step of ['groups', 'prior', 'sum', 'probability', 'state', 'stability'])
        await expect(page.locator(`[id="${step}"]`), `#${step} is left out`).toHaveCount(0);
      for (const empty of ['No prior', 'No sum', 'No stability', 'No probability.'])
        await expect(main, `"${empty}" is not written`).not.toContainText(empty);
      await expect(page.locator('svg title', { hasText: 'logistic curve' })).toHaveCount(0);
      // The contents list only the steps the page has.
      for (const href of await page
        .locator('.claim-contents a')
        .evaluateAll((as) => as.map((a) => a.getAttribute('href'))))
        await expect(page.locator(`[id="${href!.slice(1)}"]`), `${href} is on the page`).toHaveCount(1);
      // Short: at 1,280 px it was 8,018 px (river-lark-record-level, JavaScript on) with every empty step.
      const height = await page.evaluate(() => document.documentElement.scrollHeight);
      expect(height, 'the page height at 1,280 px').toBeLessThan(6000);
    });
  }
});
