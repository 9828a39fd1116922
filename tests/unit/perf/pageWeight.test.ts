/** The page-weight script's reading of a page: its elements, and the bytes of each part. */
import { describe, expect, it } from 'vitest';
import { elementCount, isClaimPage, pageRows, parseHtml } from '../../../scripts/dev/page-weight.ts';

const section =
  '<section class="step" id="sum"><h2>Sum</h2><p>x<br>y</p><svg viewBox="0 0 1 1"><path d="M0 0"/></svg></section>';
const page =
  '<!doctype html><html><head><meta charset="utf-8"><script type="application/ld+json">{"a":"</p><p>"}</script>' +
  '</head><body><header class="site-header"><a href="/">home</a></header><main><article><h1>T</h1>' +
  section +
  '</article></main></body></html>';

describe('page weight', () => {
  it('counts elements, void and self-closed ones once and none inside a script', () => {
    // html head meta script body header a main article h1 section h2 p br svg path
    expect(elementCount(parseHtml(page))).toBe(16);
  });

  it('gives a step its own bytes and elements, and its pictures', () => {
    const rows = pageRows(page);
    const step = rows.find((r) => r.part === 'step #sum')!;
    expect(step.bytes).toBe(section.length);
    expect(step.elements).toBe(6);
    const svg = '<svg viewBox="0 0 1 1"><path d="M0 0"/></svg>';
    expect(rows.find((r) => r.key === 'step #sum / pictures (svg)')).toMatchObject({ bytes: svg.length, elements: 2 });
    expect(rows.find((r) => r.part === 'JSON-LD')!.bytes).toBe(
      '<script type="application/ld+json">{"a":"</p><p>"}</script>'.length,
    );
    expect(rows.find((r) => r.part === 'claim header, contents')).toMatchObject({
      bytes: '<h1>T</h1>'.length,
      elements: 1,
    });
  });

  it('knows a claim page from a claim’s history page', () => {
    expect(isClaimPage('claims/a/index.html')).toBe(true);
    expect(isClaimPage('claims/a/m@1.0.0/index.html')).toBe(true);
    expect(isClaimPage('claims/a/history/index.html')).toBe(false);
    expect(isClaimPage('claims/index.html')).toBe(false);
  });
});
