/** The claim page around the working: the claim under every model, the page's title and description, the note. */
import { describe, expect, it } from 'vitest';
import {
  modelRows,
  pageDescription,
  pageTitle,
  renderNote,
  shorten,
  traceJson,
} from '../../../src/lib/claim/claimView.ts';
import { claim } from '../../support/claim.ts';
import { strictModel, withLevels } from '../../support/model.ts';
import { lab, official, score, scoreUnder, strict } from '../../support/claim-view.ts';

describe('the claim under every model', () => {
  it('lists each model’s own result, marks this page’s model and links to each page', () => {
    const lenient = withLevels(strictModel({ name: 'ledger-lenient', version: '1.0.0' }), 'relevance', {});
    const c = claim({ links: [{ id: 'a', ...official }] });
    const traces = [
      scoreUnder(strict, c, 'slug'),
      scoreUnder(lenient, c, 'slug'),
      scoreUnder(strictModel({ name: 'ledger-none', priors: {} }), c, 'slug'),
    ];
    const rows = modelRows(traces, 'ledger-lenient@1.0.0', 'ledger-strict@0.1.0');
    expect(rows.map((r) => [r.model, r.current, r.isDefault, r.href])).toEqual([
      ['ledger-strict@0.1.0', false, true, '/claims/slug/ledger-strict@0.1.0/'],
      ['ledger-lenient@1.0.0', true, false, '/claims/slug/ledger-lenient@1.0.0/'],
      ['ledger-none@0.1.0', false, false, '/claims/slug/ledger-none@0.1.0/'],
    ]);
    expect(rows[2]).toMatchObject({ state: 'not-applicable', probability: null, stability: null, coverage: '0 of 4' });
  });
});

describe('the page around the working', () => {
  it('publishes the trace as one line of JSON with a final newline, its line in JSON Lines', () => {
    const json = traceJson(lab);
    expect(json.indexOf('\n')).toBe(json.length - 1);
    expect(json.startsWith(`{"traceFormat":1,"claim":"${lab.claim}","model":"ledger-strict@0.1.0",`)).toBe(true);
    expect(JSON.parse(json)).toEqual(JSON.parse(JSON.stringify(lab)));
  });

  it('titles the page with the statement shortened and the model', () => {
    expect(pageTitle(lab)).toBe('A test claim. — under ledger-strict@0.1.0');
    expect(shorten('The Eastbrook water plant met the 2025 lead limit in every quarterly test.', 40)).toBe(
      'The Eastbrook water plant met the 2025…',
    );
    expect(shorten('short', 40)).toBe('short');
  });

  it('describes the state and probability, or the refusal', () => {
    expect(pageDescription(lab)).toBe(
      `Very likely, probability ${lab.result.probability} under ledger-strict@0.1.0. The whole working, step by step.`,
    );
    expect(pageDescription(score(claim({ type: 'prediction' })))).toBe(
      'Not applicable under ledger-strict@0.1.0: A prediction is not scored until it resolves.',
    );
  });
});

describe('the claim’s note', () => {
  it.each([
    [
      'escapes raw HTML',
      'Hi <script>alert(1)</script> <b onclick="x">b</b>',
      '<p>Hi &lt;script&gt;alert(1)&lt;/script&gt; &lt;b onclick=&quot;x&quot;&gt;b&lt;/b&gt;</p>',
    ],
    ['escapes an HTML block', '<div>raw</div>', '<p>&lt;div&gt;raw&lt;/div&gt;</p>'],
    ['drops a javascript: link', '[x](javascript:alert(1))', '<p><a href="">x</a></p>'],
    [
      'keeps an https link',
      '[lab](https://example.org/a?b=1&c=2)',
      '<p><a href="https://example.org/a?b=1&amp;c=2">lab</a></p>',
    ],
    ['loads no image', '![chart](https://example.org/c.png)', '<p>!<a href="https://example.org/c.png">chart</a></p>'],
    ['makes no heading', '# Big', '<p># Big</p>'],
    ['renders emphasis and code', 'a *b* `c`', '<p>a <em>b</em> <code>c</code></p>'],
  ])('%s', (_, markdown, html) => expect(renderNote(markdown).trim()).toBe(html));
});
