/**
 * What the built site offers the rest of the web, read back the way its readers read it: a
 * fact-check aggregator's ClaimReview JSON-LD, a crawler's canonical links, sitemap and robots.txt,
 * link previews' Open Graph meta, a feed reader's Atom feeds, a data journalist's CSV and JSON, and
 * a citation manager's "cite this". Each is compared with the traces published beside the pages.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { XMLParser } from 'fast-xml-parser';
import Papa from 'papaparse';
import { claimJsonSchema, modelJsonSchema } from '../../src/lib/publish/jsonSchema.ts';
import { distDir } from '../support/e2e-env.ts';
import { problemsOf, watch } from '../support/e2e-watch.ts';
import {
  claimPages,
  defaultModelId,
  htmlFiles,
  isScored,
  parsedPage,
  readSiteFile,
  urlOfFile,
  type ClaimPage,
} from '../support/e2e-site.ts';

/** RFC 3339 date-time, as Atom requires of every timestamp. */
const RFC3339 = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d+)?(?:Z|[+-]\d{2}:\d{2})$/;

/** What the head of a page tells the rest of the web, as the browser's DOMParser reads it. */
interface Head {
  readonly canonical: string[];
  readonly meta: Record<string, string>;
  readonly jsonLd: string[];
  readonly feeds: string[];
}

/** Reads the heads of built pages in the browser's DOMParser (no scripts run, nothing is fetched). */
async function readHeads(page: Page, files: readonly string[]): Promise<Map<string, Head>> {
  const out = new Map<string, Head>();
  for (let i = 0; i < files.length; i += 40) {
    const chunk = files.slice(i, i + 40);
    const heads = await page.evaluate(
      (htmls: string[]) =>
        htmls.map((html) => {
          const doc = new DOMParser().parseFromString(html, 'text/html');
          const meta: Record<string, string> = {};
          for (const m of doc.head.querySelectorAll('meta[property], meta[name]')) {
            meta[m.getAttribute('property') ?? m.getAttribute('name') ?? ''] = m.getAttribute('content') ?? '';
          }
          return {
            canonical: [...doc.querySelectorAll('link[rel="canonical"]')].map((l) => l.getAttribute('href') ?? ''),
            meta,
            jsonLd: [...doc.querySelectorAll('script[type="application/ld+json"]')].map((s) => s.textContent ?? ''),
            feeds: [...doc.head.querySelectorAll('link[rel="alternate"][type="application/atom+xml"]')].map(
              (l) => l.getAttribute('href') ?? '',
            ),
          };
        }),
      chunk.map((f) => readSiteFile(f)),
    );
    chunk.forEach((f, n) => out.set(f, heads[n]!));
  }
  return out;
}

const xml = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@',
  isArray: (name) => ['entry', 'link', 'author', 'url', 'sitemap'].includes(name),
});
type Node = Record<string, unknown>;

/** Why Chromium's XML parser (strict, as feed readers' are) refuses a document, or null when it is well-formed. */
const xmlProblem = (page: Page, body: string): Promise<string | null> =>
  page.evaluate((text: string) => {
    const error = new DOMParser().parseFromString(text, 'application/xml').querySelector('parsererror');
    return error === null ? null : (error.textContent ?? 'parsererror');
  }, body);
/** The text of an element, whether the parser gave it as a string or as an object with attributes. */
const text = (node: unknown): string => {
  const value = typeof node === 'object' && node !== null ? (node as Node)['#text'] : node;
  return typeof value === 'string' || typeof value === 'number' ? String(value) : '';
};

/** The site's address, as the home page's canonical link gives it. */
function siteAddress(): string {
  const canonical = parsedPage('index.html').refs.find((r) => r.tag === 'link' && r.rel === 'canonical');
  expect(canonical, 'the home page has a canonical link').toBeDefined();
  const url = new URL(canonical!.value);
  expect(url.pathname).toBe('/');
  return url.href;
}

/** The built file an absolute URL on the site names, or null when it is not on the site. */
function fileOf(url: string, site: string): string | null {
  if (!url.startsWith(site)) return null;
  const path = decodeURIComponent(new URL(url).pathname).replace(/^\/+/, '');
  const file = path === '' || path.endsWith('/') ? `${path}index.html` : path;
  return existsSync(join(distDir(), file)) ? file : null;
}

