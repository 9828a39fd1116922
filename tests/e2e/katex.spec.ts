/**
 * Formulas are KaTeX HTML rendered at build time, styled and typeset with the site's own copy of
 * KaTeX's stylesheet and woff2 fonts.
 */
import { expect, test } from '@playwright/test';
import { claimPages, defaultModelOrNull, isScored } from '../support/e2e-site.ts';

const formulaPages = (): { name: string; url: string | undefined }[] => [
  { name: 'default model page', url: defaultModelOrNull() === null ? undefined : `/models/${defaultModelOrNull()}/` },
  { name: 'specification', url: '/spec/' },
  {
    name: 'scored claim page',
    url: claimPages().find((p) => p.raw !== null && p.urlModel === null && isScored(p.trace))?.url,
  },
];

for (const { name, url } of formulaPages()) {
  test(`KaTeX's stylesheet and fonts load on the ${name}`, async ({ page }) => {
    expect(url, `a ${name} is built`).toBeDefined();
    const fonts: { url: string; status: number }[] = [];
    const stylesheets: { url: string; status: number }[] = [];
    const failed: string[] = [];
    page.on('response', (response) => {
      const entry = { url: response.url(), status: response.status() };
      if (response.url().endsWith('.woff2')) fonts.push(entry);
      if (new URL(response.url()).pathname === '/katex/katex.min.css') stylesheets.push(entry);
    });
    page.on('requestfailed', (request) => {
      if (request.url().endsWith('.woff2') || request.url().endsWith('.css')) failed.push(request.url());
    });
    const response = await page.goto(url!);
    expect(response?.status(), `${url} is served`).toBe(200);
    expect(stylesheets, "the site's own KaTeX stylesheet is loaded").toEqual([
      { url: expect.stringContaining('/katex/katex.min.css'), status: 200 },
    ]);

    await expect(page.locator('.katex').first()).toBeVisible();
    await expect(page.locator('.katex-error')).toHaveCount(0);
    const loaded = await page.evaluate(() =>
      document.fonts.ready.then(
        () => [...document.fonts].filter((f) => f.family.includes('KaTeX') && f.status === 'loaded').length,
      ),
    );
    expect(loaded, 'KaTeX font faces loaded').toBeGreaterThan(0);
    expect(fonts.length, 'woff2 fonts were requested').toBeGreaterThan(0);
    for (const font of fonts) {
      expect(new URL(font.url).pathname, 'fonts come from the site').toMatch(/^\/katex\/fonts\/KaTeX_[\w-]+\.woff2$/);
      expect(font.status, font.url).toBe(200);
    }
    expect(failed).toEqual([]);
  });
}

// Pages with no formula do without KaTeX's render-blocking stylesheet (21 KB, unused there).
for (const url of ['/', '/compare/']) {
  test(`KaTeX's stylesheet is not loaded on ${url}, which has no formula`, async ({ page }) => {
    const loaded: string[] = [];
    page.on('response', (response) => {
      if (new URL(response.url()).pathname.endsWith('/katex/katex.min.css')) loaded.push(response.url());
    });
    await page.goto(url);
    await expect(page.locator('.katex')).toHaveCount(0);
    expect(loaded).toEqual([]);
  });
}
