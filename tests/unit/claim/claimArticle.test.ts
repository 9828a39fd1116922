import { describe, expect, it } from 'vitest';
import { claimArticleHtml } from '../../../src/lib/claim/html/claimArticle.ts';
import { getSite } from '../../../src/lib/site/site.ts';

const SITE_URL = 'https://claim-ledger.example.org';

/** The text of some HTML as `textContent` reads it: no separator where one element ends and the next begins. */
const textOf = (html: string): string =>
  html
    .replace(/<pre\b[\s\S]*?<\/pre>/g, ' ')
    .replace(/<[^>]*>/g, '')
    .replace(/&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&');

describe('a claim page’s article (the repository’s claims, every model)', () => {
  const site = getSite({ content: 'content', models: 'models' });
  const pages = site.claims.flatMap(({ slug }) => [
    { slug, modelId: site.defaultModel.id, onDefaultRoute: true },
    ...site.models.map((m) => ({ slug, modelId: m.id, onDefaultRoute: false })),
  ]);

  it('lists the other models as “a, b, c”, with no space before a comma', () => {
    for (const page of pages) {
      const html = claimArticleHtml(site, { ...page, siteUrl: SITE_URL });
      const note = /<p class="claim-model-note">([\s\S]*?)<\/p>/.exec(html);
      if (page.modelId !== site.defaultModel.id) continue;
      const others = site.models.map((m) => m.id).filter((id) => id !== page.modelId);
      expect(textOf(note![1]!)).toContain(
        `Under the other released models: ${others.join(', ')} (every model at a glance)`,
      );
      expect(textOf(html)).not.toMatch(/\S ,/);
    }
  });

  it('never runs one block’s last word into the next block’s first, as text', () => {
    for (const page of pages.slice(0, 21)) {
      const html = claimArticleHtml(site, { ...page, siteUrl: SITE_URL });
      // Every block that ends is followed by a line break before the next tag.
      expect(html).not.toMatch(/<\/(?:p|dd|dt|td|th|li|h[1-6]|caption|summary|figcaption|div|blockquote)><(?!\/)/);
      const text = textOf(html).replace(/\s+/g, ' ');
      expect(text).toContain('Type: ');
      expect(text).toMatch(/Recorded by: \S+ Recorded on: \d{4}-\d\d-\d\d/);
    }
  });

  it('is the same working on both addresses of a claim under the default model', () => {
    const { slug } = site.claims[0]!;
    const model = site.defaultModel.id;
    const main = claimArticleHtml(site, { slug, modelId: model, onDefaultRoute: true, siteUrl: SITE_URL });
    const pinned = claimArticleHtml(site, { slug, modelId: model, onDefaultRoute: false, siteUrl: SITE_URL });
    const working = (html: string) =>
      html.slice(
        html.indexOf('<section class="step" id="evidence">'),
        html.indexOf('<section class="step" id="trace">'),
      );
    expect(working(main)).not.toBe('');
    expect(working(pinned)).toBe(working(main));
  });
});
