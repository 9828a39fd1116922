/**
 * A claim's history page in the browser: every revision oldest first with its score under today's
 * default equal to the trace it links to, a picture whose text alternative states those figures,
 * the way there from the claim page, no sideways scroll at 1280 and 375 px, and axe at 375 px
 * (axe.spec.ts checks a history page at 1,280 px).
 */
import { axeOn } from '../support/axe.ts';
import { expect, test, type Page } from '@playwright/test';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import { distDir } from '../support/e2e-env.ts';

interface HistoryTrace {
  claim: string;
  model: string;
  result: { state: string; probability: string | null };
}

/** The built history page with the most revisions (the example content gives several claims a real history). */
function richestHistory(): { slug: string; commits: string[] } | null {
  const claims = join(distDir(), 'claims');
  if (!existsSync(claims)) return null;
  let best: { slug: string; commits: string[] } | null = null;
  for (const slug of readdirSync(claims).sort()) {
    const dir = join(claims, slug, 'history');
    if (!existsSync(join(dir, 'index.html'))) continue;
    const commits = readdirSync(dir).filter((name) => existsSync(join(dir, name, 'trace.json')));
    if (best === null || commits.length > best.commits.length) best = { slug, commits };
  }
  return best;
}

const found = richestHistory();
const url = found ? `/claims/${found.slug}/history/` : null;
const traceOf = (slug: string, commit: string): HistoryTrace =>
  JSON.parse(readFileSync(join(distDir(), 'claims', slug, 'history', commit, 'trace.json'), 'utf8')) as HistoryTrace;

test('the history page lists every revision oldest first, each figure equal to the trace it links to', async ({
  page,
  request,
}) => {
  expect(url, 'the built site has a claims/<slug>/history/ page with revisions').not.toBeNull();
  expect(found!.commits.length, 'the example content gives a claim several revisions').toBeGreaterThanOrEqual(3);
  await page.goto(url!);
  // Revisions that change nothing a reader sees are folded into one line, each keeping its anchor.
  const revisions = page.locator('li.history-revision:not(.history-folded)');
  const count = await revisions.count();
  const dates: string[] = [];
  const figures: string[] = [];
  for (let i = 0; i < count; i++) {
    const item = revisions.nth(i);
    const commit = (await item.getAttribute('id'))!.replace(/^rev-/, '');
    dates.push((await item.locator('h2 time').getAttribute('datetime'))!);
    const trace = traceOf(found!.slug, commit);
    const today = item.locator('.history-scores > div').last();
    await expect(today.locator('dt code')).toHaveText(trace.model);
    await expect(today.locator('[data-state]')).toHaveAttribute('data-state', trace.result.state);
    if (trace.result.probability !== null) {
      await expect(today.locator('.history-figure')).toHaveText(trace.result.probability);
      figures.push(trace.result.probability);
    }
    const href = (await today.locator('a').getAttribute('href'))!;
    const response = await request.get(new URL(href, page.url()).href);
    expect(response.status(), href).toBe(200);
    expect(await response.json()).toEqual(trace);
    await expect(item.locator('.history-changes li').first()).not.toBeEmpty();
  }
  // Every revision is on the page, oldest first: its own line, or an anchor in a folded line.
  const every = await page
    .locator('li.history-revision')
    .evaluateAll((items) => items.flatMap((li) => [li.id, ...[...li.querySelectorAll('span[id]')].map((e) => e.id)]));
  expect(every.length).toBe(found!.commits.length);
  expect(new Set(every).size).toBe(every.length);
  expect(dates).toEqual([...dates].sort());
  // The picture states every revision's figure, the folded ones' too, in the page's order.
  const all = every
    .map((id) => traceOf(found!.slug, id.replace(/^rev-/, '')).result.probability)
    .filter((p): p is string => p !== null);
  for (const f of figures) expect(all).toContain(f);
  const label = (await page.locator('.history-chart svg[role="img"]').getAttribute('aria-label'))!;
  expect(label.match(/\d\.\d{4}/g)).toEqual(all);
});

