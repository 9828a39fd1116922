/** The listing's probability and gradient cells, as the listing specs read and check them. */
import { expect, type Page } from '@playwright/test';

/** Each row's probability and gradient cells as a reader reads them, with the gradient cell's links. */
export const gradientCells = (page: Page) =>
  page.locator('main [data-claims] tbody tr').evaluateAll((rows) =>
    rows
      .filter((r) => r.checkVisibility())
      .map((r) => ({
        slug: /claims\/([^/]+)\//.exec(r.querySelector('th a')!.getAttribute('href')!)![1]!,
        probability: r.querySelector('[data-label="Probability"]')!.textContent.trim(),
        gradient: r.querySelector('[data-label="Gradient"]')!.textContent.replace(/\s+/g, ' ').trim(),
        links: [...r.querySelectorAll('[data-label="Gradient"] a')].map((a) => a.getAttribute('href')),
      })),
  );

/** A row of a claim with no probability shows no number for its gradient but links to the gradient's step. */
export function expectGradientKeptApart(rows: Awaited<ReturnType<typeof gradientCells>>): void {
  const without = rows.filter((r) => r.probability === '—');
  expect(without.length, 'the listing has a claim with no probability').toBeGreaterThan(0);
  for (const row of without) {
    expect(row.gradient, row.slug).toBe('— on its page');
    expect(row.links, row.slug).toEqual([expect.stringMatching(new RegExp(`claims/${row.slug}/#gradient$`))]);
  }
  for (const row of rows.filter((r) => r.probability !== '—')) expect(row.gradient, row.slug).toMatch(/^\d\.\d{4} /);
}
