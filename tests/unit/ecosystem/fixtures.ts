/** Traces for the ecosystem tests: one scored, one insufficient-evidence, one not-applicable. */
import type { Claim, Trace } from '../../../src/engine/index.ts';
import { claim } from '../../support/claim.ts';
import { strictModel } from '../../support/model.ts';
import { scoreOf } from '../../support/score.ts';

/** The site address the tests publish under. */
export const SITE = 'https://ledger.test/';

/** The model every fixture is scored under. */
export const MODEL = strictModel();

const withStatement = (c: Claim, statement: string, extra: Partial<Claim> = {}): Claim => ({
  ...c,
  statement,
  ...extra,
});

/** A scored claim whose statement holds everything that needs escaping somewhere. */
export const scored: Trace = scoreOf(
  MODEL,
  withStatement(
    claim({
      author: 'a.writer',
      links: [
        { id: 'a', relevance: 'states-outright' },
        { id: 'b', source: 's2' },
      ],
    }),
    'Rates rose 5% & "fell" </script><b>, said {the} mayor_1 #2 ~$3^',
    {
      reviews: [
        { check: 'primary-source-reviewed', by: 'r.one', on: '2026-10-20' },
        { check: 'opposing-search-done', by: 'r.two', on: '2026-10-09' },
      ],
      claimant: { name: 'Eastbrook Water Board', url: 'https://example.org/board' },
      appearances: [
        { url: 'https://example.org/board/press-2026-01', date: '2026-01-14' },
        { url: 'https://example.org/radio/2026-02', date: '2026-02-03' },
      ],
    },
  ),
  'rates-rose',
);

/** A claim with no counted link: insufficient evidence, no probability. */
export const insufficient: Trace = scoreOf(
  MODEL,
  withStatement(claim({ author: 'b.writer' }), 'Nothing bears on this.'),
  'no-evidence',
);

/** A value judgement: not applicable under the model, no probability. */
export const notApplicable: Trace = scoreOf(
  MODEL,
  withStatement(
    claim({ type: 'value-judgement', author: 'c.writer', links: [{ id: 'a' }] }),
    'The new bridge is ugly.',
  ),
  'ugly-bridge',
);
