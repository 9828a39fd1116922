import { describe, expect, it } from 'vitest';
import { dec, rulesOf, stateIndex } from '../../../src/engine/index.ts';
import { stateIndexOfUnits } from '../../../src/engine/state.ts';
import { claim } from '../../support/claim.ts';
import { strictModel, withLevels } from '../../support/model.ts';
import { scoreOf } from '../../support/score.ts';

describe('step 7: the state is the last entry whose from is at most the rounded probability', () => {
  const rules = rulesOf(strictModel());
  it.each([
    ['0', 'very-unlikely'],
    ['0.0999', 'very-unlikely'],
    ['0.1', 'unlikely'],
    ['0.2999', 'unlikely'],
    ['0.3', 'uncertain'],
    ['0.5', 'uncertain'],
    ['0.6999', 'uncertain'],
    ['0.7', 'likely'],
    ['0.8999', 'likely'],
    ['0.9', 'very-likely'],
    ['1', 'very-likely'],
  ])('a probability of %s is %s', (probability, state) => {
    expect(rules.states[stateIndex(rules, dec(probability))]?.state).toBe(state);
  });

  // ln(0.7 / 0.3) = 0.8472978…; a single link of exactly these weights moves an even prior to:
  const model = withLevels(strictModel(), 'relevance', {
    'to-0.7': '0.847298',
    'just-under': '0.8472',
    under: '0.847',
  });
  it.each([
    ['to-0.7', '0.7000', 'likely'],
    // 0.69998 rounds to 0.7000: the state is read from the rounded probability.
    ['just-under', '0.7000', 'likely'],
    ['under', '0.6999', 'uncertain'],
  ])('a link of relevance %s gives %s, which is %s', (relevance, probability, state) => {
    const trace = scoreOf(model, claim({ links: [{ id: 'a', relevance }] }));
    expect(trace.result.probability).toBe(probability);
    expect(trace.result.state).toBe(state);
  });

  it('lists the thresholds and the index of the state in the working', () => {
    const trace = scoreOf(model, claim({ links: [{ id: 'a', relevance: 'to-0.7' }] }));
    expect(trace.working.state).toEqual({
      index: 3,
      thresholds: [
        { from: '0', state: 'very-unlikely' },
        { from: '0.1', state: 'unlikely' },
        { from: '0.3', state: 'uncertain' },
        { from: '0.7', state: 'likely' },
        { from: '0.9', state: 'very-likely' },
      ],
    });
  });
});

describe('the state from a probability in whole units of its last place', () => {
  it.each([
    ['the strict model at four places', strictModel(), 4],
    [
      'states from with more places than the probability (0.12345 at four places) and at no places',
      strictModel({
        states: [
          { from: '0', state: 'very-unlikely' },
          { from: '0.12345', state: 'unlikely' },
          { from: '0.5', state: 'likely' },
          { from: '0.99999', state: 'very-likely' },
        ],
      }),
      4,
    ],
    ['the strict model at no places', strictModel(), 0],
  ])('agrees with the decimal comparison for every probability: %s', (_name, model, places) => {
    const rules = rulesOf({ ...model, rounding: { ...model.rounding, probability: String(places) } });
    for (let units = 0; units <= 10 ** places; units++) {
      expect(stateIndexOfUnits(rules, BigInt(units)), `${units}`).toBe(stateIndex(rules, dec(`${units}e-${places}`)));
    }
  });
});
