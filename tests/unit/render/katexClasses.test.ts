/**
 * KaTeX's classes written short: the page's formulas and KaTeX's stylesheet must use the same names,
 * the short names must not meet any other class, and the specification's formulas must be written
 * the same way as the pages' own.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  KATEX_SHORT_CLASSES,
  KATEX_UNSTYLED_CLASSES,
  katexClasses,
  rehypeKatexClasses,
  shortenStylesheet,
} from '../../../src/lib/render/katexClasses.ts';

const root = join(import.meta.dirname, '..', '..', '..');
const katexCss = readFileSync(join(root, 'node_modules', 'katex', 'dist', 'katex.min.css'), 'utf8');
const siteSheets = readdirSync(join(root, 'src'), { recursive: true, encoding: 'utf8' })
  .filter((f) => f.endsWith('.css') || f.endsWith('.astro'))
  .map((f) => [f, readFileSync(join(root, 'src', f), 'utf8')] as const);
const selects = (css: string, name: string): boolean =>
  new RegExp(`\\.${name.replace(/-/g, '\\-')}(?![\\w-])`).test(css);

describe('KATEX_UNSTYLED_CLASSES', () => {
  it.each([...KATEX_UNSTYLED_CLASSES])('drops only a class that no stylesheet selects: %s', (name) => {
    for (const [file, sheet] of [['katex.min.css', katexCss] as const, ...siteSheets])
      expect(selects(sheet, name), file).toBe(false);
  });
});

describe('KATEX_SHORT_CLASSES', () => {
  it('gives each class its own short name, which KaTeX does not use', () => {
    const shorts = [...KATEX_SHORT_CLASSES.values()];
    expect(new Set(shorts).size).toBe(shorts.length);
    for (const short of shorts) expect(selects(katexCss, short), short).toBe(false);
  });

  it.each([...KATEX_SHORT_CLASSES])('%s: KaTeX styles it, and no rule of the site names it or %s', (name, short) => {
    expect(selects(katexCss, name)).toBe(true);
    for (const [file, sheet] of siteSheets) {
      expect(selects(sheet, name), `${file} selects .${name}, which formulas no longer carry`).toBe(false);
      expect(selects(sheet, short), `${file} selects .${short}, a formula's short class`).toBe(false);
    }
  });
});

describe('shortenStylesheet', () => {
  const short = shortenStylesheet(katexCss);

  it('writes every such selector short and leaves the rest of the stylesheet as it was', () => {
    for (const [name, s] of KATEX_SHORT_CLASSES) {
      expect(selects(short, name), name).toBe(false);
      expect(selects(short, s), s).toBe(true);
    }
    // As many rules, the same fonts, the same lengths.
    expect(short.split('{').length).toBe(katexCss.split('{').length);
    expect(short.match(/url\([^)]*\)/g)).toEqual(katexCss.match(/url\([^)]*\)/g));
    expect(short.match(/\d*\.\d+em/g)).toEqual(katexCss.match(/\d*\.\d+em/g));
  });

  it('matches a name whole', () => {
    expect(shortenStylesheet('.katex .vlist-t2>.vlist-r,.katex .vlist{x:1}')).toBe(
      `.katex .${KATEX_SHORT_CLASSES.get('vlist-t2')}>.${KATEX_SHORT_CLASSES.get('vlist-r')},.katex .${KATEX_SHORT_CLASSES.get('vlist')}{x:1}`,
    );
    expect(shortenStylesheet('.vlist-x{margin:0.5em}')).toBe('.vlist-x{margin:0.5em}');
  });
});

describe('katexClasses and rehypeKatexClasses', () => {
  it('drops the unstyled classes and writes the frequent ones short', () => {
    expect(katexClasses(['mord', 'mathnormal', '', 'ks1'])).toEqual([KATEX_SHORT_CLASSES.get('mathnormal'), 'ks1']);
  });

  it('rewrites the classes inside a formula of an MDX page, and nothing outside one', () => {
    interface Node {
      type: string;
      properties: { className?: string[] };
      children: Node[];
    }
    const el = (className: string[], children: Node[] = []): Node => ({
      type: 'element',
      properties: { className },
      children,
    });
    const inner = el(['mord']);
    const vlist = el(['vlist'], [inner]);
    const formula = el(['katex'], [vlist]);
    const outside = el(['vlist', 'mord']);
    rehypeKatexClasses()({ type: 'root', children: [formula, outside] });
    expect(vlist.properties.className).toEqual([KATEX_SHORT_CLASSES.get('vlist')]);
    expect(inner.properties).not.toHaveProperty('className');
    expect(formula.properties.className).toEqual(['katex']);
    expect(outside.properties.className).toEqual(['vlist', 'mord']);
  });
});
