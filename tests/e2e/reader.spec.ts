/**
 * A claim page read on a phone with JavaScript off (375 px): nothing hides content in a box that
 * scrolls sideways (long formulas included), no state, type or level id shows (in code either),
 * figures follow the one number format, the default page's step links are pinned to the default
 * model's own address, and axe passes. /archive/ says loudly where the site's public address comes from.
 */
import { axeOn } from '../support/axe.ts';
import { expect, test, type Page } from '@playwright/test';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import {
  claimPages,
  defaultModelId,
  htmlFiles,
  isScored,
  readSiteFile,
  REFUSALS,
  urlOfFile,
  type ClaimPage,
} from '../support/e2e-site.ts';
import { sitePrefix, siteRoot } from '../support/e2e-env.ts';
import { LEVEL_TABLES, type LevelTableName } from '../../src/lib/model/levelTables.ts';

test.use({ viewport: { width: 375, height: 812 }, javaScriptEnabled: false });

/** Every state and level id the models declare, the two refusals, and the claims' types. */
function stateIds(): string[] {
  const ids = new Set<string>(REFUSALS);
  const dir = 'models';
  for (const file of readdirSync(dir)) {
    if (!file.endsWith('.yaml')) continue;
    const model = parse(readFileSync(join(dir, file), 'utf8')) as {
      states?: { state: string }[];
    } & Partial<Record<LevelTableName, Record<string, unknown>>>;
    for (const s of model.states ?? []) ids.add(s.state);
    // Evidence levels are ids too ("official-record" reads "official record").
    for (const factor of LEVEL_TABLES) for (const level of Object.keys(model[factor] ?? {})) ids.add(level);
  }
  // Claim types are ids too ("rhetorical-question" reads "rhetorical question").
  for (const file of readdirSync(join('content', 'claims'))) {
    const type = /^type:\s*([a-z0-9-]+)\s*$/m.exec(readFileSync(join('content', 'claims', file), 'utf8'))?.[1];
    if (type) ids.add(type);
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
        const { overflowX } = getComputedStyle(e);
        return (overflowX === 'auto' || overflowX === 'scroll') && e.scrollWidth > e.clientWidth + 1;
      })
      .map((e) => `${e.tagName.toLowerCase()}.${String(e.className).trim().split(/\s+/).join('.')}`),
  );
}

const sample = samplePages();

/** Pages without repeats (each call of claimPages() reads the pages afresh, so compare by address). */
const distinct = (pages: readonly ClaimPage[]): ClaimPage[] => [...new Map(pages.map((p) => [p.url, p])).values()];

/** The working of a claim as the trace has it, for choosing the pages with the longest formulas. */
interface Working {
  readonly working: {
    readonly links: readonly { readonly kept: boolean; readonly direction: string }[];
    readonly gradient: { readonly votes: readonly unknown[] };
    readonly prior: { readonly logOdds: string } | null;
  };
}

/** The claim pages whose formulas are the widest: the most votes, the most kept links on one side, a negative prior. */
function widestFormulaPages(): ClaimPage[] {
  const pages = claimPages().filter((p) => p.raw !== null && isScored(p.trace));
  const working = (p: ClaimPage) => (p.raw as Working).working;
  const most = (score: (p: ClaimPage) => number) =>
    pages.reduce((best, p) => (score(p) > score(best) ? p : best), pages[0]!);
  const side = (p: ClaimPage, direction: string) =>
    working(p).links.filter((l) => l.kept && l.direction === direction).length;
  const picked = [
    most((p) => working(p).gradient.votes.length),
    most((p) => side(p, 'supports')),
    most((p) => side(p, 'opposes')),
    pages.find((p) => working(p).prior?.logOdds.startsWith('-')),
  ];
  return distinct(picked.filter((p): p is ClaimPage => p !== undefined));
}

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

/**
 * The state, type and level ids in a page's visible text, `<code>` included (a state shown in code
 * is still an id shown), leaving out preformatted text, formulas, text hidden for tools and closed
 * details.
 */
async function idsShown(page: Page): Promise<string[]> {
  const text = await page.evaluate(() => {
    const main = document.querySelector('main') ?? document.body;
    const copy = main.cloneNode(true) as HTMLElement;
    copy
      .querySelectorAll('pre, .katex, script, style, .visually-hidden, details:not([open]) > :not(summary)')
      .forEach((e) => e.remove());
    return copy.textContent ?? '';
  });
  return stateIds().filter((id) => text.includes(id));
}

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

/** A cell's visible text: formulas' source, code and hidden text left out. */
async function cellTexts(page: Page, selector: string): Promise<string[]> {
  return page.locator(selector).evaluateAll((cells) =>
    cells.map((cell) => {
      const copy = cell.cloneNode(true) as HTMLElement;
      copy.querySelectorAll('code, .katex, .visually-hidden').forEach((e) => e.remove());
      return (copy.textContent ?? '').replace(/\s+/g, ' ').trim();
    }),
  );
}

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
