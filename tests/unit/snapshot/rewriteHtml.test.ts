import { describe, expect, it } from 'vitest';
import { fileCsp } from '../../../src/lib/snapshot/fileCsp.ts';
import { rewriteCss } from '../../../src/lib/snapshot/rewriteCss.ts';
import { decodeEntities, rewriteHtml, rewriteRefresh, rewriteSrcset } from '../../../src/lib/snapshot/rewriteHtml.ts';

/** Marks every URL it is given, so that a test sees which were rewritten. */
const mark = (url: string): string => (url.startsWith('/') ? `REL${url}` : url);
const rewrite = (html: string): string => rewriteHtml(html, { url: mark, csp: fileCsp }).html;

describe('rewriteHtml', () => {
  it.each([
    ['<a href="/claims/a/">A</a>', '<a href="REL/claims/a/">A</a>'],
    ["<a href='/x/'>", "<a href='REL/x/'>"],
    ['<a href=/x/ class=y>', '<a href="REL/x/" class=y>'],
    ['<A HREF="/x/">', '<A HREF="REL/x/">'],
    ['<link rel="stylesheet" href="/katex/katex.min.css">', '<link rel="stylesheet" href="REL/katex/katex.min.css">'],
    ['<script src="/js/a.js" defer></script>', '<script src="REL/js/a.js" defer></script>'],
    ['<form action="/compare/" method="get">', '<form action="REL/compare/" method="get">'],
    [
      '<img src="/a.png" srcset="/a.png 1x, /b.png 2x" alt="">',
      '<img src="REL/a.png" srcset="REL/a.png 1x, REL/b.png 2x" alt="">',
    ],
    ['<a href="/x/?a=1&amp;b=2">', '<a href="REL/x/?a=1&amp;b=2">'],
    ['<a href="/x/&quot;">', '<a href="REL/x/&quot;">'],
    ['<div style="background:url(/bg.png)">', '<div style="background:url(REL/bg.png)">'],
    ['<style>.a{background:url("/bg.png")}</style>', '<style>.a{background:url("REL/bg.png")}</style>'],
    ['<meta http-equiv="refresh" content="0;url=/models/">', '<meta http-equiv="refresh" content="0;url=REL/models/">'],
    ['<a href="#step" data-href="/x/">', '<a href="#step" data-href="/x/">'],
    ['<a href="https://example.org/">', '<a href="https://example.org/">'],
  ])('rewrites %s', (input, expected) => {
    expect(rewrite(input)).toBe(expected);
  });

  it.each([
    ['a comment', '<!-- <a href="/x/"> -->'],
    ['a script', '<script type="application/ld+json">{"url":"<a href=\\"/x/\\">"}</script>'],
    ['a title', '<title><a href="/x/"></title>'],
    ['a textarea', '<textarea><a href="/x/"></textarea>'],
    ['text', '<p>/x/ and href="/x/"</p>'],
    ['a doctype', '<!DOCTYPE html>'],
  ])('leaves the inside of %s alone', (_what, html) => {
    expect(rewrite(html)).toBe(html);
  });

  it('rewrites tags after a script, a comment and a title', () => {
    expect(rewrite('<title>T</title><!-- c --><script>if (a<b) x()</script><a href="/y/">')).toBe(
      '<title>T</title><!-- c --><script>if (a<b) x()</script><a href="REL/y/">',
    );
  });

  it('keeps every other byte of the page', () => {
    const page =
      '<!doctype html>\n<html lang="en"> <body class="x" >\n  <a  href = "/a/"  hidden>é &amp; ü</a>\n</body></html>\n';
    expect(rewrite(page)).toBe(page.replace('"/a/"', '"REL/a/"'));
  });

  it("adapts the page's Content-Security-Policy for file:// and keeps inline scripts forbidden", () => {
    const out = rewrite(
      `<meta http-equiv="Content-Security-Policy" content="default-src 'self'; script-src 'self'; object-src 'none'">`,
    );
    expect(out).toBe(
      `<meta http-equiv="Content-Security-Policy" content="default-src 'self' file:; script-src 'self' file:; object-src 'none'">`,
    );
  });

  it('reports a module script, which cannot run from file://', () => {
    const { problems } = rewriteHtml('<script type="module" src="/_astro/x.js"></script>', { url: mark });
    expect(problems).toEqual([
      'a module script (/_astro/x.js) cannot run from file://; use a classic script from public/js/',
    ]);
  });

  it('does not report classic scripts', () => {
    expect(
      rewriteHtml('<script src="/js/a.js" defer></script><script type="text/javascript" src="/js/b.js"></script>', {
        url: mark,
      }).problems,
    ).toEqual([]);
  });

  it('survives unfinished markup', () => {
    expect(rewrite('<a href="/x/"')).toBe('<a href="REL/x/"');
    expect(rewrite('<!-- open')).toBe('<!-- open');
    expect(rewrite('a < b <')).toBe('a < b <');
    expect(rewrite('<script>never closed <a href="/x/">')).toBe('<script>never closed <a href="/x/">');
  });
});

