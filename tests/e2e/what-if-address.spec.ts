/**
 * The what-if panel as a reader meets it: a shared address re-creates the same what-if; a hostile
 * address is ignored with a visible note and never runs or shows as markup; without JavaScript the
 * published page shows, with one line about what-ifs; keyboard alone works it; and axe passes with
 * the panel open at a phone's, a tablet's and a desktop's width.
 */
import { axeOn } from '../support/axe.ts';
import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';

const CLAIM = 'claims/eastbrook-burglaries-fell/';

/**
 * Downloads the what-if trace as a keyboard reader does and returns its text. A pointer click
 * lands on coordinates, and the page may still move under them while it scrolls to the shared
 * address's step (#stability) after the panel opens; Enter on the focused link cannot miss.
 */
async function whatIfTrace(page: Page): Promise<string> {
  const [file] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: 'Download this what-if trace' }).press('Enter'),
  ]);
  return readFileSync(await file.path(), 'utf8');
}

/** The published probability the page shows. */
const publishedOf = (page: Page) => page.locator('.claim-result [data-field="result.probability"]').textContent();

test('a shared address re-creates the same what-if, and the step anchors still work', async ({ page, browser }) => {
  await page.goto(CLAIM);
  await page.getByRole('button', { name: 'What if…' }).click();
  await page.locator('#what-if-link-1-on').uncheck();
  await page.locator('#what-if-link-0-relevance').selectOption('touches-subject');
  await page.locator('#what-if-model').selectOption('ledger-sceptic@1.0.0');
  await page.locator('#what-if-vote-0-value').fill('0.1');
  await page.locator('#what-if-vote-0-value').press('Tab');
  // The address follows the last edit a moment later: wait for the vote, the last edit, to be in it.
  await expect(page).toHaveURL(/what-if=model:ledger-sceptic@1\.0\.0;off:.*;vote:t\.mensah:0\.1:/);
  const trace = await whatIfTrace(page);
  const headline = await page.locator('.what-if-headline').textContent();
  const shared = `${page.url()}#stability`;
  expect(shared).toContain('?what-if=');
  const other = await browser.newPage();
  await other.goto(shared);
  await expect(other.locator('.what-if-headline')).toHaveText(headline!);
  expect(await whatIfTrace(other)).toBe(trace);
  expect(await other.evaluate(() => window.location.hash)).toBe('#stability');
  expect(await other.locator('.what-if-notes').isHidden()).toBe(true);
  await other.close();
});

test('a hostile address is ignored with a visible note, never run and never shown as markup', async ({ page }) => {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  const hostile = [
    'off:%3Cimg%20src%3Dx%20onerror%3D%22window.pwned%3D1%22%3E',
    'set:police-table:relevance:%3Cscript%3Ewindow.pwned%3D2%3C%2Fscript%3E',
    'set:no-such-link:steps:1',
    'set:police-table:steps:1e999999999',
    'vote:t.mensah:99999999999999999999999999999999999999999999:',
    'model:javascript:alert(1)',
  ].join(';');
  await page.goto(`${CLAIM}?what-if=${hostile}`);
  const notes = page.locator('.what-if-notes');
  await expect(notes).toBeVisible();
  await expect(notes.locator('li')).toHaveCount(6);
  await expect(notes).toContainText('<img src=x onerror="window.pwned=1">');
  await expect(notes).toContainText('<script>window.pwned=2</script>');
  expect(await page.locator('.what-if-panel img, .what-if-panel script').count()).toBe(0);
  expect(await page.evaluate(() => (window as unknown as { pwned?: number }).pwned)).toBeUndefined();
  // Nothing of it was applied: the what-if is the published score, and the address forgets it.
  const published = await publishedOf(page);
  await expect(page.locator('.what-if-headline')).toHaveText(new RegExp(`^${published} → ${published},`));
  await expect.poll(() => new URL(page.url()).search).toBe('');
  expect(errors).toEqual([]);
});

test('without JavaScript a what-if address shows the published page and one line about it', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto(CLAIM);
  const plain = await page.locator('main').innerText();
  await page.goto(`${CLAIM}?what-if=off:police-table`);
  expect(await page.locator('main').innerText()).toBe(plain);
  // Chromium with scripts turned off by the test still parses <noscript> as text, so the line is
  // read from the page's HTML rather than from what is shown.
  expect(await page.content()).toMatch(
    /<noscript><p class="what-if-noscript">[^<]*needs JavaScript; without it, this page shows the published score\.<\/p><\/noscript>/,
  );
  await expect(page.getByRole('button', { name: 'What if…' })).toHaveCount(0);
  await context.close();
});

test('keyboard alone opens the panel, switches a link off and hears the new probability', async ({ page }) => {
  await page.goto(CLAIM);
  const button = page.getByRole('button', { name: 'What if…' });
  await button.focus();
  await page.keyboard.press('Enter');
  await expect(page.locator('#what-if-heading')).toBeFocused();
  await expect(button).toHaveAttribute('aria-expanded', 'true');
  const live = page.locator('[aria-live="polite"]#what-if-live');
  const before = await live.textContent();
  // Tab from the heading to the first link's checkbox, past the reset and the model.
  for (let i = 0; i < 20; i++) {
    await page.keyboard.press('Tab');
    if (await page.locator('#what-if-link-0-on').evaluate((el) => el === document.activeElement)) break;
  }
  await expect(page.locator('#what-if-link-0-on')).toBeFocused();
  await page.keyboard.press('Space');
  await expect(live).not.toHaveText(before!);
  await expect(live).toContainText('What-if:');
});

for (const width of [375, 768, 1280]) {
  test(`axe: a claim page with the what-if panel open, at ${width} px`, async ({ page }) => {
    test.setTimeout(90_000);
    await page.setViewportSize({ width, height: 900 });
    await page.goto(
      `${CLAIM}?what-if=off:gazette-rise;add:new:opposes:bears-directly:document:1:verified:verified;x:y`,
    );
    await expect(page.locator('.what-if-notes')).toBeVisible();
    const { violations } = await axeOn(page).include('#what-if').analyze();
    expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`)).toEqual([]);
    // Nothing of the panel is wider than the page.
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });
}
