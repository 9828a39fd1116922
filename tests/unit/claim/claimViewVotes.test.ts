/** The claim page's coverage and gradient (steps 9 and 10) as view functions read them from a trace. */
import { describe, expect, it } from 'vitest';
import { coverageView, gradientView, gradientVsEvidence, stateLean } from '../../../src/lib/claim/claimView.ts';
import { claim } from '../../support/claim.ts';
import { lab, official, score, strict } from '../../support/claim-view.ts';

describe('coverage', () => {
  it('counts others’ declared checks and shows the author’s and undeclared ones as not counted', () => {
    const view = coverageView(lab);
    expect([view.done.text, view.declared.text, view.value.text]).toEqual(['1', '4', '0.25']);
    expect(view.checks.map((c) => [c.check.text, c.done])).toEqual([
      ['primary-source-reviewed', false],
      ['opposing-search-done', true],
      ['independence-reviewed', false],
      ['qualifiers-reviewed', false],
    ]);
    expect(view.reviews.map((r) => [r.check.text, r.words])).toEqual([
      ['primary-source-reviewed', 'by the author: shown, not counted'],
      ['opposing-search-done', 'counted'],
      ['made-up-check', 'not a check this model declares: shown, not counted'],
    ]);
  });
});

describe('the gradient beside the evidence', () => {
  it('reads each vote’s ln(1 + r) at the weight’s places, its weight, the totals and each column’s places', () => {
    const view = gradientView(
      score(
        claim({
          votes: [
            { reputation: '800', value: '0.9' },
            { reputation: '0', value: '0.2' },
          ],
        }),
      ),
      strict,
    );
    expect(view.votes.map((v) => [v.reputation.text, v.ln, v.floored, v.weight.text])).toEqual([
      ['800', '6.685860…', false, '6.685861'],
      ['0', '0.000000', true, '0.100000'],
    ]);
    // One number of places a column: v × w is 0.9 × 6.685861 = 6.0172749 and 0.2 × 0.100000 = 0.02,
    // so the column shows 7 places (0.0200000), the exact products padded, never rounded.
    expect(view.votes.map((v) => v.weighted.text)).toEqual(['6.0172749', '0.02']);
    expect(view.columns).toEqual({ reputation: 0, weight: 6, value: 1, weighted: 7 });
    expect(view.votes[1]!.weight.path).toBe('working.gradient.votes.1.weight');
    expect(view.noVotes).toBe(false);
  });

  it('says so when nobody has voted', () => {
    const view = gradientView(score(claim({ links: [{ id: 'a' }] })), strict);
    expect(view).toMatchObject({ noVotes: true, value: { text: '0.5000' }, status: { text: 'no-votes' } });
    expect(view.statusWords).toBe('no votes');
  });

  it('says "1 vote" for one vote and "2 votes" for two, with the status in words', () => {
    // One vote of 0.9 gives G = 0.9 ≥ trueFrom 0.8: consensus true. Votes 0.9 and 0.1 of equal
    // reputation give G = 0.5, between 0.2 and 0.8: contested.
    const one = score(claim({ links: [{ id: 'a' }], votes: [{ reputation: '10', value: '0.9' }] }));
    expect(gradientView(one, strict).statusWords).toBe('consensus true, from 1 vote');
    const two = score(
      claim({
        links: [{ id: 'a' }],
        votes: [
          { reputation: '10', value: '0.9' },
          { reputation: '10', value: '0.1' },
        ],
      }),
    );
    expect(gradientView(two, strict).statusWords).toBe('contested, from 2 votes');
  });

  it.each([
    ['likely', 'true'],
    ['very-likely', 'true'],
    ['unlikely', 'false'],
    ['very-unlikely', 'false'],
    ['uncertain', 'neither'],
    ['insufficient-evidence', 'neither'],
  ])('the state %s leans %s', (state, lean) => expect(stateLean(state, strict.states)).toBe(lean));

  // A model names its own states: the lean comes from where each one sits against one half.
  const renamed = [
    { from: '0', state: 'doubtful' },
    { from: '0.5', state: 'open' },
    { from: '0.6', state: 'probable' },
  ];
  it.each([
    ['doubtful', 'false'],
    ['open', 'neither'],
    ['probable', 'true'],
    ['likely', 'neither'],
  ])('under renamed states, %s leans %s', (state, lean) => expect(stateLean(state, renamed)).toBe(lean));

  const strongly = (direction: 'supports' | 'opposes') => [
    { id: 'a', source: 'a', direction, ...official },
    { id: 'b', source: 'b', direction, ...official },
  ];
  const votes = (value: string) => [
    { reputation: '800', value },
    { reputation: '200', value },
  ];
  it.each([
    ['consensus-true against a very-unlikely score', strongly('opposes'), votes('0.9'), 'disagree'],
    ['consensus-false against a very-likely score', strongly('supports'), votes('0.1'), 'disagree'],
    ['consensus-true with a very-likely score', strongly('supports'), votes('0.9'), 'agree'],
    ['a contested gradient', strongly('supports'), votes('0.5'), 'no-consensus'],
    [
      'consensus with an uncertain score',
      [{ id: 'a', relevance: 'touches-subject' }],
      votes('0.9'),
      'evidence-undecided',
    ],
    ['no votes', strongly('supports'), [], 'no-votes'],
  ] as const)('%s is %s', (_, links, claimVotes, kind) => {
    const comparison = gradientVsEvidence(score(claim({ links, votes: claimVotes })));
    expect(comparison.kind).toBe(kind);
  });

  it('names both numbers when they disagree', () => {
    const trace = score(claim({ links: strongly('opposes'), votes: votes('0.9') }));
    expect(trace.result.state).toBe('very-unlikely');
    expect(gradientVsEvidence(trace).sentence).toBe(
      `The community and the evidence disagree: the gradient is consensus true (0.9000) but the evidence says very unlikely (${trace.result.probability}). The score follows the evidence; the votes are shown beside it, never mixed in.`,
    );
  });

  it('has nothing to compare for a refusal', () => {
    expect(gradientVsEvidence(score(claim({ type: 'prediction', votes: votes('0.9') }))).kind).toBe('no-score');
  });
});
