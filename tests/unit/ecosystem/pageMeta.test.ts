import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { canonicalUrl, OG_IMAGE, pageMeta } from '../../../src/lib/publish/pageMeta.ts';
import { REPO_ROOT } from '../../support/cli.ts';
import {
  absoluteUrl,
  claimsFeedPath,
  claimsJsonPath,
  modelsFeedPath,
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

  it('gives Open Graph its title, description, type, site name, URL and a PNG picture', () => {
    expect(Object.fromEntries(meta.properties.map((p) => [p.property, p.content]))).toEqual({
      'og:title': 'T',
      'og:description': 'D',
      'og:type': 'article',
      'og:site_name': 'The claim ledger',
      'og:locale': 'en_GB',
      'og:url': 'https://ledger.test/claims/x/',
      'og:image': 'https://ledger.test/og-image.png',
      'og:image:type': 'image/png',
      'og:image:width': '1200',
      'og:image:height': '630',
      'og:image:alt': 'The claim ledger: every claim’s arithmetic, in the open.',
    });
  });

  it('asks for a summary Twitter card, which takes its title, text and picture from Open Graph', () => {
    expect(meta.names).toEqual([
      { name: 'twitter:card', content: 'summary' },
      { name: 'twitter:image:alt', content: 'The claim ledger: every claim’s arithmetic, in the open.' },
    ]);
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
  ])('%s', (path, expected) => {
    expect(path).toBe(expected);
  });

  it('makes a root-relative path absolute on the site', () => {
    expect(absoluteUrl('/claims/x/', 'https://ledger.test')).toBe('https://ledger.test/claims/x/');
    expect(absoluteUrl('/', new URL('https://ledger.test/'))).toBe('https://ledger.test/');
  });
});

describe('the link-preview picture', () => {
  // A PNG's signature, then its IHDR chunk: width and height as 32-bit big-endian integers.
  const png = readFileSync(join(REPO_ROOT, 'public', 'og-image.png'));

  it('is a PNG (link previews refuse SVG) of the size the meta declares', () => {
    expect([...png.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    expect(png.subarray(12, 16).toString('latin1')).toBe('IHDR');
    expect(String(png.readUInt32BE(16))).toBe(OG_IMAGE.width);
    expect(String(png.readUInt32BE(20))).toBe(OG_IMAGE.height);
  });

  it('is small enough for every preview (under 300 KB)', () => {
    expect(png.length).toBeLessThan(300 * 1024);
  });
});
