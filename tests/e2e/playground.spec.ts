/**
 * The /contribute/ playground: every broken claim file of `ledger check`'s tests, pasted into the
 * page, gives the problems the command line prints for it (each `line: field: message`), and a
 * valid file is scored as `ledger score` scores it. Nothing is requested once the page is open.
 */
import { axeOn } from '../support/axe.ts';
import { cpSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { checkCommand } from '../../src/cli/check.ts';
import { distDir } from '../support/e2e-env.ts';
import { BROKEN, problemLines, REPO_ROOT, runInProcess, workspace } from '../support/cli.ts';

const fixtures = readdirSync(join(BROKEN, 'claims')).filter((name) => name.endsWith('.yaml'));

/** The problems as `file:line: …` lines, without the file (the page names it by the slug it is given). */
const withoutFile = (lines: readonly string[]): string[] => lines.map((line) => line.replace(/^.*?\.yaml:/, ''));

/** What `ledger check` prints for one claim file among the repository's models. */
async function checkLines(name: string): Promise<string[]> {
  const ws = workspace();
  cpSync(join(REPO_ROOT, 'models'), ws.models, { recursive: true, force: true });
  ws.copy(join('broken', 'claims', name), join('content', 'claims', name));
  const outcome = await runInProcess((io) => checkCommand(io, { content: ws.content, models: ws.models }));
  expect(outcome.code).toBe(1);
  return withoutFile(problemLines(outcome.stderr));
}

async function openPlayground(page: Page): Promise<void> {
  await page.goto('contribute/');
  await page.getByRole('button', { name: 'Try a claim file' }).click();
  await expect(page.locator('#playground-text')).toBeVisible();
}

/** The problems the playground shows now. */
const pageLines = async (page: Page): Promise<string[]> =>
  withoutFile(await page.locator('#playground-problems li').allTextContents());

/**
 * Puts a file into the playground and waits until it shows the problems expected. The check runs a
 * moment after typing stops, however slow the machine: a wrong list fails when the wait runs out.
 */
async function expectLines(page: Page, slug: string, text: string, expected: readonly string[]): Promise<void> {
  await page.locator('#playground-slug').fill(slug);
  await page.locator('#playground-text').fill(text);
  await expect.poll(() => pageLines(page), { message: slug, timeout: 15_000 }).toEqual(expected);
}

test('every broken claim file gets the same problems in the playground as from ledger check', async ({ page }) => {
  test.setTimeout(180_000);
  await openPlayground(page);
  const requests: string[] = [];
  page.on('request', (request) => requests.push(request.url()));
  for (const name of fixtures) {
    const expected = await checkLines(name);
    const text = readFileSync(join(BROKEN, 'claims', name), 'utf8');
    await expectLines(page, name.replace(/\.yaml$/, ''), text, expected);
  }
  expect(requests).toEqual([]);
});

test('a valid claim file is scored as ledger score scores it, under any released model', async ({ page }) => {
  await openPlayground(page);
  await expect(page.locator('#playground-count')).toHaveText('No problems: ledger check would accept this file.');
  const slug = await page.locator('#playground-slug').inputValue();
  const published = JSON.parse(
    readFileSync(join(distDir(), 'claims', slug, 'ledger-strict@0.1.0', 'trace.json'), 'utf8'),
  ) as {
    result: { probability: string };
  };
  await page.locator('#playground-model').selectOption('ledger-strict@0.1.0');
  await expect(page.locator('#playground-result')).toContainText(`Probability${published.result.probability}`);
});

test('axe: the playground open, at 375 px', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 900 });
  await openPlayground(page);
  const { violations } = await axeOn(page).include('#playground').analyze();
  expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`)).toEqual([]);
});
