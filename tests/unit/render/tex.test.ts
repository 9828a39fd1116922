/**
 * Formulas: KaTeX's HTML made smaller without changing what it shows or what a screen reader reads
 * (the LaTeX source left out of the MathML, the most frequent inline styles made classes of the
 * site's stylesheet).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import katex from 'katex';
import { describe, expect, it } from 'vitest';
import { createScorer } from '../../../src/engine/index.ts';
import { toLatex } from '../../../src/lib/claim/claimLatex.ts';
import { engineCodeHash } from '../../../src/lib/input/codeHash.ts';
import { loadLedger } from '../../../src/lib/input/load.ts';
import {
  KATEX_STYLE_CLASSES,
  lean,
  renderFromShape,
  renderTex,
  styleClasses,
  tex,
  withoutAnnotation,
  withoutCellStyles,
} from '../../../src/lib/render/tex.ts';
import { syntheticClaim } from '../../../scripts/dev/bench/synthetic.ts';
import { KATEX_UNSTYLED_CLASSES } from '../../../src/lib/render/katexClasses.ts';

const root = join(import.meta.dirname, '..', '..', '..');
const css = readFileSync(join(root, 'src', 'styles', 'global.css'), 'utf8');
const text = (html: string): string => html.replace(/<[^>]*>/g, '');
const own = (latex: string, display: boolean): string =>
  katex.renderToString(latex, { displayMode: display, throwOnError: true, output: 'htmlAndMathml', strict: 'error' });
const formulas: [string, boolean][] = [
  ['x = \\underbrace{-0.619039}_{\\text{prior}} + \\underbrace{2.300000}_{S}', true],
  ['p = \\operatorname{round}_{4}\\left(\\frac{1}{1 + e^{-1.680961}}\\right)', true],
  ['\\begin{aligned} a &= 1 \\\\ &= 2 \\end{aligned}', true],
  ['S = 0.700000 + 1.600000', false],
];

describe('tex', () => {
  it.each(formulas)('keeps the MathML but not the LaTeX source of %s', (latex, display) => {
    const html = tex(latex, display);
    expect(html).toContain('<math');
    expect(html).not.toContain('<annotation');
    expect(html).not.toContain('<semantics>');
    const mathml = (h: string): string => /<math[\s\S]*<\/math>/.exec(h)![0];
    const source = /<annotation encoding="application\/x-tex">([^<]*)<\/annotation>/.exec(own(latex, display))![1]!;
    // The same MathML as KaTeX's own, less the wrapper and the source.
    expect(text(mathml(html))).toBe(text(mathml(own(latex, display))).replace(source, ''));
  });

  it.each(formulas)('shows the same text and keeps no style of the table inline in %s', (latex, display) => {
    const html = tex(latex, display);
    expect(text(html)).toBe(text(withoutAnnotation(own(latex, display))));
    for (const [style] of KATEX_STYLE_CLASSES) expect(html).not.toContain(`style="${style}"`);
  });
});

/**
 * Every formula of a claim page of the repository's claims and of 300 synthetic claims, under every
 * model: worked out once for the file (two describe blocks read them).
 */
const claimFormulas = (): string[] => (everyClaimFormula ??= scoreClaimFormulas());
let everyClaimFormula: string[] | undefined;

/** KaTeX's rendering of a display formula (renderTex, no memo of its own), once a formula for the file. */
const rendered = new Map<string, string>();
function renderedOnce(latex: string): string {
  let html = rendered.get(latex);
  if (html === undefined) rendered.set(latex, (html = renderTex(latex, true)));
  return html;
}

function scoreClaimFormulas(): string[] {
  const { ledger } = loadLedger({ content: join(root, 'content'), models: join(root, 'models') });
  const scorers = ledger!.models.map(({ model }) => createScorer(model, engineCodeHash()));
  const claims = [
    ...ledger!.claims.map(({ slug, claim }) => ({ slug, claim })),
    ...Array.from({ length: 300 }, (_, i) => ({ slug: `synthetic-${i}`, claim: syntheticClaim(i) })),
  ];
  const found = new Set<string>();
  for (const { slug, claim } of claims)
    for (const scorer of scorers)
      for (const latex of Object.values(toLatex(scorer.score(slug, claim))) as (string | null)[])
        if (latex !== null) found.add(latex);
  return [...found];
}

