/**
 * `/contribute/`: one section per field of the claim schema (with the schema's own description),
 * every level of the default model's tables with the factor the published model declares, the
 * sections that `check`'s help lines point to, and a link to the page from every page's footer.
 */
import { expect, test } from '@playwright/test';
import { claimFields, LEVEL_TABLES, problemAnchor } from '../../src/lib/authoring/contribute.ts';
import { defaultModelId, readSiteFile } from '../support/e2e-site.ts';

test('every field of a claim file has its own section with the schema’s description', async ({ page }) => {
  await page.goto('/contribute/');
  for (const field of claimFields()) {
    const section = page.locator(`#${field.anchor}`);
    await expect(section, field.path).toHaveCount(1);
    await expect(section.locator('.field-description')).toHaveText(field.description);
    await expect(section.locator('h3, h4').first()).toContainText(field.required ? 'required' : 'optional');
    // The table of contents links to it.
    await expect(page.locator(`nav a[href="#${field.anchor}"]`)).toHaveCount(1);
  }
});

test('each level of the default model is listed with the factor the published model declares', async ({ page }) => {
  const id = defaultModelId();
  const model = JSON.parse(readSiteFile(`models/${id}/model.json`)) as Record<string, Record<string, string>>;
  await page.goto('/contribute/');
  for (const table of LEVEL_TABLES) {
    const rows = page.locator(`#field-evidence-${table} table tbody tr`);
    const shown = await rows.evaluateAll((trs) =>
      trs.map((tr) => [tr.querySelector('th')!.textContent.trim(), tr.querySelector('td.num')!.textContent.trim()]),
    );
    expect(Object.fromEntries(shown), table).toEqual(model[table]);
    // Every level says what it means.
    for (const meaning of await rows.locator('td:nth-child(3)').allTextContents()) expect(meaning.trim()).not.toBe('');
  }
  await expect(page.locator('#field-evidence-interpretationSteps table tbody tr').first()).toContainText('0');
  await expect(page.locator('#field-reviews-check table tbody tr')).toHaveCount(
    (model['review'] as unknown as { checks: string[] }).checks.length,
  );
  await expect(page.locator('#field-votes-reputation table tbody tr').first()).toContainText(/\d/);
});

test('the sections check’s help lines point to exist', async ({ page }) => {
  await page.goto('/contribute/');
  const claimFile = 'content/claims/x.yaml';
  for (const field of [
    'statement',
    'evidence[2].relevance',
    'evidence[0].weight',
    'sources[1].url',
    'votes[0].value',
    'reviews[3].check',
    '(file name)',
    '(yaml)',
  ]) {
    const anchor = problemAnchor({ file: claimFile, field });
    expect(anchor, field).not.toBeNull();
    await expect(page.locator(`[id="${anchor}"]`), field).toHaveCount(1);
  }
});

// axe.spec.ts checks this page at 1,280 px (light, and the dark scheme's contrast) and
// playground.spec.ts its playground at 375 px.
test('every page’s footer links to the page', async ({ page }) => {
  await page.goto('/');
  await page.locator('footer a[href="/contribute/"]').click();
  await expect(page.locator('h1')).toHaveText('Add or correct a claim');
});

test.describe('at phone width', () => {
  test.use({ viewport: { width: 375, height: 812 } });

  test('the page does not scroll sideways', async ({ page }) => {
    await page.goto('/contribute/');
    const { scrollWidth, sticking } = await page.evaluate(() => ({
      scrollWidth: document.documentElement.scrollWidth,
      sticking: [...document.querySelectorAll('body *')]
        .filter((e) => e.getBoundingClientRect().right > window.innerWidth + 0.5)
        .filter((e) => !e.parentElement || e.parentElement.getBoundingClientRect().right <= window.innerWidth + 0.5)
        .slice(0, 5)
        .map((e) => `${e.tagName.toLowerCase()}.${String(e.className)} ${e.textContent?.slice(0, 40) ?? ''}`),
    }));
    expect(scrollWidth, sticking.join(' | ')).toBeLessThanOrEqual(375);
  });
});
