/**
 * Every figure on every claim page equals the value in the `trace.json` published beside it:
 * each element marked `data-field="<dotted path>"` reads exactly the trace's value at that path,
 * a negative figure written with the minus sign "−" where the trace has the hyphen-minus "-".
 */
import { expect, test } from '@playwright/test';
import { minus } from '../../src/lib/render/figures.ts';
import { claimPages, displayOf, isScored, parsedPage, valueAt, type ClaimPage } from '../support/e2e-site.ts';

/** What is wrong with one page's figures, given its `[data-field]` elements. */
function checkFigures(claim: ClaimPage, fields: readonly { field: string; text: string }[]): string[] {
  const problems: string[] = [];
  for (const { field, text } of fields) {
    const found = valueAt(claim.raw, field);
    if (!found.found) {
      problems.push(`${claim.url}: data-field="${field}" is not a path in trace.json`);
      continue;
    }
    const expected = displayOf(found.value);
    if (expected === null)
      problems.push(
        `${claim.url}: data-field="${field}" names a ${found.value === null ? 'null' : typeof found.value} in trace.json, not a figure`,
      );
    // The one number format shows a negative figure with "−"; every other character is the trace's.
    else if (text !== expected && !(/^-\d/.test(expected) && text === minus(expected)))
      problems.push(`${claim.url}: data-field="${field}" reads "${text}", trace.json has "${expected}"`);
  }
  const present = new Set(fields.map((f) => f.field));
  const required = ['result.state'];
  if (isScored(claim.trace))
    required.push('result.probability', ...claim.trace.links.map((_, i) => `links.${i}.weight`));
  for (const field of required) if (!present.has(field)) problems.push(`${claim.url}: no data-field="${field}"`);
  return problems;
}

test('every figure on every claim page under every model equals its trace', () => {
  const pages = claimPages();
  expect(pages.length, 'claim pages are built').toBeGreaterThan(0);
  const withoutTrace = pages.filter((p) => p.raw === null).map((p) => `${p.url}: no trace.json beside the page`);
  const claims = pages.filter((p) => p.raw !== null);
  const problems = [
    ...withoutTrace,
    ...claims.flatMap((claim) => checkFigures(claim, parsedPage(claim.htmlFile).fields)),
  ];
  expect(problems, `${problems.length} problems in ${pages.length} claim pages`).toEqual([]);
});

test('the trace beside a page describes that claim under that model', () => {
  const problems = claimPages()
    .filter((p) => p.raw !== null)
    .flatMap((p) => [
      ...(p.trace.claim === p.slug ? [] : [`${p.traceFile}: claim is "${p.trace.claim}", not "${p.slug}"`]),
      ...(p.urlModel === null || p.trace.model === p.urlModel
        ? []
        : [`${p.traceFile}: model is "${p.trace.model}", not "${p.urlModel}"`]),
    ]);
  expect(problems).toEqual([]);
});

test('figures read the same in the browser, and the trace is downloadable beside the page', async ({
  page,
  request,
}) => {
  const claims = claimPages().filter((p) => p.raw !== null);
  const sample = [
    claims.find((p) => p.urlModel === null && isScored(p.trace)),
    claims.find((p) => p.urlModel !== null && isScored(p.trace)),
  ];
  for (const claim of sample) {
    expect(claim, 'a scored claim page under the default model and under another').toBeDefined();
    await page.goto(claim!.url);
    const fields = await page
      .locator('[data-field]')
      .evaluateAll((elements) =>
        elements.map((e) => ({ field: e.getAttribute('data-field') ?? '', text: (e.textContent ?? '').trim() })),
      );
    expect(checkFigures(claim!, fields)).toEqual([]);
    await expect(page.locator('main a[href="trace.json"], main a[href$="/trace.json"]').first()).toBeVisible();
    const response = await request.get(`${claim!.url}trace.json`);
    expect(response.status()).toBe(200);
    expect(response.headers()['content-type']).toContain('application/json');
    expect(await response.json()).toEqual(claim!.raw);
  }
});
