/**
 * Model pages with JavaScript off (issue 13): at 375 px nothing scrolls sideways, not even inside a
 * box; every section links to the same section of the default model's page and back; axe passes;
 * and the default's page works seed 003's example (0.7185, which the seed shows as 0.719).
 */
import { axeOn } from '../support/axe.ts';
import { expect, test } from '@playwright/test';
import { siteRoot } from '../support/e2e-env.ts';
import { defaultModelId, htmlFiles, urlOfFile } from '../support/e2e-site.ts';

test.use({ javaScriptEnabled: false, viewport: { width: 375, height: 812 } });

const modelFiles = htmlFiles().filter((f) => /^models\/[^/]+\/index\.html$/.test(f));
const modelOf = (file: string): string => decodeURIComponent(file.split('/')[1]!);

test('there are model pages to test', () => {
  expect(modelFiles.length).toBeGreaterThan(1);
});

for (const file of modelFiles) {
  const url = urlOfFile(file);

  test(`375px, no JS: ${url} has no sideways scrolling, in the page or in a box`, async ({ page }) => {
    await page.goto(url);
    // Measured in KaTeX's own fonts: a formula set in the fallback font is wider than the reader sees it.
    await page.evaluate(() => document.fonts.ready.then(() => undefined));
    const { width, boxes } = await page.evaluate(() => {
      const scrolling = [...document.querySelectorAll('body *')].filter((e) => {
        const style = getComputedStyle(e);
        return (style.overflowX === 'auto' || style.overflowX === 'scroll') && e.scrollWidth > e.clientWidth + 1;
      });
      return {
        width: document.documentElement.scrollWidth,
        boxes: scrolling.slice(0, 5).map((e) => {
          const section = e.closest('section[id]')?.id ?? '';
          return `${e.tagName.toLowerCase()}.${[...e.classList].join('.')} in #${section} (${e.scrollWidth} > ${e.clientWidth})`;
        }),
      };
    });
    expect(width, `${url} is ${width}px wide`).toBeLessThanOrEqual(375);
    expect(boxes, `${url}: boxes that scroll sideways`).toEqual([]);
  });

  test(`375px: axe passes on ${url}`, async ({ browser }) => {
    test.setTimeout(120_000);
    // axe runs as a script in the page, so this one context has JavaScript; the page runs none of its own.
    const context = await browser.newContext({
      baseURL: siteRoot(),
      javaScriptEnabled: true,
      viewport: { width: 375, height: 812 },
    });
    const page = await context.newPage();
    await page.goto(url);
    const { violations } = await axeOn(page).analyze();
    await context.close();
    expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`)).toEqual([]);
  });
}

test('every section of a model page links to the same section under the default, and back', async ({ page }) => {
  const defaultId = defaultModelId();
  const defaultUrl = urlOfFile(`models/${defaultId}/index.html`);
  await page.goto(defaultUrl);
  const defaultSections = await page
    .locator('main section.step[id]:not(section.step section)')
    .evaluateAll((s) => s.map((e) => e.id));
  expect(defaultSections.length).toBeGreaterThan(10);
  const others = modelFiles.map(modelOf).filter((id) => id !== defaultId);
  for (const id of defaultSections) {
    // The default's page lists the same section under every other model.
    const back = await page
      .locator(`section#${id} > .also-under a`)
      .evaluateAll((as) => as.map((a) => (a as HTMLAnchorElement).getAttribute('href')));
    expect([...back].sort(), `#${id} on the default's page`).toEqual(
      others.map((other) => `${urlOfFile(`models/${other}/index.html`)}#${id}`).sort(),
    );
  }
  for (const other of others) {
    await page.goto(urlOfFile(`models/${other}/index.html`));
    const sections = await page
      .locator('main section.step[id]:not(section.step section)')
      .evaluateAll((s) => s.map((e) => e.id));
    expect(sections, `${other} has the default's sections`).toEqual(defaultSections);
    for (const id of sections) {
      const link = page.locator(`section#${id} > h2 a.also`);
      await expect(link, `#${id} under ${other}`).toHaveAttribute('href', `${defaultUrl}#${id}`);
    }
    // Following one lands on the same section, which exists there.
    const pick = sections[Math.floor(sections.length / 2)]!;
    await page.locator(`section#${pick} > h2 a.also`).click();
    await expect(page).toHaveURL(new RegExp(`#${pick}$`));
    await expect(page.locator(`section#${pick}`)).toHaveCount(1);
    await page.locator(`section#${pick} > .also-under a`, { hasText: other }).click();
    await expect(page).toHaveURL(new RegExp(`${other.replace(/[.@]/g, '\\$&')}/#${pick}$`));
  }
});

test("the default model's page works seed 003's example: 0.7185, shown by the seed as 0.719", async ({ page }) => {
  await page.goto(urlOfFile(`models/${defaultModelId()}/index.html`));
  // Expected from seed 003 and independent arithmetic: (0.9 ln 801 + 0.8 ln 201 + 0.3 ln 51) ÷
  // (ln 801 + ln 201 + ln 51) = 11.4395 ÷ 15.9210 = 0.71851…, which is 0.7185 at 4 places and 0.719 at 3.
  const result = page.locator('.seed-result');
  await expect(result).toContainText('0.7185');
  await expect(result).toContainText('0.719');
  const edges = page.locator('.edge-cases');
  await expect(edges).toContainText('0.5000');
  await expect(edges).toContainText('no votes');
  // The weight table names its baseline: 1×, 24×, 46×, 62×, 69×, 92× (ln(1 + r) ÷ 0.1, rounded).
  const multiples = await page.locator('table.weights td.about').allInnerTexts();
  expect(multiples.map((t) => t.trim())).toEqual(['1×', '24×', '46×', '62×', '69×', '92×']);
  // The vote-weight formula is the claim pages': with max(0, r) and the rounding.
  // Read in the formulas' MathML (what a screen reader gets), without function-application marks and spaces.
  const formula = (await page.locator('#gradient math').allTextContents()).map((f) => f.replace(/[\u2061\s]/g, ''));
  expect(formula.some((f) => f.includes('max(0,r)') && f.includes('round'))).toBe(true);
});
