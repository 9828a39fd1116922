/**
 * Listings and compare pages for people on phones with JavaScript off: nothing hides in a box that
 * scrolls sideways, /claims/ and /browse/ are pages, ids are shown in words, axe passes, and the
 * compare row of a claim whose state changed names the setting that moved it.
 */
import { axeOn } from '../support/axe.ts';
import { expect, test, type Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expectGradientKeptApart, gradientCells } from '../support/gradient-cells.ts';

test.use({ viewport: { width: 375, height: 812 }, javaScriptEnabled: false });

const defaultModel = /^default:\s*(\S+)/m.exec(readFileSync(join(process.cwd(), 'models', 'site.yaml'), 'utf8'))![1]!;
const STRICT = 'ledger-strict@0.1.0';
const strictCompare = `/compare/${defaultModel}/${STRICT}/`;
const PAGES = ['/', '/claims/', '/browse/', '/compare/', strictCompare, `/compare/${STRICT}/${defaultModel}/`];

// Ids a reader should only ever see in words: states, refusals, gradient statuses, claim types.
const IDS =
  /\b(very-likely|very-unlikely|insufficient-evidence|not-applicable|consensus-true|consensus-false|no-votes|rhetorical-question|value-judgement|second-hand-report|first-hand-account|official-record)\b/g;

/** The page's text outside code, pre, scripts and templates. */
const proseOf = (page: Page): Promise<string> =>
  page.evaluate(() => {
    const out: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node !== null; node = walker.nextNode()) {
      if (node.parentElement?.closest('code, pre, script, style, template, noscript')) continue;
      out.push(node.textContent ?? '');
    }
    return out.join(' ');
  });

for (const url of PAGES) {
  test(`375px, no JavaScript: ${url} does not scroll sideways, nor hide content in a box that does`, async ({
    page,
  }) => {
    const response = await page.goto(url);
    expect(response?.status(), `${url} is a page`).toBe(200);
    const { width, scrollers } = await page.evaluate(() => ({
      width: document.documentElement.scrollWidth,
      scrollers: [...document.querySelectorAll('body *')]
        .filter((e) => ['auto', 'scroll'].includes(getComputedStyle(e).overflowX))
        .filter((e) => e.scrollWidth > e.clientWidth + 1)
        .map((e) => `${e.tagName.toLowerCase()}.${[...e.classList].join('.')} (${e.scrollWidth} > ${e.clientWidth})`),
    }));
    expect(width, `${url} is ${width}px wide`).toBeLessThanOrEqual(375);
    expect(scrollers, `${url}: boxes that scroll sideways`).toEqual([]);
  });

  test(`375px: ${url} shows no id outside code`, async ({ page }) => {
    await page.goto(url);
    expect((await proseOf(page)).match(IDS) ?? [], `${url}: ids in visible text`).toEqual([]);
  });
}

test.describe('axe at 375px', () => {
  // axe runs inside the page, so this block alone turns JavaScript on.
  test.use({ javaScriptEnabled: true });
  for (const url of PAGES) {
    test(`axe: ${url}`, async ({ page }) => {
      test.setTimeout(90_000);
      await page.goto(url);
      const { violations } = await axeOn(page).analyze();
      expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`)).toEqual([]);
    });
  }
});

test('/claims/ lists the claims and /browse/ links every filter', async ({ page }) => {
  await page.goto('/claims/');
  await expect(page.locator('h1')).toHaveText('Every claim');
  expect(await page.locator('main [data-state][data-type][data-recorded]').count()).toBeGreaterThan(0);
  await page.goto('/browse/');
  const hrefs = await page
    .locator('main a[href*="/browse/"]')
    .evaluateAll((as) => as.map((a) => a.getAttribute('href')));
  expect(hrefs.length).toBeGreaterThan(3);
  for (const href of hrefs.slice(0, 4)) expect((await page.request.get(href!)).status(), href!).toBe(200);
});

test('the strict-vs-default compare row of the free-school-meals claim names the interpretation steps', async ({
  page,
}) => {
  await page.goto(strictCompare);
  const row = page.locator('tr[data-claim="eastbrook-free-school-meals"]');
  await expect(row).toHaveCount(1);
  await expect(row.locator('.differs-mark')).toHaveText('state differs');
  const why = row.locator('.why li').first();
  // The claim's one link takes 9 interpretation steps: 1 − 9 × 0.15 is below both floors (0.1 and
  // 0), so the factor is each model's floor, and the floor of 0 alone leaves no counted weight.
  await expect(why).toContainText(
    'interpretation steps can reach: 0.1 under ledger@1.1.0, 0 under ledger-strict@0.1.0',
  );
  await expect(why).toContainText(
    '9 interpretation steps take the factor down to its floor: factor 0.1 under ledger@1.1.0, 0 under ledger-strict@0.1.0',
  );
  await expect(why).toContainText('alone it leaves no probability');
});

test('a claim with no probability shows no gradient number in the listing, as on its page, and links to it', async ({
  page,
}) => {
  await page.goto('/');
  const rows = await gradientCells(page);
  expectGradientKeptApart(rows);
  // The link lands on the gradient's own step of the claim's page.
  const refused = rows.find((r) => r.probability === '—')!;
  await page.goto(refused.links[0]!);
  await expect(page.locator('#gradient')).toHaveCount(1);
});
