import { describe, expect, it } from 'vitest';
import { INSUFFICIENT_REASON, notScoredReason } from '../../../src/engine/index.ts';
import { claim, review, type ClaimSpec } from '../../support/claim.ts';
import { strictModel } from '../../support/model.ts';
import { scoreOf } from '../../support/score.ts';

describe('step 1: a type the model does not score is not applicable', () => {
  it.each([
    ['value-judgement', 'A value judgement is not settled by evidence.'],
    ['prediction', 'A prediction is not scored until it resolves.'],
    ['rhetorical-question', 'A rhetorical question asserts nothing to score.'],
    ['poem', 'this model does not score claims of type poem'],
    ['Factual', 'this model does not score claims of type Factual'],
  ])('type %s is refused with the reason "%s"', (type, reason) => {
    const trace = scoreOf(strictModel(), claim({ type, links: [{ id: 'a', relevance: 'states-outright' }] }));
    expect(trace.result).toEqual({
      state: 'not-applicable',
      probability: null,
      posteriorLogOdds: null,
      reason,
      stability: null,
      coverage: { done: 0, declared: 4, value: '0.00' },
      gradient: { value: '0.5000', status: 'no-votes' },
    });
    expect(notScoredReason(strictModel(), type)).toBe(reason);
  });

  it('still weighs the links and shows them, with no prior and no sum', () => {
    const trace = scoreOf(
      strictModel(),
      claim({ type: 'prediction', links: [{ id: 'a', relevance: 'states-outright' }] }),
    );
    expect(trace.links).toEqual([{ id: 'a', weight: '2.000000', kept: true, keptLink: null }]);
    expect(trace.working).toMatchObject({
      applicable: false,
      prior: null,
      sum: null,
      probability: null,
      state: null,
      stability: null,
    });
  });

  it('is not applicable before it is insufficient: an unscored type with no evidence is refused for its type', () => {
    expect(scoreOf(strictModel(), claim({ type: 'prediction' })).result.state).toBe('not-applicable');
  });
});

describe('step 4: no kept link with a weight above 0 is insufficient evidence', () => {
  it.each<[string, ClaimSpec]>([
    ['no evidence at all', {}],
    [
      'only context-only links',
      {
        links: [
          { id: 'a', relevance: 'context-only' },
          { id: 'b', relevance: 'context-only', source: 't', direction: 'opposes' },
        ],
      },
    ],
    ["only a model's output", { links: [{ id: 'a', relevance: 'states-outright', observation: 'model-output' }] }],
    [
      'only refuted links',
      {
        links: [
          { id: 'a', authenticity: 'refuted' },
          { id: 'b', source: 't', extraction: 'refuted' },
        ],
      },
    ],
    ['links worn to nothing by interpretation', { links: [{ id: 'a', steps: 7 }] }],
    ['a causal claim with nothing that counts', { type: 'causal', links: [{ id: 'a', relevance: 'context-only' }] }],
  ])('%s', (_name, spec) => {
    const trace = scoreOf(strictModel(), claim({ ...spec, reviews: [review('primary-source-reviewed', 'm.ito')] }));
    expect(trace.result).toEqual({
      state: 'insufficient-evidence',
      probability: null,
      posteriorLogOdds: null,
      reason: INSUFFICIENT_REASON,
      stability: null,
      coverage: { done: 1, declared: 4, value: '0.25' },
      gradient: { value: '0.5000', status: 'no-votes' },
    });
    expect(trace.working.prior).not.toBeNull();
    expect(trace.working.sum).toBeNull();
  });

  it('writes an opposing link of weight 0 as 0.000000, never as a negative zero', () => {
    const trace = scoreOf(
      strictModel(),
      claim({ links: [{ id: 'a', direction: 'opposes', relevance: 'context-only' }] }),
    );
    expect(trace.links[0]?.weight).toBe('0.000000');
    expect(trace.working.links[0]?.signedWeight).toBe('0.000000');
  });

  it('is scored as soon as one link counts, even if supports and opposes cancel out', () => {
    const trace = scoreOf(
      strictModel(),
      claim({
        links: [
          { id: 'a', source: 's' },
          { id: 'b', source: 't', direction: 'opposes' },
        ],
      }),
    );
    expect(trace.result.state).toBe('uncertain');
    expect(trace.result.probability).toBe('0.5000');
    expect(trace.result.posteriorLogOdds).toBe('0.000000');
    expect(trace.result.reason).toBeNull();
  });

  it('scores a claim whose only counting link opposes it', () => {
    const trace = scoreOf(
      strictModel(),
      claim({ links: [{ id: 'a', direction: 'opposes', relevance: 'states-outright' }] }),
    );
    expect(trace.result.probability).toBe('0.1192');
    expect(trace.result.state).toBe('unlikely');
  });
});