/** A trace as the tests read it from disk. */
interface Trace {
  readonly claim: string;
  readonly model: string;
  readonly configHash: string;
  readonly inputHash: string;
  readonly input: {
    readonly statement: string;
    readonly author: string;
    readonly recorded: string;
    readonly reviews: readonly ({ readonly date: string } | { readonly on: string })[];
    readonly claimant?: { readonly name: string; readonly url: string | null; readonly type?: string };
    readonly appearances?: readonly { readonly url: string; readonly date: string }[];
  };
  readonly result: {
    readonly state: string;
    readonly probability: string | null;
    readonly reason: string | null;
    readonly stability: { readonly spread: string; readonly level: string } | null;
    readonly coverage: { readonly value: string };
    readonly gradient: { readonly value: string; readonly status: string };
  };
}
const traceAt = (file: string): Trace => JSON.parse(readSiteFile(file)) as Trace;
let claimPagesRead: ClaimPage[] | null = null;
/** Every claim page with its trace, read from disk once per worker. */
const pages = (): ClaimPage[] => (claimPagesRead ??= claimPages().filter((p) => p.raw !== null));
/** The site's default model, as the trace beside `/claims/<slug>/` names it. */
const defaultModel = (): string => defaultModelId();
const isDefault = (p: ClaimPage): boolean => p.urlModel === defaultModel();
/** The path a page names as canonical: its own, but `/claims/<slug>/` for the claim under the default model. */
function canonicalOf(file: string): string {
  const claim = pages().find((p) => p.htmlFile === file && p.urlModel !== null);
  return claim !== undefined && isDefault(claim) ? `/claims/${claim.slug}/` : urlOfFile(file);
}

