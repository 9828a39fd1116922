import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { relativeHref, relativePath, resolveHref } from '../../../src/lib/snapshot/relativeHref.ts';

const SITE = new Set([
  'index.html',
  'claims/a/index.html',
  'claims/a/trace.json',
  'models/m@1.0.0/index.html',
  'models/m@1.0.0/model.json',
  'katex/katex.min.css',
  'katex/fonts/KaTeX_Main-Regular.woff2',
  'downloads/report',
]);
const isFile = (path: string): boolean => SITE.has(path);

describe('relativeHref', () => {
  describe.each([
    // [the file holding the link, the link as built, the link that works from file://]
    ['index.html', '/', 'index.html'],
    ['index.html', '/claims/a/', 'claims/a/index.html'],
    ['claims/a/index.html', '/', '../../index.html'],
    ['claims/a/index.html', '/claims/a/', 'index.html'],
    ['claims/a/index.html', '/claims/a/trace.json', 'trace.json'],
    ['claims/a/index.html', '/models/m@1.0.0/', '../../models/m@1.0.0/index.html'],
    ['claims/a/m@1.0.0/index.html', '/claims/a/', '../index.html'],
    ['claims/a/index.html', '/models/m@1.0.0/#weights', '../../models/m@1.0.0/index.html#weights'],
    ['claims/a/index.html', '/claims/a/#step-3', 'index.html#step-3'],
    ['index.html', '/browse/all/all/recorded/?q=1#x', 'browse/all/all/recorded/index.html?q=1#x'],
    ['claims/a/index.html', '/katex/katex.min.css', '../../katex/katex.min.css'],
    ['katex/katex.min.css', 'fonts/KaTeX_Main-Regular.woff2', 'fonts/KaTeX_Main-Regular.woff2'],
    ['_astro/site.css', '/katex/fonts/KaTeX_Main-Regular.woff2', '../katex/fonts/KaTeX_Main-Regular.woff2'],
    ['claims/a/index.html', '../../models/m@1.0.0/', '../../models/m@1.0.0/index.html'],
    ['claims/a/index.html', './', 'index.html'],
    ['claims/a/index.html', '..', '../index.html'],
    ['claims/a/index.html', '/../../..//claims//a/', 'index.html'],
    ['claims/a/index.html', '/claims/a', 'index.html'],
    ['index.html', '/downloads/report', 'downloads/report'],
    ['index.html', '/a:b/', './a:b/index.html'],
    ['index.html', '/claims/a%20b/', 'claims/a%20b/index.html'],
  ])('in %s, %s', (from, href, expected) => {
    it(`becomes ${expected}`, () => {
      expect(relativeHref(from, href, isFile)).toBe(expected);
    });
  });

  it.each([
    '#main',
    '',
    '?sort=1',
    'https://example.org/x/',
    'http://x',
    '//cdn.example.org/a.css',
    'mailto:a@b.c',
    'data:font/woff2;base64,AAAA',
    'javascript:void(0)',
    'tel:+441234',
  ])('leaves %j as it is', (href) => {
    expect(relativeHref('claims/a/index.html', href, isFile)).toBe(href);
  });

  it('names the index of a folder link even when it is not known to exist', () => {
    expect(relativeHref('index.html', '/spec/')).toBe('spec/index.html');
  });

  it('resolves to the file and the suffix separately', () => {
    expect(resolveHref('claims/a/index.html', '/models/m@1.0.0/?x=1#y', isFile)).toEqual({
      path: 'models/m@1.0.0/index.html',
      suffix: '?x=1#y',
    });
    expect(resolveHref('claims/a/index.html', '#y', isFile)).toBeNull();
  });
});

describe('relativePath', () => {
  it.each([
    ['index.html', 'index.html', 'index.html'],
    ['a/b/index.html', 'a/c/index.html', '../c/index.html'],
    ['a/index.html', 'a/b/c.json', 'b/c.json'],
    ['a/b/c/index.html', 'x.css', '../../../x.css'],
    ['a/a/index.html', 'a/index.html', '../index.html'],
  ])('from %s to %s is %s', (from, to, expected) => {
    expect(relativePath(from, to)).toBe(expected);
  });
});

describe('relativeHref, for any two files of a site', () => {
  const segment = fc.stringMatching(/^[a-z0-9@._-]{1,8}$/).filter((s) => s !== '.' && s !== '..');
  const file = fc
    .array(segment, { minLength: 0, maxLength: 4 })
    .chain((dirs) => segment.map((name) => [...dirs, name].join('/')));
  const folder = fc.array(segment, { minLength: 0, maxLength: 4 }).map((dirs) => dirs.join('/'));

  it('a root-relative link to a file resolves, from the linking file on disk, to that file', () => {
    fc.assert(
      fc.property(file, file, fc.constantFrom('', '#step', '?a=b'), (from, to, suffix) => {
        const written = relativeHref(from, `/${to}${suffix}`);
        expect(written.startsWith('/')).toBe(false);
        expect(new URL(written, `file:///snapshot/${from}`).href).toBe(`file:///snapshot/${to}${suffix}`);
      }),
    );
  });

  it('a link to a folder resolves to its index.html, never to the folder', () => {
    fc.assert(
      fc.property(file, folder, (from, to) => {
        const written = relativeHref(from, to === '' ? '/' : `/${to}/`);
        expect(new URL(written, `file:///snapshot/${from}`).href).toBe(
          `file:///snapshot/${to === '' ? '' : `${to}/`}index.html`,
        );
      }),
    );
  });
});
