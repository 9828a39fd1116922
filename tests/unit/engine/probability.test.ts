import { describe, expect, it } from 'vitest';
import { dec, fixed, logistic, probabilityOf, round, rulesOf } from '../../../src/engine/index.ts';
import { claim } from '../../support/claim.ts';
import { strictModel, withLevels, withRounding } from '../../support/model.ts';
import { scoreOf } from '../../support/score.ts';

describe('step 7: the probability is round_p(1 / (1 + e^(−x)))', () => {
  const strict = rulesOf(strictModel());
  it.each([
    ['0', '0.5000'],
    ['1.8', '0.8581'],
    ['-1.8', '0.1419'],
    ['0.847298', '0.7000'],
    ['-0.847298', '0.3000'],
    ['0.847', '0.6999'],
    ['1.26', '0.7790'],
    ['2.34', '0.9121'],
    ['20', '1.0000'],
    ['-20', '0.0000'],
  ])('log-odds %s give %s', (x, probability) => {
    expect(fixed(probabilityOf(strict, dec(x)), 4)).toBe(probability);
  });

  it('keeps the un-rounded logistic value in the working beside the rounded one', () => {
    const trace = scoreOf(
      strictModel(),
      claim({ links: [{ id: 'a', relevance: 'states-outright', observation: 'official-record' }] }),
    );
    expect(trace.working.probability).toEqual({
      logistic: '0.8581489350995122104057218915290474315875',
      rounded: '0.8581',
    });
    expect(trace.result.probability).toBe('0.8581');
  });
});

describe('rounding modes on exact ties', () => {
  it.each([
    ['0.125', 2, 'half-even', '0.12'],
    ['0.125', 2, 'half-up', '0.13'],
    ['0.135', 2, 'half-even', '0.14'],
    ['0.135', 2, 'half-up', '0.14'],
    ['0.5', 0, 'half-even', '0'],
    ['0.5', 0, 'half-up', '1'],
    ['1.5', 0, 'half-even', '2'],
    ['2.5', 0, 'half-even', '2'],
    ['0.1250001', 2, 'half-even', '0.13'],
    // Negative ties round away from zero under half-up, as Python's ROUND_HALF_UP does.
    ['-0.125', 2, 'half-even', '-0.12'],
    ['-0.125', 2, 'half-up', '-0.13'],
  ] as const)('%s at %i places %s gives %s', (value, places, mode, expected) => {
    expect(fixed(round(dec(value), places, mode), places)).toBe(expected);
  });

  // Supporting and opposing links of equal weight from different sources make x = 0 exactly, so
  // the logistic value is exactly 0.5: a tie at 0 probability places.
  const balanced = claim({
    links: [
      { id: 'for', source: 'a' },
      { id: 'against', source: 'b', direction: 'opposes' },
    ],
  });
  it.each([
    ['half-even', '0', 'very-unlikely'],
    ['half-up', '1', 'very-likely'],
  ] as const)('a probability of exactly one half at 0 places rounds %s to %s (%s)', (mode, probability, state) => {
    const trace = scoreOf(withRounding(strictModel(), { mode, probability: '0' }), balanced);
    expect(trace.working.probability?.logistic).toBe('0.5');
    expect(trace.result.probability).toBe(probability);
    expect(trace.result.state).toBe(state);
  });

  // A link whose factor is exactly halfway at the seventh place gives a tied weight.
  it.each([
    ['half-even', '0.123456', '0.123456'],
    ['half-up', '0.123457', '0.123457'],
  ] as const)('a tied link weight rounds %s to %s before it is summed', (mode, weight, logOdds) => {
    const model = withRounding(withLevels(strictModel(), 'relevance', { tie: '0.1234565' }), { mode });
    const trace = scoreOf(model, claim({ links: [{ id: 'a', relevance: 'tie' }] }));
    expect(trace.links[0]?.weight).toBe(weight);
    expect(trace.result.posteriorLogOdds).toBe(logOdds);
  });
});

describe('the logistic step at the limits of 40 significant digits', () => {
  it.each([
    ['90', false],
    ['90.4', false],
    ['90.6', true],
    ['100', true],
  ])('at log-odds %s the un-rounded logistic value is exactly 1: %s', (x, one) => {
    const exact = logistic(dec(x));
    expect(exact.equals(1)).toBe(one);
    expect(exact.lessThanOrEqualTo(1)).toBe(true);
  });

  it('never reaches 0 for very negative log-odds', () => {
    expect(logistic(dec('-1000')).greaterThan(0)).toBe(true);
  });

  it('writes 50 counted links of weight 2 from one source as a probability of 1.0000 (the formula, rounded)', () => {
    const links = Array.from({ length: 50 }, (_, i) => ({ id: `l${i}`, relevance: 'states-outright' }));
    const trace = scoreOf(strictModel({ independence: 'count-every-link' }), claim({ links }));
    expect(trace.result.posteriorLogOdds).toBe('100.000000');
    expect(trace.working.probability).toEqual({ logistic: '1', rounded: '1.0000' });
    expect(trace.result).toMatchObject({
      probability: '1.0000',
      state: 'very-likely',
      stability: { spread: '0.0000', level: 'medium' },
    });
  });
});
