/**
 * What every built page tells a crawler and a link preview: its canonical URL, Open Graph and
 * Twitter meta and feeds in its head, and the sitemap and robots.txt that list the pages.
 */
import { expect, test } from '@playwright/test';
import { htmlFiles, readSiteFile, urlOfFile } from '../support/e2e-site.ts';
import {
  canonicalOf,
  fileOf,
  pages,
  readHeads,
  siteAddress,
  text,
  xml,
  xmlProblem,
  type Node,
} from '../support/e2e-ecosystem.ts';

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
