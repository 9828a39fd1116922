/** The words a history page uses for what a revision changed in a claim. */
import { describe, expect, it } from 'vitest';
import type { Claim } from '../../../src/engine/index.ts';
import { describeChange } from '../../../src/lib/history/changeWords.ts';
import { claim, review } from '../../support/claim.ts';

const base = claim({
  links: [
    { id: 'a', relevance: 'states-outright' },
    { id: 'b', source: 's2' },
  ],
  reviews: [review('primary-source-reviewed', 'm.ito')],
  votes: [{ voter: 'v1', reputation: '800', value: '0.9' }],
});
const edit = (change: Partial<Claim>): Claim => ({ ...base, ...change });

describe('describeChange', () => {
  it.each<[string, Claim, string[]]>([
    [
      'a link added',
      edit({ evidence: [...base.evidence, { ...base.evidence[0]!, id: 'c', direction: 'opposes' }] }),
      ['Link c added (opposes, states outright, measurement, source s1).'],
    ],
    ['a link removed', edit({ evidence: [base.evidence[0]!] }), ['Link b removed.']],
    [
      'a link found doubted',
      edit({ evidence: [{ ...base.evidence[0]!, authenticity: 'doubted' }, base.evidence[1]!] }),
      ['Link a re-levelled: authenticity unverified → doubted.'],
    ],
    [
      'a link re-levelled twice over',
      edit({
        evidence: [base.evidence[0]!, { ...base.evidence[1]!, relevance: 'touches-subject', interpretationSteps: '2' }],
      }),
      ['Link b re-levelled: relevance bears directly → touches subject, interpretation steps 0 → 2.'],
    ],
    [
      'a passage corrected',
      edit({ evidence: [{ ...base.evidence[0]!, passage: 'Other words.' }, base.evidence[1]!] }),
      ['Link a: passage edited.'],
    ],
    [
      'a source added',
      edit({ sources: [...base.sources, { id: 's3', name: 'The Gazette', url: null }] }),
      ['Source s3 added (The Gazette).'],
    ],
    [
      'a source renamed',
      edit({ sources: [{ ...base.sources[0]!, name: 'Renamed' }, base.sources[1]!] }),
      ['Source s1: name edited.'],
    ],
    [
      'a review done',
      edit({ reviews: [...base.reviews, review('opposing-search-done', 'j.santos')] }),
      ['Review opposing-search-done by j.santos on 2026-10-04 added.'],
    ],
    ['a review withdrawn', edit({ reviews: [] }), ['Review primary-source-reviewed by m.ito on 2026-10-04 removed.']],
    [
      'a vote added',
      edit({ votes: [...base.votes, { voter: 'v2', reputation: '0', value: '0.1' }] }),
      ['Vote by v2 added: 0.1 (reputation 0).'],
    ],
    [
      'a vote changed',
      edit({ votes: [{ voter: 'v1', reputation: '800', value: '0.2' }] }),
      ['Vote by v1 changed: value 0.9 → 0.2.'],
    ],
    ['a vote withdrawn', edit({ votes: [] }), ['Vote by v1 removed.']],
    ['the statement reworded', edit({ statement: 'Another test claim.' }), ['Statement reworded.']],
    ['a note added', edit({ note: 'Why.' }), ['Note added.']],
    [
      'who made the claim recorded, and where',
      edit({
        claimant: { name: 'Eastbrook Council', url: null },
        appearances: [{ url: 'https://example.org/a', date: '2026-04-30' }],
      }),
      ['Claimed by: Eastbrook Council (added).', 'Where it was made on 2026-04-30: added.'],
    ],
    [
      'a review’s date written under its new key',
      edit({ reviews: [{ check: 'primary-source-reviewed', by: 'm.ito', date: '2026-10-04' }] }),
      ['No change to what the claim records (only the file’s layout or comments).'],
    ],
    ['nothing but the layout', edit({}), ['No change to what the claim records (only the file’s layout or comments).']],
  ])('%s', (_, after, words) => {
    expect(describeChange(base, after)).toEqual(words);
  });

  it('counts what the first revision holds', () => {
    expect(describeChange(null, base)).toEqual([
      'First recorded, with 2 evidence links, 2 sources, 1 review and 1 vote.',
    ]);
  });

  it('names what changed in who made the claim and where', () => {
    const made = edit({
      claimant: { name: 'Eastbrook Council', url: null },
      appearances: [
        { url: 'https://example.org/a', date: '2026-04-30' },
        { url: 'https://example.org/b', date: '2026-05-02' },
      ],
    });
    const after: Claim = {
      ...made,
      claimant: { name: 'Eastbrook Borough Council', url: 'https://example.org/c', type: 'organization' },
      appearances: [{ url: 'https://example.org/a', date: '2026-04-29' }],
    };
    expect(describeChange(made, after)).toEqual([
      'Claimed by: Eastbrook Council → Eastbrook Borough Council.',
      'Claimed by: Eastbrook Borough Council, address edited.',
      'Claimed by: Eastbrook Borough Council, said to be an organisation.',
      'Where it was made: date 2026-04-30 → 2026-04-29.',
      'Where it was made on 2026-05-02: removed.',
    ]);
    expect(describeChange(made, base)).toEqual([
      'Claimed by: Eastbrook Council (removed).',
      'Where it was made on 2026-04-30: removed.',
      'Where it was made on 2026-05-02: removed.',
    ]);
  });

  it('names the file a rename came from, before the changes', () => {
    expect(describeChange(base, edit({ votes: [] }), 'old-slug')).toEqual([
      'File renamed from old-slug.yaml.',
      'Vote by v1 removed.',
    ]);
  });

  it('lists several changes in the order of the file: sources, links, reviews, votes', () => {
    const after = edit({
      sources: [...base.sources, { id: 's3', name: 'The Gazette', url: null }],
      evidence: [base.evidence[0]!],
      reviews: [],
      votes: [{ voter: 'v1', reputation: '900', value: '0.9' }],
    });
    expect(describeChange(base, after)).toEqual([
      'Source s3 added (The Gazette).',
      'Link b removed.',
      'Review primary-source-reviewed by m.ito on 2026-10-04 removed.',
      'Vote by v1 changed: reputation 800 → 900.',
    ]);
  });
});
