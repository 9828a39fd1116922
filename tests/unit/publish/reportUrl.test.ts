/**
 * "Report a problem with this claim" (docs/design.md §6c): each step of a claim page links where
 * the site takes reports when LEDGER_REPORT_URL names a template, filled with the claim, the model
 * and the step; with none set, nothing.
 */
import { describe, expect, it } from 'vitest';
import { reportTemplate, reportUrl } from '../../../src/lib/publish/reportUrl.ts';
import { stepHtml } from '../../../src/lib/claim/html/frame.ts';
import { stepLinks } from '../../../src/lib/claim/stepLinks.ts';

const TEMPLATE = 'https://github.com/o/r/issues/new?title=Problem+with+{claim}+under+{model}+at+{step}';

describe('the report template', () => {
  it('is read only when it is an http(s) address', () => {
    expect(reportTemplate({ LEDGER_REPORT_URL: TEMPLATE })).toBe(TEMPLATE);
    expect(reportTemplate({})).toBeNull();
    expect(reportTemplate({ LEDGER_REPORT_URL: '  ' })).toBeNull();
    expect(reportTemplate({ LEDGER_REPORT_URL: 'javascript:alert(1)//{claim}' })).toBeNull();
    expect(reportTemplate({ LEDGER_REPORT_URL: 'not an address' })).toBeNull();
  });

  it('is filled with the claim, the model and the step, each percent-encoded', () => {
    expect(reportUrl(TEMPLATE, { claim: 'a-claim', model: 'ledger@1.1.0', step: 'sum' })).toBe(
      'https://github.com/o/r/issues/new?title=Problem+with+a-claim+under+ledger%401.1.0+at+sum',
    );
  });
});

describe('a step of a claim page', () => {
  const trace = { claim: 'a-claim', model: 'ledger@1.1.0' };
  it('links "Report a problem with this claim" to the filled template when one is set', () => {
    const html = stepHtml('sum', stepLinks(trace, 'ledger@1.1.0', TEMPLATE), '<p>body</p>');
    expect(html).toContain(
      '<a href="https://github.com/o/r/issues/new?title=Problem+with+a-claim+under+ledger%401.1.0+at+sum">Report a problem with this claim</a>',
    );
  });
  it('has no such link when none is set', () => {
    const html = stepHtml('sum', stepLinks(trace, 'ledger@1.1.0', null), '<p>body</p>');
    expect(html).not.toContain('Report a problem');
  });
});
