/**
 * "Show the default model instead" keeps the reader's place: from a step of a claim under one
 * model to the same step under the default model, with JavaScript on and off.
 */
import { expect, test, type Page } from '@playwright/test';
import { claimPages, defaultModelId, isScored } from '../support/e2e-site.ts';

/** A scored claim under a model other than the default (so every step exists on both pages). */
function otherModelPage(): { slug: string; model: string } {
  const defaultModel = defaultModelId();
  const pages = claimPages().filter((p) => p.raw !== null);
  const found = pages.find(
    (p) =>
      p.urlModel !== null &&
      p.urlModel !== defaultModel &&
      isScored(p.trace) &&
      pages.some((d) => d.slug === p.slug && d.urlModel === null && isScored(d.trace)),
  );
  if (!found) throw new Error('no claim scored both under the default model and under another model');
  return { slug: found.slug, model: found.urlModel! };
}

const pathAndHash = (page: Page): string => {
  const url = new URL(page.url());
  return `${url.pathname}${url.hash}`;
};

test.describe('with JavaScript', () => {
  test('the toggle lands on the anchor the page was opened at', async ({ page }) => {
    const { slug, model } = otherModelPage();
    await page.goto(`/claims/${slug}/${model}/#stability`);
    const toggle = page.locator('a.toggle[data-default-toggle]');
    await expect(toggle).toHaveCount(1);
    await expect(toggle).toBeVisible();
    await expect(toggle).toHaveText(/show the default model instead/i);
    await toggle.click();
    await expect.poll(() => pathAndHash(page)).toBe(`/claims/${slug}/#stability`);
    await expect(page.locator('#stability')).toBeInViewport();
  });

  test('the toggle follows the anchor the reader moved to', async ({ page }) => {
    const { slug, model } = otherModelPage();
    await page.goto(`/claims/${slug}/${model}/`);
    await page.locator('a.anchor[href="#coverage"]').first().click();
    await expect.poll(() => new URL(page.url()).hash).toBe('#coverage');
    await page.locator('a.toggle[data-default-toggle]').click();
    await expect.poll(() => pathAndHash(page)).toBe(`/claims/${slug}/#coverage`);
    await expect(page.locator('#coverage')).toBeInViewport();
  });
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the toggle is a plain link to the default model', async ({ page }) => {
    const { slug, model } = otherModelPage();
    await page.goto(`/claims/${slug}/${model}/#stability`);
    const toggle = page.locator('a.toggle[data-default-toggle]');
    await expect(toggle).toHaveAttribute('href', `/claims/${slug}/`);
    await toggle.click();
    await expect.poll(() => new URL(page.url()).pathname).toBe(`/claims/${slug}/`);
  });

  test('the step heading links to the same step under the default model', async ({ page }) => {
    const { slug, model } = otherModelPage();
    await page.goto(`/claims/${slug}/${model}/#stability`);
    const heading = page.locator('h2, h3', { has: page.locator('a.anchor[href="#stability"]') });
    await expect(heading).toHaveCount(1);
    const also = heading.locator('a.also');
    await expect(also).toBeVisible();
    await expect(also).toHaveAttribute('href', `/claims/${slug}/#stability`);
    await also.click();
    await expect.poll(() => pathAndHash(page)).toBe(`/claims/${slug}/#stability`);
    await expect(page.locator('#stability')).toBeInViewport();
  });
});
