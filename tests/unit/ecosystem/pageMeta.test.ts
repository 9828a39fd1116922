import { describe, expect, it } from 'vitest';
import { canonicalUrl, pageMeta } from '../../../src/lib/pageMeta.ts';
import {
  absoluteUrl,
  claimsFeedPath,
  claimsJsonPath,
  modelsFeedPath,
  robotsPath,
  scoresCsvPath,
  scoresJsonPath,
  sitemapIndexPath,
} from '../../../src/lib/paths.ts';

describe('canonicalUrl', () => {
  it.each([
    ['/', 'https://ledger.test/'],
    ['/claims/x/', 'https://ledger.test/claims/x/'],
    ['/claims/x/ledger@1.1.0/', 'https://ledger.test/claims/x/ledger@1.1.0/'],
    ['/claims/x', 'https://ledger.test/claims/x/'],
    ['/reference/ledger.py', 'https://ledger.test/reference/ledger.py'],
  ])('gives %s the address %s', (path, url) => {
    expect(canonicalUrl(path, 'https://ledger.test')).toBe(url);
  });

  it.each(['/404', '/404/', '/404.html'])('gives the not-found page (%s) none', (path) => {
    expect(canonicalUrl(path, 'https://ledger.test')).toBeNull();
  });
});

describe('pageMeta', () => {
  const meta = pageMeta({
    title: 'T',
    description: 'D',
    pathname: '/claims/x/',
    site: 'https://ledger.test/',
    type: 'article',
  });

  it('gives Open Graph its title, description, type, site name and URL', () => {
    expect(Object.fromEntries(meta.properties.map((p) => [p.property, p.content]))).toEqual({
      'og:title': 'T',
      'og:description': 'D',
      'og:type': 'article',
      'og:site_name': 'The claim ledger',
      'og:url': 'https://ledger.test/claims/x/',
    });
  });

  it('asks for a summary Twitter card', () => {
    expect(meta.names).toContainEqual({ name: 'twitter:card', content: 'summary' });
  });
});

describe('paths of the ecosystem files', () => {
  it.each([
    [scoresCsvPath(), '/data/scores.csv'],
    [scoresJsonPath(), '/data/scores.json'],
    [claimsJsonPath(), '/data/claims.json'],
    [modelsFeedPath(), '/feeds/models.xml'],
    [claimsFeedPath(), '/feeds/claims.xml'],
    [sitemapIndexPath(), '/sitemap-index.xml'],
    [robotsPath(), '/robots.txt'],
  ])('%s', (path, expected) => {
    expect(path).toBe(expected);
  });

  it('makes a root-relative path absolute on the site', () => {
    expect(absoluteUrl('/claims/x/', 'https://ledger.test')).toBe('https://ledger.test/claims/x/');
    expect(absoluteUrl('/', new URL('https://ledger.test/'))).toBe('https://ledger.test/');
  });
});
