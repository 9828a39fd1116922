/**
 * "Cite this" lists every step's pinned address: the text a reader copies is the absolute address
 * of the step under the page's model, and the link beside it must take a reader to that address
 * from whichever page it is on.
 */
import { describe, expect, it } from 'vitest';
import { createScorer } from '../../../src/engine/index.ts';
import { citeThisHtml } from '../../../src/lib/claim/html/citeThis.ts';
import { pageSteps, stepLinks } from '../../../src/lib/claim/stepLinks.ts';
import { claim } from '../../support/claim.ts';
import { strictModel } from '../../support/model.ts';
import { TEST_CODE_HASH } from '../../support/score.ts';

const SITE = 'https://ledger.test/';
const trace = createScorer(strictModel(), TEST_CODE_HASH).score('a-claim', claim({}));
const model = trace.model;

/** Each "cite one step" item: its id, its link's href and the address it shows. */
function citedSteps(html: string): { id: string; href: string; shown: string }[] {
  const list = html.slice(html.indexOf('<details class="cite-steps"'));
  return [...list.matchAll(/<li id="cite-step-([a-z]+)">[^<]*<a href="([^"]*)">([^<]*)<\/a><\/li>/g)].map((m) => ({
    id: m[1]!,
    href: m[2]!,
    shown: m[3]!,
  }));
}

describe('cite one step', () => {
  const pages = [
    // The page under a model that is not the default is itself the pinned page.
    { page: `${SITE}claims/a-claim/${model}/`, defaultModel: 'ledger-other@1.0.0' },
    // Under the default model: the pinned page and the claim's default address.
    { page: `${SITE}claims/a-claim/${model}/`, defaultModel: model },
    { page: `${SITE}claims/a-claim/`, defaultModel: model },
  ];

  it.each(pages)(
    'on $page (default $defaultModel) every link goes to the address it shows',
    ({ page, defaultModel }) => {
      const html = citeThisHtml({ trace, links: stepLinks(trace, defaultModel) }, SITE, '2026-12-05');
      const steps = citedSteps(html);
      expect(steps.map((s) => s.id)).toEqual(
        pageSteps(trace.result.probability !== null)
          .filter((s) => s.id !== 'cite')
          .map((s) => s.id),
      );
      for (const step of steps) {
        expect(step.shown).toBe(`${SITE}claims/a-claim/${model}/#${step.id}`);
        expect(new URL(step.href, page).href).toBe(step.shown);
      }
    },
  );

  it('writes a bare #step where the page is already the pinned one', () => {
    const html = citeThisHtml({ trace, links: stepLinks(trace, 'ledger-other@1.0.0') }, SITE, '2026-12-05');
    expect(citedSteps(html).map((s) => s.href)).toEqual(
      pageSteps(trace.result.probability !== null)
        .filter((s) => s.id !== 'cite')
        .map((s) => `#${s.id}`),
    );
  });
});

describe('a build without its public address', () => {
  /** The notices of a citation block, as text. */
  const notices = (html: string): string[] =>
    [...html.matchAll(/<p class="notice cite-placeholder">(.*?)<\/p>/g)].map((m) => m[1]!.replace(/<[^>]+>/g, ''));

  it('says in one line that the addresses are placeholders', () => {
    // The placeholder address docs/pictures-and-pages.md names, written out rather than imported.
    const html = citeThisHtml(
      { trace, links: stepLinks(trace, model) },
      'https://claim-ledger.example.org/',
      '2026-12-05',
    );
    expect(notices(html)).toEqual([
      'This copy of the site was built without its public address: the addresses below are placeholders (https://claim-ledger.example.org) and lead nowhere.',
    ]);
  });

  it('says nothing of the kind when the site has its address', () => {
    expect(notices(citeThisHtml({ trace, links: stepLinks(trace, model) }, SITE, '2026-12-05'))).toEqual([]);
  });
});
