/**
 * What a claim page offers the rest of the web, read back the way its readers read it: a fact-check
 * aggregator's ClaimReview JSON-LD, a crawler's canonical link, and a citation manager's "cite
 * this", each compared with the trace published beside the page (the other ecosystem-*.spec.ts
 * files read every page's head, the feeds and the bulk data).
 */
import { expect, test } from '@playwright/test';
import { problemsOf, watch } from '../support/e2e-watch.ts';
import { isScored, parsedPage } from '../support/e2e-site.ts';
import {
  fileOf,
  isDefault,
  pages,
  readHeads,
  siteAddress,
  traceAt,
  type Node,
  type Trace,
} from '../support/e2e-ecosystem.ts';

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