/** The MathML's opening tags in order, each prefixed by a dot per level; throws where a tag is not closed in order. */
function mathTags(html: string): string[] {
  const stack: string[] = [];
  const out: string[] = [];
  for (const [whole, close, name, self] of html.matchAll(/<(\/?)(m[a-z]+)\b[^>]*?(\/?)>/g)) {
    if (close === '/') {
      if (stack.pop() !== name) throw new Error(`</${name!}> closes nothing in ${html}`);
    } else {
      out.push(`${'.'.repeat(stack.length)}${whole}`);
      if (self !== '/') stack.push(name!);
    }
  }
  if (stack.length > 0) throw new Error(`unclosed ${stack.join(', ')}`);
  return out;
}

const CELL = '<mstyle scriptlevel="0" displaystyle="true">';

describe('withoutCellStyles', () => {
  it('unwraps the display style KaTeX puts around each cell of an aligned formula, and nothing else', () => {
    const html = withoutAnnotation(own('x = \\begin{aligned} a &= \\frac{1}{2} \\\\ &= b \\end{aligned}', true));
    const cells = html.split(`<mtd>${CELL}`).length - 1;
    expect(cells).toBe(4);
    const result = withoutCellStyles(html);
    expect(result).not.toContain(`<mtd>${CELL}`);
    expect(result.split('<mstyle').length).toBe(html.split('<mstyle').length - cells);
    expect(result.split('</mstyle>').length).toBe(html.split('</mstyle>').length - cells);
    expect(text(result)).toBe(text(html));
    // The same tags in the same order, less the wrappers.
    const names = (tags: string[]): string[] => tags.map((t) => t.replace(/^\.+/, ''));
    expect(names(mathTags(result))).toEqual(names(mathTags(html)).filter((t) => t !== CELL));
  });

  it('keeps a style inside the wrapper, a wrapper beside other content, and a style outside a table', () => {
    const inner = '<mstyle scriptlevel="0" displaystyle="false"><mi>x</mi></mstyle>';
    expect(withoutCellStyles(`<math><mtable><mtr><mtd>${CELL}${inner}</mstyle></mtd></mtr></mtable></math>`)).toBe(
      `<math><mtable><mtr><mtd>${inner}</mtd></mtr></mtable></math>`,
    );
    const beside = `<math><mtable><mtr><mtd>${CELL}<mi>a</mi></mstyle><mi>b</mi></mtd></mtr></mtable></math>`;
    expect(withoutCellStyles(beside)).toBe(beside);
    const outside = `<math>${CELL}<mfrac><mn>1</mn><mn>2</mn></mfrac></mstyle></math>`;
    expect(withoutCellStyles(outside)).toBe(outside);
  });

  it('leaves every claim formula well formed, with no cell wrapped', () => {
    for (const latex of claimFormulas()) {
      const html = renderedOnce(latex);
      expect(html, latex).not.toContain(`<mtd>${CELL}`);
      expect(() => mathTags(html), latex).not.toThrow();
    }
  });
});

