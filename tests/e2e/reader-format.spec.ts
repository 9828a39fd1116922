/**
 * Claim, model and /contribute/ pages read on a phone with JavaScript off (375 px): nothing hides
 * content in a box that scrolls sideways (long formulas included), no state, type or level id
 * shows (in code either), and figures follow the one number format.
 */
import { expect, test, type Page } from '@playwright/test';
import { htmlFiles, urlOfFile } from '../support/e2e-site.ts';
import { siteRoot } from '../support/e2e-env.ts';
import { cellTexts, distinct, idsShown, sample, sidewaysBoxes, widestFormulaPages } from '../support/e2e-reader.ts';

test.use({ viewport: { width: 375, height: 812 }, javaScriptEnabled: false });

/** Claim pages for the number format: one per state, and those with votes and with negative log-odds. */
const formatPages = distinct([...sample, ...widestFormulaPages()]);
const sampled = new Set(sample.map((p) => p.url));

// Each claim page is loaded once at 375 px with JavaScript off, and the checks that only read it
// run on that one load, in order in one worker: a load costs more than any of them.
for (const claim of formatPages) {
  test.describe(`375px, no JavaScript: ${claim.url}`, () => {
    test.describe.configure({ mode: 'default' });
    let page: Page;
    test.beforeAll(async ({ browser }) => {
      page = await browser.newPage({
        baseURL: siteRoot(),
        viewport: { width: 375, height: 812 },
        javaScriptEnabled: false,
      });
      await page.goto(claim.url);
      await page.evaluate(() => document.fonts.ready);
    });
    test.afterAll(async () => page.close());

    test(`every formula of ${claim.url} fits, its long sums broken over lines`, async () => {
      const formulas = await page.locator('.formula').evaluateAll((es) =>
        es.map((e) => ({
          label: e.getAttribute('aria-label') ?? '',
          scroll: e.scrollWidth,
          client: e.clientWidth,
        })),
      );
      expect(formulas.length, `${claim.url} has formulas`).toBeGreaterThan(0);
      const cut = formulas
        .filter((f) => f.scroll > f.client + 1)
        .map((f) => `${f.label}: ${f.scroll}px in ${f.client}px`);
      expect(cut, `${claim.url}: formulas that scroll sideways`).toEqual([]);
    });

    test(`one number format on ${claim.url}: a minus sign in every cell and sentence, one number of places a column`, async () => {
      const cells = await cellTexts(page, 'main td, main th, main p, main li, main dd, main caption');
      const hyphens = cells.filter((t) => /(^|[\s(=×+])-\d/.test(t));
      expect(hyphens, `${claim.url}: a hyphen-minus before a digit`).toEqual([]);

      // Every numeric column of every table: the gradient's votes, stability's re-scores, the
      // thresholds and the claim under every model.
      const columns = await page.locator('main table').evaluateAll((tables) =>
        tables.flatMap((table) => {
          const rows = [...table.querySelectorAll('tbody tr, tfoot tr')];
          const width = Math.max(0, ...rows.map((r) => r.children.length));
          return Array.from({ length: width }, (_, i) =>
            rows
              .map((r) => r.children[i])
              .filter((cell) => cell?.classList.contains('num'))
              .map((cell) => (cell!.textContent ?? '').trim().split(/\s/)[0] ?? ''),
          );
        }),
      );
      for (const column of columns) {
        const figures = column.filter((t) => /^[−-]?\d+(\.\d+)?…?$/.test(t));
        const places = new Set(figures.map((t) => (t.replace('…', '').split('.')[1] ?? '').length));
        expect(
          places.size,
          `${claim.url}: a column shows ${[...places].join(' and ')} places: ${figures.join(', ')}`,
        ).toBeLessThanOrEqual(1);
      }
    });

    if (!sampled.has(claim.url)) return;

    test(`${claim.trace.result.state} (${claim.url}) reads without sideways boxes`, async () => {
      expect(await sidewaysBoxes(page), `${claim.url}: boxes that scroll sideways`).toEqual([]);
      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      expect(width, `${claim.url} is ${width}px wide`).toBeLessThanOrEqual(375);
    });

    test(`on ${claim.url} every card of a table names the column of each figure`, async () => {
      // Headers are hidden when a table becomes cards, so a visible cell must carry its column's name.
      const unnamed = await page.locator('main .table-wrap table').evaluateAll((tables) =>
        tables.flatMap((table) => {
          const headers = [...table.querySelectorAll('thead th')].map((th) => (th.textContent ?? '').trim());
          return [...table.querySelectorAll('tbody td, tfoot td')]
            .filter((td) => td.getClientRects().length > 0 && (td.textContent ?? '').trim() !== '')
            .filter((td) => {
              const before = getComputedStyle(td, '::before').content;
              return before === 'none' || before === 'normal' || before === '""';
            })
            .map(
              (td) =>
                `${table.className}: "${(td.textContent ?? '').trim()}" under ${headers[(td as HTMLTableCellElement).cellIndex] ?? '?'}`,
            );
        }),
      );
      expect(unnamed, `${claim.url}: cells with no column name`).toEqual([]);
    });

    test(`${claim.url}: no state, type or level id in the visible text`, async () => {
      expect(await idsShown(page), `${claim.url} shows ids`).toEqual([]);
    });
  });
}

test('one number format on every model page (its worked example column by column) and /contribute/', async ({
  page,
}) => {
  const models = htmlFiles()
    .filter((f) => /^models\/[^/]+\/index\.html$/.test(f))
    .map(urlOfFile);
  expect(models.length).toBeGreaterThan(0);
  for (const url of [...models, urlOfFile('contribute/index.html')]) {
    await page.goto(url);
    // The priors' log-odds, the level tables, the sentences: a minus sign wherever a reader looks.
    const everywhere = await cellTexts(page, 'main td, main th, main p, main li, main dd, main caption');
    expect(
      everywhere.filter((t) => /(^|[\s(=×+])-\d/.test(t)),
      `${url}: a hyphen-minus before a digit`,
    ).toEqual([]);
    const worked = page.locator('.worked');
    if ((await worked.count()) === 0) continue;
    const cells = await cellTexts(page, '.worked td, .worked th, .worked p');
    expect(cells.filter((t) => /(^|[\s(=×+])-\d/.test(t))).toEqual([]);
    const columns = await page.locator('.worked table').evaluateAll((tables) =>
      tables.flatMap((table) => {
        const rows = [...table.querySelectorAll('tbody tr')];
        return Array.from({ length: rows[0]?.children.length ?? 0 }, (_, i) =>
          rows.map((r) => (r.children[i]?.firstChild?.textContent ?? '').trim()),
        );
      }),
    );
    for (const column of columns) {
      const figures = column.filter((t) => /^[−-]?\d+(\.\d+)?$/.test(t));
      const places = new Set(figures.map((t) => (t.split('.')[1] ?? '').length));
      expect(places.size, `${url}: a worked-example column shows ${figures.join(', ')}`).toBeLessThanOrEqual(1);
    }
  }
});