test('the claim page links to its history', async ({ page }) => {
  expect(url).not.toBeNull();
  await page.goto(`/claims/${found!.slug}/`);
  await page.locator('.claim-history-link a').click();
  await expect(page).toHaveURL(new RegExp(`${url!}$`));
  await expect(page.locator('h1')).toHaveText('How this claim’s score changed');
});

/** axe's violations on the page as it is now, with `rules` alone when given. */
async function violations(page: Page, rules?: string[]): Promise<string[]> {
  const axe = axeOn(page);
  if (rules) axe.withRules(rules);
  const { violations } = await axe.analyze();
  return violations.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(' | ')})`);
}

// axe.spec.ts checks one history page at 1,280 px (light, and the dark scheme's contrast); here the
// richest one at 375 px the same way: one load, since only colours change with the scheme.
for (const width of [1280, 375]) {
  test(`the history page does not scroll sideways at ${width} px${width === 375 ? ', and axe finds nothing, light and dark' : ''}`, async ({
    page,
  }) => {
    expect(url).not.toBeNull();
    await page.setViewportSize({ width, height: 900 });
    await page.emulateMedia({ colorScheme: 'light' });
    await page.goto(url!);
    if (width === 375) {
      expect(await violations(page), 'light').toEqual([]);
      await page.emulateMedia({ colorScheme: 'dark' });
      expect(await violations(page, ['color-contrast']), 'dark').toEqual([]);
    }
    const { scrollWidth, innerWidth } = await page.evaluate(() => ({
      scrollWidth: document.documentElement.scrollWidth,
      innerWidth: window.innerWidth,
    }));
    expect(scrollWidth).toBeLessThanOrEqual(innerWidth);
  });
}

test('a history that begins after the claim was recorded says when the file entered the repository', async ({
  page,
}) => {
  // The example claim was recorded on 2026-10-01 (its file says so); its file was first committed later.
  await page.goto('/claims/eastbrook-burglaries-fell/history/');
  const first = await page.locator('li.history-revision time').first().getAttribute('datetime');
  expect(first!.slice(0, 10) > '2026-10-01', 'the first revision is later than the recorded date').toBe(true);
  const note = page.locator('.history-entered');
  await expect(note).toContainText('recorded on 2026-10-01');
  await expect(note).toContainText(`entered this ledger’s repository on ${first!.slice(0, 10)}`);
  // No repository commit subject is shown: none of this claim's commits is written for readers.
  await expect(page.locator('.history-subject')).toHaveCount(0);
});

test('every entry says what changed in the claim’s own words, who made the claim and where included', async ({
  page,
}) => {
  // The claim file names who made the claim and where; the revision that added them says so.
  const file = parse(readFileSync(join('content', 'claims', 'eastbrook-burglaries-fell.yaml'), 'utf8')) as {
    claimant: { name: string };
    appearances: { date: string }[];
  };
  await page.goto('/claims/eastbrook-burglaries-fell/history/');
  const changes = page.locator('li.history-revision');
  await expect(changes.filter({ hasText: `Claimed by: ${file.claimant.name} (added).` })).toHaveCount(1);
  await expect(changes.filter({ hasText: `Where it was made on ${file.appearances[0]!.date}: added.` })).toHaveCount(1);
  // No history page falls back to words that say nothing of what changed.
  const claims = join(distDir(), 'claims');
  for (const slug of readdirSync(claims).filter((s) => existsSync(join(claims, s, 'history', 'index.html')))) {
    await page.goto(`/claims/${slug}/history/`);
    await expect(page.locator('main'), slug).not.toContainText('Other details of the claim edited');
  }
});

test('an entry whose default model then is today’s shows its score once', async ({ page }) => {
  await page.goto('/claims/eastbrook-burglaries-fell/history/');
  const revisions = page.locator('li.history-revision:not(.history-folded)');
  expect(await revisions.count()).toBeGreaterThan(1);
  // Every revision of this claim was scored under the model that is today's default, so each has one row.
  for (const item of await revisions.all()) {
    await expect(item.locator('.history-scores > div')).toHaveCount(1);
    await expect(item.locator('.history-scores dt')).toContainText('Under the default model then and today');
  }
});
