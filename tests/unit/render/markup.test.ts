import { describe, expect, it } from 'vitest';
import { escapeCode, fieldHtml, formulaHtml, stateBadgeHtml, stepHeadingHtml } from '../../../src/lib/render/markup.ts';

describe('fieldHtml', () => {
  it('marks a figure with its path in the trace', () => {
    expect(fieldHtml({ path: 'result.probability', text: '0.7185' })).toBe(
      '<span data-field="result.probability">0.7185</span>',
    );
    expect(fieldHtml({ path: 'links.0.weight', text: '6.69' }, 'code', 'num')).toBe(
      '<code class="num" data-field="links.0.weight">6.69</code>',
    );
  });

  it('gives a date its machine-readable datetime', () => {
    expect(fieldHtml({ path: 'input.recorded', text: '2026-10-11' }, 'time')).toBe(
      '<time datetime="2026-10-11" data-field="input.recorded">2026-10-11</time>',
    );
  });

  it('escapes text and attributes as Astro does, and renders nothing for a null figure', () => {
    expect(fieldHtml({ path: 'input.statement', text: `<b>"Fish" & 'chips'</b>` }, 'q')).toBe(
      '<q data-field="input.statement">&lt;b&gt;&quot;Fish&quot; &amp; &#39;chips&#39;&lt;/b&gt;</q>',
    );
    expect(fieldHtml({ path: 'a"b&c', text: 'x' }, 'span', 'k"&')).toBe(
      '<span class="k&#34;&#38;" data-field="a&#34;b&#38;c">x</span>',
    );
    expect(fieldHtml(null)).toBe('');
  });
});

describe('stepHeadingHtml', () => {
  it('gives the step its anchor link, and a link to the same step elsewhere when there is one', () => {
    expect(stepHeadingHtml({ id: 'prior', titleHtml: 'The prior' })).toBe(
      '<h2> The prior <a class="anchor" href="#prior">link to this step<span class="visually-hidden"> (prior)</span></a> </h2>',
    );
    expect(stepHeadingHtml({ id: 'sum', titleHtml: 'The sum', level: 3, alsoHref: '/claims/a/#sum' })).toBe(
      '<h3> The sum <a class="anchor" href="#sum">link to this step<span class="visually-hidden"> (sum)</span></a> ' +
        '<a class="anchor also" href="/claims/a/#sum">this step under the default model</a></h3>',
    );
  });

  it('points "link to this step" at the step’s pinned address when given one', () => {
    expect(stepHeadingHtml({ id: 'prior', titleHtml: 'The prior', href: '/claims/a/m@1.0.0/#prior' })).toBe(
      '<h2> The prior <a class="anchor" href="/claims/a/m@1.0.0/#prior">link to this step<span class="visually-hidden"> (prior)</span></a> </h2>',
    );
  });
});

describe('formulaHtml and stateBadgeHtml', () => {
  it('renders a named, focusable KaTeX formula', () => {
    const html = formulaHtml('x = 1', "the prior's log-odds");
    expect(html).toMatch(
      /^<div class="formula" role="group" tabindex="0" aria-label="Formula: the prior's log-odds"><span class="katex-display">/,
    );
    expect(html).toContain('<math');
    // A line break follows it, as every block of a claim page.
    expect(html.endsWith('</div>\n')).toBe(true);
  });

  it('shows a state in words, with its name for styling and tests', () => {
    expect(stateBadgeHtml('insufficient-evidence')).toBe(
      '<span class="state state-insufficient-evidence" data-state="insufficient-evidence">insufficient evidence</span>',
    );
  });
});

describe('escapeCode', () => {
  it('escapes what would end or open markup in a <pre>, and leaves quotes as text', () => {
    expect(escapeCode(`{"a": "<b> & 'c'"}`)).toBe(`{"a": "&lt;b&gt; &amp; 'c'"}`);
    expect(escapeCode('plain')).toBe('plain');
  });
});
