/**
 * A picture's files (src/lib/render/pictures/download.ts): the standalone SVG carries the site's
 * own light colours (read here from the stylesheet), its title first and the SVG namespace; the
 * CSV keeps decimals as written and never lets a spreadsheet run a cell.
 */
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { claimPictureLinksHtml, pictureCsv } from '../../../../src/lib/render/pictures/download.ts';
import { PICTURE_COLOURS, standaloneSvg } from '../../../../src/lib/render/pictures/svgFile.ts';

const root = resolve(import.meta.dirname, '../../../..');
const stylesheet = readFileSync(join(root, 'src/styles/global.css'), 'utf8');

/** The custom properties of the stylesheet's first `:root` block (the light colours). */
function lightVariables(): Map<string, string> {
  const block = /:root\s*{([^}]*)}/.exec(stylesheet)![1]!;
  return new Map([...block.matchAll(/--([a-z-]+):\s*([^;]+);/g)].map((m) => [m[1]!, m[2]!.trim()]));
}

describe('a picture as a file of its own', () => {
  it('has the colours of the light stylesheet', () => {
    const variables = lightVariables();
    for (const [name, colour] of Object.entries(PICTURE_COLOURS)) expect(variables.get(name), name).toBe(colour);
  });

  it('is an SVG document with its namespace, size, title first, styles and background', () => {
    const figure =
      '<figure class="picture"><svg viewBox="0 0 400 120" role="img"><title>T &amp; t</title>\n<desc>D</desc>\n' +
      '<rect class="pic-band state-likely" x="0" y="0" width="10" height="10"></rect></svg>\n<figcaption>c</figcaption></figure>';
    const svg = standaloneSvg(figure)!;
    expect(svg.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n<svg xmlns="http://www.w3.org/2000/svg"')).toBe(
      true,
    );
    expect(svg).toContain('viewBox="0 0 400 120" width="400" height="120" role="img">\n<title>T &amp; t</title>');
    expect(svg).toContain(`.pic-band.state-likely{fill:${PICTURE_COLOURS['state-likely']}}`);
    expect(svg).not.toContain('var(');
    expect(svg.indexOf('<style>')).toBeGreaterThan(svg.indexOf('</desc>'));
    expect(svg.endsWith('</svg>\n')).toBe(true);
  });

  it('is nothing for a figure that draws no picture (a refusal is written, not drawn)', () => {
    expect(standaloneSvg('<p class="picture-refusal">No probability.</p>')).toBeNull();
  });
});

describe("a picture's numbers as CSV", () => {
  it('keep every decimal as written, a missing value empty, and a formula-like cell inert', () => {
    const csv = pictureCsv(
      ['part', 'link', 'weight'],
      [
        ['link', '=HYPERLINK("x")', '0.900000'],
        ['prior', null, '-1.386294'],
        ['link', 'a,b', '10.000000'],
      ],
    );
    expect(csv.endsWith('\n')).toBe(true);
    const rows = Papa.parse<string[]>(csv.trimEnd()).data;
    expect(rows).toEqual([
      ['part', 'link', 'weight'],
      ['link', `'=HYPERLINK("x")`, '0.900000'],
      ['prior', '', '-1.386294'],
      ['link', 'a,b', '10.000000'],
    ]);
  });
});

describe("a claim page picture's links", () => {
  const hostile = `part,voter\nvote,"<img src=x onerror=alert(1)> & 50% #1 ""quoted"""\n`;
  const html = claimPictureLinksHtml({ claim: 'a-claim', model: 'm@1.0.0' }, 'votes', hostile);

  it('carry the CSV in a data: address that reads back to the very text, whatever it holds', () => {
    const href = /<a href="(data:[^"]*)" download="a-claim--m@1\.0\.0--votes\.csv">votes\.csv<\/a>/.exec(html)?.[1];
    expect(href).toBeDefined();
    const [head, body] = [href!.slice(0, href!.indexOf(',') + 1), href!.slice(href!.indexOf(',') + 1)];
    expect(head).toBe('data:text/csv;charset=utf-8,');
    // The attribute as a browser reads it (&amp; is the only escape a data address can need).
    expect(decodeURIComponent(body.replace(/&amp;/g, '&'))).toBe(hostile);
    expect(body).not.toMatch(/[<>"# ]/);
  });

  it('write no markup from the CSV, and keep the SVG link hidden until a script makes its file', () => {
    expect(html.match(/</g)).toHaveLength(html.match(/<\/?(?:p|span|a)[ >]/g)!.length);
    expect(html).toMatch(
      /<span class="picture-svg" hidden>the picture as SVG: <a href="#" download="a-claim--m@1\.0\.0--votes\.svg">votes\.svg<\/a>; <\/span>/,
    );
  });
});
