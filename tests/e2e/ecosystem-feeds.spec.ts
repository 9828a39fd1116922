/**
 * The site's Atom feeds read back as a feed reader reads them: well-formed, every entry dated and
 * linking a page of the site, one entry per released model and one per claim with its state.
 */
import { expect, test, type Page } from '@playwright/test';
import { readSiteFile } from '../support/e2e-site.ts';
import { fileOf, pages, RFC3339, siteAddress, text, xml, xmlProblem, type Node } from '../support/e2e-ecosystem.ts';

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