describe('a formula rendered from its shape', () => {
  const formulas = claimFormulas();
  const shapeOf = (latex: string): string => latex.replace(/\d+/g, '#');

  it('is KaTeX’s own rendering, byte for byte, for every formula of the claims’ pages', () => {
    expect(new Set(formulas.map(shapeOf)).size).toBeGreaterThan(20);
    for (const latex of formulas) {
      const shaped = renderFromShape(latex, true);
      // Every claim formula takes the quick way: the test would prove nothing otherwise.
      expect(shaped, latex).not.toBeNull();
      expect(shaped, latex).toBe(renderedOnce(latex));
    }
  });

  it('is KaTeX’s own rendering for any figures in each of those shapes', () => {
    const shapes = [...new Map(formulas.map((latex) => [shapeOf(latex), latex])).keys()];
    const run = fc.stringMatching(/^\d{1,24}$/);
    for (const shape of shapes) {
      const holes = shape.split('#').length - 1;
      fc.assert(
        fc.property(fc.array(run, { minLength: holes, maxLength: holes }), (runs) => {
          let index = 0;
          const latex = shape.replace(/#/g, () => runs[index++]!);
          expect(renderFromShape(latex, true)).toBe(renderTex(latex, true));
        }),
        { numRuns: 12 },
      );
    }
  });

  it('is not used where a digit sets a size or there is no digit, and tex still gives KaTeX’s rendering', () => {
    for (const latex of ['a \\hspace{4pt} b = 1.5', 'x \\rule{2em}{0.5em} = 10', '\\frac{p}{q}']) {
      expect(renderFromShape(latex, true)).toBeNull();
      expect(tex(latex, true)).toBe(renderTex(latex, true));
    }
    // The same shape with other figures: each formula keeps its own.
    expect(tex('S = 0.25 + 1.5', true)).toBe(renderTex('S = 0.25 + 1.5', true));
    expect(tex('S = 7300001 + 42', true)).toBe(renderTex('S = 7300001 + 42', true));
    expect(tex('S = 7300001 + 42', true)).toContain('>7300001<');
  });
});

describe('styleClasses', () => {
  it('turns a known style into a class, beside the classes already there', () => {
    expect(styleClasses('<span class="mspace" style="margin-right:0.2778em;"></span>')).toBe(
      `<span class="mspace ${KATEX_STYLE_CLASSES.get('margin-right:0.2778em;')}"></span>`,
    );
    expect(styleClasses('<span style="top:-3em;">x</span>')).toBe(
      `<span class="${KATEX_STYLE_CLASSES.get('top:-3em;')}">x</span>`,
    );
  });

  it('leaves a style it has no class for inline', () => {
    const html = '<span class="vlist" style="height:0.1234em;"><span></span></span>';
    expect(styleClasses(html)).toBe(html);
  });

  it('has a rule in the stylesheet for every class, with the style’s declarations, each !important', () => {
    expect(new Set(KATEX_STYLE_CLASSES.values()).size).toBe(KATEX_STYLE_CLASSES.size);
    for (const [style, name] of KATEX_STYLE_CLASSES) {
      const declarations = style
        .split(';')
        .filter((d) => d !== '')
        .map((d) => {
          const [property, value] = d.split(':');
          return `  ${property}: ${value} !important;\n`;
        })
        .join('');
      expect(css, name).toContain(`\n.katex .${name} {\n${declarations}}`);
    }
  });
});

describe('lean', () => {
  it('drops those classes, writes the frequent ones short, and removes an attribute left empty', () => {
    expect(lean('<span class="mord mathnormal">x</span><span class="mrel">=</span><span class="mord">1</span>')).toBe(
      '<span class="k8">x</span><span>=</span><span>1</span>',
    );
    expect(lean('<span class="mspace ks1"></span>')).toBe('<span class="k0 ks1"></span>');
  });

  it('leaves out the namespaces that inline math and pictures do not need', () => {
    expect(lean('<math xmlns="http://www.w3.org/1998/Math/MathML"><mi>x</mi></math>')).toBe('<math><mi>x</mi></math>');
    expect(lean('<svg xmlns="http://www.w3.org/2000/svg" width="1"></svg>')).toBe('<svg width="1"></svg>');
  });

  it.each(formulas)('keeps no unstyled class in %s', (latex, display) => {
    const classes = [...tex(latex, display).matchAll(/ class="([^"]*)"/g)].flatMap((m) => m[1]!.split(' '));
    expect(classes.filter((c) => KATEX_UNSTYLED_CLASSES.has(c))).toEqual([]);
    // KaTeX itself writes them, so the test would see it if lean() did nothing.
    expect(own(latex, display)).toMatch(/class="[^"]*\bm(ord|rel|op)\b/);
  });
});