describe('rewriteCss', () => {
  it.each([
    ['a{background:url(/a.png)}', 'a{background:url(REL/a.png)}'],
    ['a{background:url( "/a.png" )}', 'a{background:url( "REL/a.png" )}'],
    ["@font-face{src:url('/f.woff2') format('woff2')}", "@font-face{src:url('REL/f.woff2') format('woff2')}"],
    ['@import "/b.css";', '@import "REL/b.css";'],
    ["@import url('/b.css');", "@import url('REL/b.css');"],
    ['a{background:URL(/a.png)}', 'a{background:URL(REL/a.png)}'],
    ['/* url(/a.png) */a{}', '/* url(/a.png) */a{}'],
    ['a::before{content:"url(/a.png)"}', 'a::before{content:"url(/a.png)"}'],
    ['a{background:url(data:image/png;base64,AAAA)}', 'a{background:url(data:image/png;base64,AAAA)}'],
  ])('rewrites %s', (css, expected) => {
    expect(rewriteCss(css, mark)).toBe(expected);
  });

  it('escapes what would end an unquoted URL', () => {
    expect(rewriteCss('a{background:url(/a.png)}', () => 'a b(1).png')).toBe('a{background:url(a\\ b\\(1\\).png)}');
  });
});

describe('fileCsp', () => {
  it.each([
    ["default-src 'self'", "default-src 'self' file:"],
    [
      "script-src 'self'; style-src 'self' 'unsafe-inline'",
      "script-src 'self' file:; style-src 'self' file: 'unsafe-inline'",
    ],
    ["object-src 'none'; base-uri 'none'", "object-src 'none'; base-uri 'none'"],
    ["img-src 'self' file: data:", "img-src 'self' file: data:"],
    ["default-src 'self';", "default-src 'self' file:"],
  ])('%s becomes %s', (policy, expected) => {
    expect(fileCsp(policy)).toBe(expected);
  });

  it('never allows inline scripts', () => {
    expect(fileCsp("default-src 'self'; script-src 'self'")).not.toContain('unsafe-inline');
  });
});

describe('the small parsers', () => {
  it('decodes character references', () => {
    expect(decodeEntities('a&amp;b &lt;&#65;&#x42;&quot; &unknown; &')).toBe('a&b <AB" &unknown; &');
  });
  it('rewrites each candidate of a srcset', () => {
    expect(rewriteSrcset('/a.png 1x,/b.png 2x', mark)).toBe('REL/a.png 1x,REL/b.png 2x');
  });
  it.each([
    ['0;url=/a/', '0;url=REL/a/'],
    ["5; URL='/a/'", "5; URL='REL/a/'"],
    ['0', '0'],
  ])('rewrites the refresh %s', (value, expected) => {
    expect(rewriteRefresh(value, mark)).toBe(expected);
  });
});
