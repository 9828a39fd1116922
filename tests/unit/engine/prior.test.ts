import { describe, expect, it } from 'vitest';
import { dec, fixed, priorLogOdds, rulesOf } from '../../../src/engine/index.ts';
import { claim } from '../../support/claim.ts';
import { strictModel, withRounding } from '../../support/model.ts';
import { scoreOf } from '../../support/score.ts';

describe('step 5: the prior as log-odds, round_w(ln(p / (1 − p)))', () => {
  const strict = rulesOf(strictModel());
  it.each([
    ['0.5', '0.000000'],
    ['0.3', '-0.847298'],
    ['0.7', '0.847298'],
    ['0.4', '-0.405465'],
    ['0.9', '2.197225'],
    ['0.1', '-2.197225'],
    ['0.999', '6.906755'],
  ])('a prior of %s is %s', (prior, logOdds) => {
    expect(fixed(priorLogOdds(strict, dec(prior)), 6)).toBe(logOdds);
  });

  it('writes even odds as 0.000000, never as a negative zero', () => {
    const trace = scoreOf(strictModel(), claim({ links: [{ id: 'a' }] }));
    expect(trace.working.prior).toEqual({ probability: '0.5', logOdds: '0.000000' });
  });

  it("takes the claim type's own prior (causal claims start at 0.3)", () => {
    const trace = scoreOf(strictModel(), claim({ type: 'causal', links: [{ id: 'a' }] }));
    expect(trace.working.prior).toEqual({ probability: '0.3', logOdds: '-0.847298' });
    expect(trace.result.posteriorLogOdds).toBe('0.152702');
  });

  it('rounds the prior log-odds to the model’s weight places', () => {
    const trace = scoreOf(
      withRounding(strictModel(), { weight: '3' }),
      claim({ type: 'causal', links: [{ id: 'a' }] }),
    );
    expect(trace.working.prior?.logOdds).toBe('-0.847');
    expect(trace.result.posteriorLogOdds).toBe('0.153');
  });
});
