/**
 * A claim page read on a phone with JavaScript off (375 px): the full trace keeps its lines, a
 * screen reader hears each factor in words, no history page says an id, the default page's step
 * links are pinned to the default model's own address, and axe passes. /archive/ says loudly
 * where the site's public address comes from. (reader-format.spec.ts: boxes, ids and the number
 * format on each sampled page.)
 */
import { axeOn } from '../support/axe.ts';
import { expect, test } from '@playwright/test';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { defaultModelId, isScored, readSiteFile, urlOfFile } from '../support/e2e-site.ts';
import { sitePrefix } from '../support/e2e-env.ts';
import { idsShown, sample } from '../support/e2e-reader.ts';

test.use({ viewport: { width: 375, height: 812 }, javaScriptEnabled: false });

test('375px, no JavaScript: the full trace keeps its lines and indentation', async ({ page }) => {
  const claim = sample.find((p) => isScored(p.trace))!;
  await page.goto(claim.url);
  await page.locator('.claim-trace summary').click();
  const shown = await page.locator('.claim-trace pre code').evaluate((code) => {
    const lineHeight = parseFloat(getComputedStyle(code).lineHeight);
    return { lines: code.textContent.split('\n').length - 1, height: code.getBoundingClientRect().height, lineHeight };
  });
  // At least one line box per line of JSON: collapsed whitespace ran them into a paragraph.
  expect(shown.height / shown.lineHeight, `${claim.url}: ${shown.lines} lines of JSON`).toBeGreaterThanOrEqual(
    shown.lines,
  );
});

test('the sample has a scored page and a refusal', () => {
  expect(sample.some((p) => isScored(p.trace))).toBe(true);
  expect(sample.some((p) => !isScored(p.trace))).toBe(true);
});

/** A link's input and working as the trace has them, for what a screen reader should hear. */
interface LinkFactors {
  readonly input: { readonly evidence: readonly Record<string, string>[] };
  readonly working: { readonly links: readonly Record<string, { readonly factor: string }>[] };
}

test('a screen reader hears each factor of a link as "relevance: states outright, factor 2"', async ({ page }) => {
  // The colon and ", factor" are the stylesheet's generated text (no span on every factor), so the
  // accessibility tree is where they must be: read it, not the page's text.
  const claim = sample.find((p) => (p.raw as LinkFactors).input.evidence.length > 0)!;
  const { input, working } = claim.raw as LinkFactors;
  const link = input.evidence[0]!;
  const steps = Number(link['interpretationSteps']);
  const expected = ['relevance', 'observation', 'interpretation', 'authenticity', 'extraction'].map((name) => {
    const level =
      name === 'interpretation' ? `${steps} ${steps === 1 ? 'step' : 'steps'}` : link[name]!.replaceAll('-', ' ');
    return `${name}: ${level}, factor ${working.links[0]![name]!.factor}`;
  });
  await page.goto(claim.url);
  const tree = await page.locator('.claim-factors').first().ariaSnapshot();
  const heard = tree
    .split('\n')
    .map((line) => line.replace(/^\s*- (term|definition): /, '').replace(/^"(.*)"$/, '$1'))
    .join(' ')
    .replace(/\s+([:,])/g, '$1');
  expect(heard, `${claim.url}: the first link's factors as the accessibility tree has them`).toBe(expected.join(' '));
});

test('no claim history page says a level or state by its id ("Link … added (supports, bears directly, …)")', async ({
  page,
}) => {
  const slugs = readdirSync(join('content', 'claims')).map((f) => f.replace(/\.yaml$/, ''));
  const shown: string[] = [];
  for (const slug of slugs) {
    await page.goto(`${sitePrefix()}claims/${slug}/history/`);
    for (const id of await idsShown(page)) shown.push(`${slug}: ${id}`);
  }
  expect(shown).toEqual([]);
});

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
      const { violations } = await axeOn(page).analyze();
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

test('/archive/ opens for readers, and a build without a public address says so in one line at its end', async ({
  page,
}) => {
  const placeholder = 'https://claim-ledger.example.org';
  // The build's own address, read from the page's canonical link rather than from the note.
  const canonical = /<link rel="canonical" href="([^"]+)"/.exec(readSiteFile('archive/index.html'))?.[1];
  expect(canonical, '/archive/ has a canonical link').toBeDefined();
  await page.goto(urlOfFile('archive/index.html'));
  // The page opens with what a snapshot is, not with a word to the site's owner.
  await expect(page.locator('main h1 + *')).toHaveClass(/lede/);
  await expect(page.locator('main')).not.toContainText('LEDGER_SITE');
  const notice = page.locator('main .site-address');
  if (new URL(canonical!).origin === placeholder) {
    await expect(notice).toHaveCount(1);
    await expect(notice).toContainText(`placeholder ${placeholder}`);
    const after = await notice.evaluate((n) => {
      const h2s = [...document.querySelectorAll('main h2')];
      const last = h2s[h2s.length - 1]!;
      return Boolean(last.compareDocumentPosition(n) & Node.DOCUMENT_POSITION_FOLLOWING);
    });
    expect(after, 'the note comes after the last section').toBe(true);
  } else await expect(notice).toHaveCount(0);
});