test.describe('claim pages', () => {
  test('each claim has exactly one ClaimReview, on /claims/<slug>/, rated from its default trace', async ({ page }) => {
    test.setTimeout(120_000);
    const site = siteAddress();
    const claims = pages();
    expect(claims.length).toBeGreaterThan(0);
    const heads = await readHeads(
      page,
      claims.map((c) => c.htmlFile),
    );
    const reviewsOf = new Map<string, number>();
    let refusals = 0;
    let claimants = 0;
    for (const claim of claims) {
      const head = heads.get(claim.htmlFile)!;
      const reviews = head.jsonLd.map((block) => JSON.parse(block) as Node).filter((n) => n['@type'] === 'ClaimReview');
      reviewsOf.set(claim.slug, (reviewsOf.get(claim.slug) ?? 0) + reviews.length);
      if (claim.urlModel !== null) {
        // A claim under a model (the default included) is a view of the claim, not a second review.
        expect(reviews, `${claim.url}: no ClaimReview under a model's address`).toHaveLength(0);
        continue;
      }
      expect(head.jsonLd, `${claim.url}: one JSON-LD block`).toHaveLength(1);
      const review = reviews[0]!;
      const trace = claim.raw as Trace;
      const where = `${claim.url}: ClaimReview`;
      expect(review['@context'], where).toBe('https://schema.org');
      expect(review['url'], where).toBe(new URL(claim.url, site).href);
      expect(review['url'], `${where} url is the page's canonical URL`).toBe(head.canonical[0]);
      expect(review['claimReviewed'], where).toBe(trace.input.statement);
      // Dates are the claim's own: recorded, and its latest review (never the build's date).
      const reviewed = trace.input.reviews.map((r) => ('date' in r ? r.date : r.on)).sort();
      expect(review['datePublished'], where).toBe(trace.input.recorded);
      expect(review['dateModified'], where).toBe([trace.input.recorded, ...reviewed].sort().at(-1));
      // The claim's author is its claimant, never the person who recorded it.
      const item = review['itemReviewed'] as Node;
      expect(JSON.stringify(item), `${where} never names the recorder`).not.toContain(
        JSON.stringify(trace.input.author),
      );
      const { claimant, appearances = [] } = trace.input;
      if (claimant) {
        claimants += 1;
        // Typed as schema.org's Person or Organization when the claim file says which.
        const type = { person: 'Person', organization: 'Organization' }[claimant.type ?? ''];
        expect(item['author'], where).toEqual({
          ...(type === undefined ? {} : { '@type': type }),
          name: claimant.name,
          ...(claimant.url === null ? {} : { url: claimant.url }),
        });
        expect(item['firstAppearance'], where).toEqual({
          '@type': 'CreativeWork',
          url: appearances[0]!.url,
          datePublished: appearances[0]!.date,
        });
        expect(item['datePublished'], where).toBe(appearances[0]!.date);
        expect(
          (item['appearance'] as Node[]).map((a) => a['url']),
          where,
        ).toEqual(appearances.map((a) => a.url));
      } else {
        expect(item, where).toEqual({ '@type': 'Claim' });
      }
      expect(review['author'], where).toEqual({ '@type': 'Organization', name: 'The claim ledger', url: site });
      const rating = review['reviewRating'] as Node;
      if (isScored(claim.trace)) {
        expect(rating, where).toMatchObject({
          '@type': 'Rating',
          ratingValue: Number(trace.result.probability),
          bestRating: 1,
          worstRating: 0,
          alternateName: trace.result.state.charAt(0).toUpperCase() + trace.result.state.slice(1).replaceAll('-', ' '),
        });
      } else {
        refusals += 1;
        expect(rating, `${where} of a refusal has no number`).toEqual({
          '@type': 'Rating',
          alternateName: `Not rated: ${trace.result.state.replaceAll('-', ' ')}`,
          ratingExplanation: trace.result.reason,
        });
      }
      const [dataset, model] = review['isBasedOn'] as Node[];
      const traceFile = fileOf(String(dataset!['url']), site);
      expect(traceFile, `${where} links a trace.json of the site`).not.toBeNull();
      expect(traceAt(traceFile!), `${where} links this page's trace`).toEqual(claim.raw);
      expect(model, where).toMatchObject({ '@type': 'CreativeWork', name: trace.model, identifier: trace.configHash });
      expect(fileOf(String(model!['url']), site), `${where} links the model's page`).not.toBeNull();
    }
    expect(
      [...reviewsOf.values()].every((n) => n === 1),
      'exactly one ClaimReview per claim',
    ).toBe(true);
    expect(refusals, 'the site has refusals to check').toBeGreaterThan(0);
    expect(claimants, 'the site has claimants to check').toBeGreaterThan(0);
  });

  test('a claim under the default model names /claims/<slug>/ as its canonical address', async ({ page }) => {
    const site = siteAddress();
    const under = pages().filter((p) => p.urlModel !== null && p.urlModel === p.trace.model && isDefault(p));
    expect(under.length).toBeGreaterThan(0);
    const heads = await readHeads(
      page,
      under.map((c) => c.htmlFile),
    );
    for (const claim of under) {
      expect(heads.get(claim.htmlFile)!.canonical, claim.url).toEqual([new URL(`/claims/${claim.slug}/`, site).href]);
    }
  });

  test('the JSON-LD block is data: a claim page loads with no policy violation and no error', async ({ page }) => {
    const claim = pages()[0]!;
    const watched = await watch(page);
    await page.goto(claim.url);
    await expect(page.locator('script[type="application/ld+json"]')).toHaveCount(1);
    expect(problemsOf(watched)).toEqual({});
  });

  test('every claim page offers "cite this" with the permalink under its model', async ({ page }) => {
    const site = siteAddress();
    for (const claim of pages()) {
      const { ids, refs } = parsedPage(claim.htmlFile);
      for (const id of ['cite', 'cite-text', 'cite-csl', 'cite-bibtex']) {
        expect(ids, `${claim.url} has #${id}`).toContain(id);
      }
      const permalink = `/claims/${claim.slug}/${claim.trace.model}/`;
      expect(
        refs.some((r) => r.tag === 'a' && r.value === '#cite'),
        `${claim.url} links #cite`,
      ).toBe(true);
      expect(
        refs.some((r) => r.tag === 'a' && r.value === permalink),
        `${claim.url} links its permalink`,
      ).toBe(true);
    }
    // One page read in full, as a reader copies it.
    const claim = pages().find((p) => p.urlModel === null)!;
    const trace = claim.raw as Trace;
    const absolute = new URL(`/claims/${claim.slug}/${trace.model}/`, site).href;
    await page.goto(`${claim.url}#cite`);
    await expect(page.locator('#cite h2')).toContainText('Cite this');
    const plain = await page.locator('#cite-text pre').innerText();
    expect(plain).toContain(absolute);
    expect(plain).toContain(trace.configHash);
    // The citation manager formats sit behind a <details>: a reader opens it before copying.
    await page.locator('#cite details.cite-more > summary').click();
    const csl = JSON.parse(await page.locator('#cite-csl pre').innerText()) as Node[];
    expect(csl).toHaveLength(1);
    expect(csl[0]).toMatchObject({
      type: 'webpage',
      URL: absolute,
      title: trace.input.statement,
      version: trace.model,
    });
    expect(String(csl[0]!['note'])).toContain(trace.configHash);
    const bib = await page.locator('#cite-bibtex pre').innerText();
    expect(bib).toMatch(/^@misc\{[A-Za-z0-9-]+,\n/);
    expect(bib).toContain(`url = {${absolute}}`);
    expect(bib).toContain(`config hash ${trace.configHash}`);
    expect(bib).toMatch(/\n {2}year = \{\d{4}\},\n {2}month = (jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec),\n/);
  });
});

test.describe('every page', () => {
  test('has a canonical URL, Open Graph and Twitter meta, and the feeds in its head', async ({ page }) => {
    test.setTimeout(120_000);
    const site = siteAddress();
    const files = htmlFiles();
    const heads = await readHeads(page, files);
    const claimFiles = new Map(pages().map((p) => [p.htmlFile, p]));
    const missing: string[] = [];
    for (const file of files) {
      const head = heads.get(file)!;
      const url = urlOfFile(file);
      if (file === '404.html') {
        // Served at every missing path, the not-found page has no address of its own.
        if (head.canonical.length !== 0) missing.push(`${url}: the not-found page has a canonical link`);
      } else if (head.canonical.length !== 1 || head.canonical[0] !== new URL(canonicalOf(file), site).href) {
        missing.push(`${url}: canonical ${JSON.stringify(head.canonical)}`);
      } else if (head.meta['og:url'] !== head.canonical[0]) missing.push(`${url}: og:url is not the canonical URL`);
      const image = head.meta['og:image'] ?? '';
      if (!image.endsWith('.png') || fileOf(image, site) === null)
        missing.push(`${url}: og:image ${image} is not a PNG of the site`);
      for (const key of ['og:title', 'og:description', 'og:type', 'og:site_name', 'og:locale', 'twitter:card']) {
        if (!head.meta[key]) missing.push(`${url}: no ${key}`);
      }
      if (head.meta['twitter:card'] !== undefined && head.meta['twitter:card'] !== 'summary') {
        missing.push(`${url}: twitter:card is ${head.meta['twitter:card']}`);
      }
      if (head.meta['og:description'] !== head.meta['description']) missing.push(`${url}: og:description differs`);
      if (['claims', 'models', 'changes'].some((feed) => !head.feeds.includes(`/feeds/${feed}.xml`))) {
        missing.push(`${url}: feeds not linked in the head`);
      }
      const claim = claimFiles.get(file);
      if (claim) {
        const description = head.meta['og:description'] ?? '';
        const { state, probability } = claim.trace.result;
        // The state in words, the description's first, with a capital.
        const words = state.charAt(0).toUpperCase() + state.slice(1).replaceAll('-', ' ');
        if (!description.startsWith(words)) missing.push(`${url}: og:description does not start with ${words}`);
        if (probability !== null && !description.includes(probability)) {
          missing.push(`${url}: og:description lacks the probability ${probability}`);
        }
        if (head.meta['og:type'] !== 'article') missing.push(`${url}: og:type is not article`);
      }
    }
    expect(missing).toEqual([]);
  });

  test('the sitemap lists every page, and robots.txt points at it', async ({ page }) => {
    const site = siteAddress();
    const robots = readSiteFile('robots.txt');
    const sitemapLine = /^Sitemap: (\S+)$/m.exec(robots);
    expect(sitemapLine, 'robots.txt names a sitemap').not.toBeNull();
    expect(robots).toMatch(/^User-agent: \*$/m);
    const indexFile = fileOf(sitemapLine![1]!, site);
    expect(indexFile, 'the sitemap robots.txt names is on the site').not.toBeNull();
    const indexXml = readSiteFile(indexFile!);
    expect(await xmlProblem(page, indexXml)).toBeNull();
    const sitemaps = ((xml.parse(indexXml) as Node)['sitemapindex'] as Node)['sitemap'] as Node[];
    const listed: string[] = [];
    const sitemapBodies: string[] = [];
    for (const entry of sitemaps) {
      const file = fileOf(text(entry['loc']), site);
      expect(file, `${text(entry['loc'])} is on the site`).not.toBeNull();
      const body = readSiteFile(file!);
      sitemapBodies.push(body);
      for (const url of ((xml.parse(body) as Node)['urlset'] as Node)['url'] as Node[]) listed.push(text(url['loc']));
    }
    for (const body of sitemapBodies) expect(await xmlProblem(page, body)).toBeNull();
    // Every page with an address of its own: not the not-found page, nor a second address of a claim.
    const expected = htmlFiles()
      .filter((f) => f !== '404.html' && canonicalOf(f) === urlOfFile(f))
      .map((f) => new URL(urlOfFile(f), site).href)
      .sort();
    expect([...listed].sort()).toEqual(expected);
    expect(new Set(listed).size, 'no page listed twice').toBe(listed.length);
  });
});

test.describe('feeds', () => {
  const checkFeed = async (page: Page, file: string, site: string): Promise<Node[]> => {
    const body = readSiteFile(file);
    expect(await xmlProblem(page, body), `${file} is well-formed XML`).toBeNull();
    const feed = (xml.parse(body) as Node)['feed'] as Node;
    expect(feed['@xmlns']).toBe('http://www.w3.org/2005/Atom');
    for (const key of ['id', 'title', 'updated']) expect(text(feed[key]), `${file}: feed ${key}`).not.toBe('');
    expect(text(feed['updated'])).toMatch(RFC3339);
    expect(((feed['author'] as Node[])[0] as Node)['name']).toBeTruthy();
    const self = (feed['link'] as Node[]).find((l) => l['@rel'] === 'self');
    expect(self?.['@href'], `${file}: link rel=self is the feed's own URL`).toBe(new URL(`/${file}`, site).href);
    const entries = (feed['entry'] as Node[] | undefined) ?? [];
    const stamps: string[] = [];
    for (const entry of entries) {
      for (const key of ['id', 'title', 'updated']) expect(text(entry[key]), `${file}: entry ${key}`).not.toBe('');
      expect(text(entry['updated'])).toMatch(RFC3339);
      stamps.push(text(entry['updated']));
      const alternate = (entry['link'] as Node[]).find((l) => l['@rel'] === 'alternate');
      expect(
        fileOf(String(alternate?.['@href']), site),
        `${file}: ${text(entry['id'])} links a page of the site`,
      ).not.toBeNull();
    }
    expect(new Set(entries.map((e) => text(e['id']))).size, `${file}: entry ids are unique`).toBe(entries.length);
    if (stamps.length > 0) expect(text(feed['updated'])).toBe([...stamps].sort().at(-1));
    return entries;
  };

  test('the models feed has one entry per released model', async ({ page }) => {
    const site = siteAddress();
    const entries = await checkFeed(page, 'feeds/models.xml', site);
    const scores = JSON.parse(readSiteFile('data/scores.json')) as { models: string[] };
    expect(entries.map((e) => new URL(text(e['id'])).pathname).sort()).toEqual(
      scores.models.map((m) => `/models/${m}/`).sort(),
    );
  });

  test('the claims feed has one entry per claim, with its state under the default model', async ({ page }) => {
    const site = siteAddress();
    const entries = await checkFeed(page, 'feeds/claims.xml', site);
    const defaults = pages().filter((p) => p.urlModel === null);
    expect(entries).toHaveLength(defaults.length);
    for (const claim of defaults) {
      const entry = entries.find((e) => text(e['id']) === new URL(claim.url, site).href);
      expect(entry, `${claim.url} is in the feed`).toBeDefined();
      expect(text(entry!['title'])).toBe(claim.trace.input.statement);
      expect(text(entry!['summary'])).toContain(claim.trace.result.state);
      if (claim.trace.result.probability !== null)
        expect(text(entry!['summary'])).toContain(claim.trace.result.probability);
    }
  });
});

test.describe('bulk data', () => {
  const COLUMNS = [
    'claim',
    'statement',
    'recorded',
    'model',
    'state',
    'probability',
    'reason',
    'stability',
    'stabilitySpread',
    'coverage',
    'gradient',
    'gradientStatus',
    'configHash',
    'inputHash',
    'page',
    'trace',
  ];

  test('scores.csv parses back to one row per claim and model, each matching its trace', () => {
    const site = siteAddress();
    const csv = readFileSync(join(distDir(), 'data/scores.csv'), 'utf8');
    expect(csv.endsWith('\r\n'), 'CRLF line ends, as RFC 4180 has them').toBe(true);
    const parsed = Papa.parse<Record<string, string>>(csv, { header: true, skipEmptyLines: true });
    expect(parsed.errors).toEqual([]);
    expect(parsed.meta.fields).toEqual(COLUMNS);
    const scores = JSON.parse(readSiteFile('data/scores.json')) as { models: string[]; defaultModel: string };
    const slugs = [...new Set(pages().map((p) => p.slug))].sort();
    expect(parsed.data.map((r) => `${r['claim']} ${r['model']}`)).toEqual(
      slugs.flatMap((slug) => scores.models.map((model) => `${slug} ${model}`)),
    );
    expect(scores.models[0]).toBe(scores.defaultModel);
    for (const row of parsed.data) {
      const file = fileOf(row['trace']!, site);
      expect(file, `${row['claim']} under ${row['model']}: the trace URL is on the site`).not.toBeNull();
      const t = traceAt(file!);
      expect(row, `${row['claim']} under ${row['model']}`).toEqual({
        claim: t.claim,
        statement: t.input.statement,
        recorded: t.input.recorded,
        model: t.model,
        state: t.result.state,
        probability: t.result.probability ?? '',
        reason: t.result.reason ?? '',
        stability: t.result.stability?.level ?? '',
        stabilitySpread: t.result.stability?.spread ?? '',
        coverage: t.result.coverage.value,
        gradient: t.result.gradient.value,
        gradientStatus: t.result.gradient.status,
        configHash: t.configHash,
        inputHash: t.inputHash,
        page: new URL(`/claims/${t.claim}/${t.model}/`, site).href,
        trace: row['trace'],
      });
      expect(
        fileOf(row['page']!, site),
        `${row['claim']} under ${row['model']}: the page is on the site`,
      ).not.toBeNull();
    }
    expect(
      parsed.data.some((r) => r['probability'] === ''),
      'refusals leave the probability empty',
    ).toBe(true);
  });

  test('scores.json holds the same rows as scores.csv', () => {
    const parsed = Papa.parse<Record<string, string>>(readSiteFile('data/scores.csv'), {
      header: true,
      skipEmptyLines: true,
    });
    const doc = JSON.parse(readSiteFile('data/scores.json')) as {
      columns: string[];
      scores: Record<string, string | null>[];
    };
    expect(doc.columns).toEqual(COLUMNS);
    expect(doc.scores.map((r) => Object.fromEntries(COLUMNS.map((c) => [c, r[c] ?? ''])))).toEqual(parsed.data);
  });

  test('claims.json holds every claim’s inputs, as its traces read them', () => {
    const doc = JSON.parse(readSiteFile('data/claims.json')) as {
      claims: { slug: string; inputHash: string; claim: unknown }[];
    };
    const defaults = pages().filter((p) => p.urlModel === null);
    expect(doc.claims.map((c) => c.slug)).toEqual(defaults.map((p) => p.slug).sort());
    for (const entry of doc.claims) {
      const trace = traceAt(`claims/${entry.slug}/trace.json`) as Trace & { input: unknown };
      expect(entry.inputHash, entry.slug).toBe(trace.inputHash);
      expect(entry.claim, entry.slug).toEqual(trace.input);
    }
  });

  test('the home page links the downloads and the feeds', () => {
    const hrefs = parsedPage('index.html')
      .refs.filter((r) => r.tag === 'a')
      .map((r) => r.value);
    for (const path of [
      '/data/scores.csv',
      '/data/scores.json',
      '/data/claims.json',
      '/feeds/claims.xml',
      '/feeds/models.xml',
    ]) {
      expect(hrefs, `the home page links ${path}`).toContain(path);
    }
  });
});

test.describe('schemas for editors', () => {
  test('the site publishes the claim and model JSON Schemas, generated from the zod schemas', () => {
    const site = siteAddress();
    for (const [file, schema] of [
      ['schemas/claim.schema.json', claimJsonSchema(site)],
      ['schemas/model.schema.json', modelJsonSchema(site)],
    ] as const) {
      expect(existsSync(join(distDir(), file)), `${file} is published`).toBe(true);
      expect(JSON.parse(readSiteFile(file)), file).toEqual(schema);
      expect(schema['$id']).toBe(new URL(file, site).href);
    }
  });

  test('/contribute/ links both schemas', () => {
    const refs = parsedPage('contribute/index.html').refs.map((r) => r.value);
    expect(refs).toContain('/schemas/claim.schema.json');
    expect(refs).toContain('/schemas/model.schema.json');
  });
});
