/**
 * A site built under a base path (`LEDGER_BASE=/sub/`, a project page on a static host): every URL
 * paths.ts makes is under it, absolute URLs keep it, and the snapshot and the test server map it
 * back onto the built folder.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { baseProblem, normaliseBase, withoutBase } from '../../../src/lib/paths.ts';
import { fromBase, siteBase } from '../../../src/lib/snapshot/snapshot.ts';
import { siteUrl } from '../../../src/lib/snapshot/wacz.ts';
import { publishedAt } from '../../../src/cli/snapshot.ts';

/** paths.ts as a build under `base` loads it (it reads LEDGER_BASE once, when loaded). */
async function pathsUnder(base: string | undefined): Promise<typeof import('../../../src/lib/paths.ts')> {
  vi.resetModules();
  vi.stubEnv('LEDGER_BASE', base);
  return import('../../../src/lib/paths.ts');
}

afterEach(() => {
  vi.unstubAllEnvs();
  vi.resetModules();
});

describe.each([
  [undefined, '/'],
  ['', '/'],
  ['/', '/'],
  ['ledger', '/ledger/'],
  ['/ledger', '/ledger/'],
  ['/ledger/', '/ledger/'],
  ['//a/b//', '/a/b/'],
])('normaliseBase(%j)', (value, base) => {
  it(`is ${base}`, () => expect(normaliseBase(value)).toBe(base));
});

describe('baseProblem', () => {
  it.each(['/', '/ledger/', 'ledger', '/a/b.c_d~e-f/'])('accepts %j', (value) => {
    expect(baseProblem(value)).toBeNull();
  });
  it.each(['/a b/', '/../x/', '/a/./b/', 'https://x.org/', '/a?b', '/a#b', '/"x"/'])(
    'refuses %j, naming it',
    (value) => {
      expect(baseProblem(value)).toContain(JSON.stringify(value));
    },
  );
});

describe('every internal URL under a base path', () => {
  it('puts pages, assets, data and feeds under the base', async () => {
    const p = await pathsUnder('/ledger/');
    expect(p.homePath()).toBe('/ledger/');
    expect(p.claimPath('x')).toBe('/ledger/claims/x/');
    expect(p.claimPath('x', 'm@1.0.0')).toBe('/ledger/claims/x/m@1.0.0/');
    expect(p.tracePath('x')).toBe('/ledger/claims/x/trace.json');
    expect(p.browsePath('all', 'all', 'recorded')).toBe('/ledger/');
    expect(p.browsePath('factual', 'all', 'recorded')).toBe('/ledger/browse/factual/all/recorded/');
    expect(p.assetPath('/katex/katex.min.css')).toBe('/ledger/katex/katex.min.css');
    expect(p.pagefindPath('pagefind-ui.js')).toBe('/ledger/pagefind/pagefind-ui.js');
    expect(p.scoresCsvPath()).toBe('/ledger/data/scores.csv');
    expect(p.claimsFeedPath()).toBe('/ledger/feeds/claims.xml');
    expect(p.schemaPath('claim')).toBe('/ledger/schemas/claim.schema.json');
    expect(p.archivePath()).toBe('/ledger/archive/');
  });

  it('keeps the base in absolute URLs, whether LEDGER_SITE names the host alone or the path too', async () => {
    const p = await pathsUnder('/ledger/');
    expect(p.absoluteUrl(p.claimPath('x'), 'https://owner.github.io')).toBe('https://owner.github.io/ledger/claims/x/');
    expect(p.absoluteUrl(p.claimPath('x'), 'https://owner.github.io/ledger/')).toBe(
      'https://owner.github.io/ledger/claims/x/',
    );
  });

  it('leaves URLs at the root without a base', async () => {
    const p = await pathsUnder(undefined);
    expect(p.claimPath('x')).toBe('/claims/x/');
    expect(p.homePath()).toBe('/');
  });
});

describe('withoutBase', () => {
  it.each([
    ['/ledger/claims/x/', '/ledger/', '/claims/x/'],
    ['/ledger/', '/ledger/', '/'],
    ['/ledger', '/ledger/', '/'],
    ['/other/x/', '/ledger/', '/other/x/'],
    ['/claims/x/', '/', '/claims/x/'],
  ])('%s under %s is %s', (path, base, expected) => {
    expect(withoutBase(path, base)).toBe(expected);
  });
});

describe('the snapshot of a site built under a base path', () => {
  const home = (href: string) =>
    new Map([['index.html', new TextEncoder().encode(`<link rel="stylesheet" href="${href}" />`)]]);

  it.each([
    ['/ledger/katex/katex.min.css', '/ledger/'],
    ['/katex/katex.min.css', '/'],
  ])('reads the base from the home page’s KaTeX stylesheet (%s)', (href, base) => {
    expect(siteBase(home(href))).toBe(base);
  });

  // The home page has no formula, so it links no KaTeX stylesheet: the icon names the base.
  it.each([
    ['/ledger/favicon.svg', '/ledger/'],
    ['/favicon.svg', '/'],
  ])('reads the base from the home page’s icon when it has no KaTeX (%s)', (href, base) => {
    const page = `<link rel="icon" type="image/svg+xml" href="${href}">`;
    expect(siteBase(new Map([['index.html', new TextEncoder().encode(page)]]))).toBe(base);
  });

  it.each([
    ['/ledger/claims/x/', '/claims/x/'],
    ['/ledger/', '/'],
    ['/ledger', '/'],
    ['/ledger#top', '/#top'],
    ['#top', '#top'],
    ['../x/', '../x/'],
    ['https://example.org/ledger/', 'https://example.org/ledger/'],
    ['//example.org/ledger/', '//example.org/ledger/'],
  ])('maps %s onto the folder as %s', (href, expected) => {
    expect(fromBase(href, '/ledger/')).toBe(expected);
  });

  it('archives pages at their addresses under the base', () => {
    expect(siteUrl('https://owner.github.io/ledger', 'claims/x/index.html')).toBe(
      'https://owner.github.io/ledger/claims/x/',
    );
    expect(siteUrl('https://owner.github.io/ledger', 'index.html')).toBe('https://owner.github.io/ledger/');
    expect(siteUrl('https://example.org', 'claims/x/index.html')).toBe('https://example.org/claims/x/');
  });

  it.each([
    ['https://owner.github.io', '/ledger/', 'https://owner.github.io/ledger'],
    ['https://owner.github.io/ledger/', '/ledger/', 'https://owner.github.io/ledger'],
    ['https://example.org/', '/', 'https://example.org'],
  ])('is published at the site and its base (%s, %s)', (site, base, expected) => {
    expect(publishedAt(site, base)).toBe(expected);
  });
});
