import { describe, expect, it } from 'vitest';
import { fieldHtml } from '../../../src/lib/fieldHtml.ts';

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

  it('escapes text and attributes, and renders nothing for a null figure', () => {
    expect(fieldHtml({ path: 'input.statement', text: `<b>"Fish" & 'chips'</b>` }, 'q')).toBe(
      '<q data-field="input.statement">&lt;b&gt;&quot;Fish&quot; &amp; &#39;chips&#39;&lt;/b&gt;</q>',
    );
    expect(fieldHtml(null)).toBe('');
  });
});
