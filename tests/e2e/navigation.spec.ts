/**
 * A reader's path through the site by its own links: home → a claim → the model it is scored
 * under → comparing that model with another, and back again through the browser's history.
 */
import { expect, test } from '@playwright/test';
import { claimPages, defaultModelId } from '../support/e2e-site.ts';

const escapeRe = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const pathIs = (path: string): RegExp => new RegExp(`^[^/]*//[^/]+${escapeRe(path)}$`);

test('home → claim → model → compare, and back', async ({ page }) => {
  const model = defaultModelId();
  await page.goto('/');
  await expect(page.locator('h1')).toBeVisible();

  // A claim, by the first claim link in the listing.
  const claimLink = page.locator('main a[href^="/claims/"]').first();
  const claimHref = await claimLink.getAttribute('href');
  expect(claimHref, 'the home page links to claim pages').toMatch(/^\/claims\/[^/]+\/$/);
  const slug = claimHref!.split('/')[2]!;
  const claim = claimPages().find((p) => p.slug === slug && p.urlModel === null);
  expect(claim, `claims/${slug}/ is built with its trace.json`).toBeDefined();
  await claimLink.click();
  await expect(page).toHaveURL(pathIs(`/claims/${slug}/`));
  await expect(page.locator('h1')).toBeVisible();
  await expect(page.locator('main')).toContainText(claim!.trace.input.statement);

  // The model the claim is scored under, by a link in the claim page's own content.
  await page.locator(`main a[href="/models/${model}/"]`).first().click();
  await expect(page).toHaveURL(pathIs(`/models/${model}/`));
  await expect(page.locator('h1')).toContainText(model);

  // Compare, by the site's navigation, then a pair by the compare page's own links.
  await page.locator('header nav a[href="/compare/"]').click();
  await expect(page).toHaveURL(pathIs('/compare/'));
  await expect(page.locator('h1')).toBeVisible();
  const pairHrefs = await page
    .locator('main a[href^="/compare/"]')
    .evaluateAll((links) => links.map((a) => a.getAttribute('href') ?? ''));
  const pairHref = pairHrefs.find((h) => /^\/compare\/[^/]+\/[^/]+\/$/.test(h));
  expect(pairHref, 'the compare page links to a pair of models').toBeDefined();
  const [, , a, b] = pairHref!.split('/');
  await page.locator(`main a[href="${pairHref}"]`).first().click();
  await expect(page).toHaveURL(pathIs(pairHref!));
  await expect(page.locator('h1')).toBeVisible();
  await expect(page.locator('main')).toContainText(a!);
  await expect(page.locator('main')).toContainText(b!);

  // And back, step by step.
  await page.goBack();
  await expect(page).toHaveURL(pathIs('/compare/'));
  await page.goBack();
  await expect(page).toHaveURL(pathIs(`/models/${model}/`));
  await expect(page.locator('h1')).toContainText(model);
  await page.goBack();
  await expect(page).toHaveURL(pathIs(`/claims/${slug}/`));
  await expect(page.locator('main')).toContainText(claim!.trace.input.statement);
  await page.goBack();
  await expect(page).toHaveURL(pathIs('/'));
});

test('the claim page links to the same claim under every released model', async ({ page }) => {
  const pages = claimPages().filter((p) => p.raw !== null);
  const slug = pages.find((p) => p.urlModel === null)?.slug;
  expect(slug, 'a default claim page exists').toBeDefined();
  const models = pages.filter((p) => p.slug === slug && p.urlModel !== null).map((p) => p.urlModel!);
  await page.goto(`/claims/${slug}/`);
  for (const model of models) {
    await expect(page.locator(`main a[href="/claims/${slug}/${model}/"]`).first()).toBeAttached();
  }
  const other = models.find((m) => m !== defaultModelId());
  test.skip(other === undefined, 'only one model is released');
  // The first link a reader sees (the every-model table may sit folded in a <details>).
  await page.locator(`main a[href="/claims/${slug}/${other}/"]:visible`).first().click();
  await expect(page).toHaveURL(pathIs(`/claims/${slug}/${other}/`));
  await expect(page.locator('main')).toContainText(other!);
});

test('on a comparison, each figure and trace link is named by its claim and model', async ({ page }) => {
  const [a, b] = [defaultModelId(), 'ledger-sceptic@1.0.0'];
  await page.goto(`/compare/${a}/${b}/`);
  const rows = await page.locator('table.claim-diff tbody tr').all();
  expect(rows.length, 'the pair has claims that differ').toBeGreaterThan(0);
  for (const row of rows.slice(0, 5)) {
    const statement = (await row.locator('th > span').first().innerText()).trim();
    expect(statement.length).toBeGreaterThan(0);
    for (const [i, model] of [a, b].entries()) {
      const figure = row.locator('a.num-link').nth(i);
      await expect(figure).toHaveAccessibleName(`${(await figure.innerText()).trim()} Under ${model} ${statement}`);
      await expect(row.locator('a.trace-link').nth(i)).toHaveAccessibleName(`trace ${statement} Under ${model}`);
    }
  }
});
