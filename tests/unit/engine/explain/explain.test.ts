/**
 * Explanations (docs/design.md §6a) on small claims whose figures are worked by hand: σ(x) = 1 / (1 + e^−x)
 * at the points named, and each distance from the logit of a state's `from` less half a unit of
 * the probability's last place (ln(0.89995 / 0.10005) = 2.1966691…, ln(0.69995 / 0.30005) =
 * 0.8470597…), rounded to the next whole millionth away from x.
 */
import { describe, expect, it } from 'vitest';
import { createExplainer } from '../../../../src/engine/explain/index.ts';
import type { Model } from '../../../../src/engine/index.ts';
import { claim } from '../../../support/claim.ts';
import { strictModel } from '../../../support/model.ts';

/** Prior 0.5 (log-odds 0), a measurement weighs 1 and a document 0.5 when it bears directly. */
const base = strictModel({
  name: 'test',
  version: '1.0.0',
  observation: { measurement: '1', document: '0.5' },
  interpretation: { stepCost: '0.1', floor: '0' },
});
const counted: Model = { ...base, name: 'test-counted', independence: 'count-every-link' };

const twoSources = claim({
  links: [
    { id: 'a', source: 's1' },
    { id: 'b', source: 's2', observation: 'document' },
  ],
});

describe('a claim whose verdict hangs on one link', () => {
  // x = 0 + 1 + 0.5 = 1.5; σ(1.5) = 0.81757… → 0.8176, likely.
  const doc = createExplainer([base]).explain('two', twoSources, 'test@1.0.0');

  it('gives the result without each link: removing a flips it to uncertain, removing b does not', () => {
    expect(doc.result).toEqual({ state: 'likely', probability: '0.8176', posteriorLogOdds: '1.500000' });
    // Without a: x = 0.5, σ = 0.6225 (uncertain); without b: x = 1, σ = 0.7311 (likely).
    expect(doc.withoutLink).toEqual([
      { link: 'a', state: 'uncertain', probability: '0.6225', posteriorLogOdds: '0.500000', change: '-1.000000' },
      { link: 'b', state: 'likely', probability: '0.7311', posteriorLogOdds: '1.000000', change: '-0.500000' },
    ]);
  });

  it('gives the distance to the next states by exact inversion', () => {
    // Up: 2.196670 − 1.5 reaches 0.9000 (2.196669 gives 0.8999). Down: 0.847059 = 1.5 − 0.652941
    // rounds to 0.6999, below 0.7 (0.847060 still gives 0.7000).
    expect(doc.distance).toEqual({
      up: { weight: '0.696670', state: 'very-likely', probability: '0.9000' },
      down: { weight: '0.652941', state: 'uncertain', probability: '0.6999' },
    });
  });

  it('lists the single edits that change the state, smallest change first, ties in file order', () => {
    // a at touches-subject (0.3): x = 0.8, σ = 0.6900, change −0.7. Removing a, refuting it (either
    // check) or raising it to states-outright (x = 2.5, σ = 0.9241) all move x by 1. No edit of b
    // changes the state (its strongest, x = 2.0, gives 0.8808; its weakest, x = 1.0, 0.7311).
    expect(doc.edits!.map((e) => [e.link, e.edit, e.from, e.to, e.state, e.probability, e.change])).toEqual([
      ['a', 'relevance', 'bears-directly', 'touches-subject', 'uncertain', '0.6900', '-0.700000'],
      ['a', 'remove', null, null, 'uncertain', '0.6225', '-1.000000'],
      ['a', 'relevance', 'bears-directly', 'states-outright', 'very-likely', '0.9241', '1.000000'],
      ['a', 'authenticity', 'unverified', 'refuted', 'uncertain', '0.6225', '-1.000000'],
      ['a', 'extraction', 'unverified', 'refuted', 'uncertain', '0.6225', '-1.000000'],
    ]);
  });
});

describe('a dependent link and a model that counts every link', () => {
  // Both from s1: weights 1 and 0.5; the strongest counts alone (x = 1, 0.7311), every link 1.5.
  const sameSource = claim({ links: [{ id: 'a' }, { id: 'b', observation: 'document' }] });
  const explainer = createExplainer([base, counted]);
  const strongest = explainer.explain('same', sameSource, 'test@1.0.0');
  const every = explainer.explain('same', sameSource, 'test-counted@1.0.0');

  it('says removing the dependent link changes nothing, and removing the kept one lets it count', () => {
    expect(strongest.withoutLink).toEqual([
      { link: 'a', state: 'uncertain', probability: '0.6225', posteriorLogOdds: '0.500000', change: '-0.500000' },
      { link: 'b', state: 'likely', probability: '0.7311', posteriorLogOdds: '1.000000', change: '0.000000' },
    ]);
  });

  it('under count-every-link, removing either link moves the log-odds by its own weight', () => {
    expect(every.result).toEqual({ state: 'likely', probability: '0.8176', posteriorLogOdds: '1.500000' });
    expect(every.withoutLink!.map((row) => row.change)).toEqual(['-1.000000', '-0.500000']);
  });

  it('names independence as the setting that moved the result, by how far', () => {
    expect(strongest.models).toEqual([
      { model: 'test@1.0.0', state: 'likely', probability: '0.7311', posteriorLogOdds: '1.000000', settings: null },
      {
        model: 'test-counted@1.0.0',
        state: 'likely',
        probability: '0.8176',
        posteriorLogOdds: '1.500000',
        settings: [{ setting: 'independence', state: 'likely', posteriorLogOdds: '1.500000', change: '0.500000' }],
      },
    ]);
  });
});

describe('a claim exactly at a boundary after rounding', () => {
  // x = 1 − 1 = 0 and σ(0) = 0.5 exactly: rounded to 0 places it is a tie, 0 half to even, 1 half up.
  const coin = (mode: 'half-even' | 'half-up'): Model =>
    strictModel({
      name: `coin-${mode}`,
      version: '1.0.0',
      states: [
        { from: '0', state: 'no' },
        { from: '1', state: 'yes' },
      ],
      rounding: { mode, weight: '6', probability: '0', coverage: '2' },
    });
  const balanced = claim({
    links: [
      { id: 'for', source: 's1' },
      { id: 'against', source: 's2', direction: 'opposes' },
    ],
  });
  const explainer = createExplainer([coin('half-even'), coin('half-up')]);
  const even = explainer.explain('coin', balanced, 'coin-half-even@1.0.0');
  const up = explainer.explain('coin', balanced, 'coin-half-up@1.0.0');

  it('half to even: the tie rounds to 0, and one millionth more reaches 1', () => {
    expect(even.result).toEqual({ state: 'no', probability: '0', posteriorLogOdds: '0.000000' });
    expect(even.distance).toEqual({ up: { weight: '0.000001', state: 'yes', probability: '1' }, down: null });
  });

  it('half up: the tie rounds to 1, and one millionth less falls below it', () => {
    expect(up.result).toEqual({ state: 'yes', probability: '1', posteriorLogOdds: '0.000000' });
    expect(up.distance).toEqual({ up: null, down: { weight: '0.000001', state: 'no', probability: '0' } });
  });

  it('names the rounding mode, which moves no log-odds, as what makes the models differ', () => {
    expect(even.models[1]!.settings).toEqual([
      { setting: 'rounding.mode', state: 'yes', posteriorLogOdds: '0.000000', change: '0.000000' },
    ]);
  });
});

describe('refusals', () => {
  it('a claim the model does not score has no links, distances or edits, only the other models', () => {
    const doc = createExplainer([base]).explain(
      'v',
      claim({ type: 'value-judgement', links: [{ id: 'a' }] }),
      'test@1.0.0',
    );
    expect(doc.result).toEqual({ state: 'not-applicable', probability: null, posteriorLogOdds: null });
    expect([doc.withoutLink, doc.distance, doc.edits]).toEqual([null, null, null]);
    expect(doc.models).toEqual([{ model: 'test@1.0.0', ...doc.result, settings: null }]);
  });

  it('removing the only counted link leaves insufficient evidence, listed after every scored edit', () => {
    // One document (0.5): x = 0.5, 0.6225 uncertain. Up to 0.7 needs 0.847060 − 0.5 = 0.347060.
    const doc = createExplainer([base]).explain(
      'one',
      claim({ links: [{ id: 'a', observation: 'document' }] }),
      'test@1.0.0',
    );
    expect(doc.withoutLink).toEqual([
      { link: 'a', state: 'insufficient-evidence', probability: null, posteriorLogOdds: null, change: null },
    ]);
    expect(doc.distance!.up).toEqual({ weight: '0.347060', state: 'likely', probability: '0.7000' });
    // To 1 at states-outright: x = 1, 0.7311 likely (change 0.5); to measurement: x = 1 (likely).
    // Refuting it leaves a weight of 0: insufficient evidence, like removing it, after the others.
    expect(doc.edits!.map((e) => [e.edit, e.to, e.state, e.change])).toEqual([
      ['relevance', 'states-outright', 'likely', '0.500000'],
      ['observation', 'measurement', 'likely', '0.500000'],
      ['remove', null, 'insufficient-evidence', null],
      ['authenticity', 'refuted', 'insufficient-evidence', null],
      ['extraction', 'refuted', 'insufficient-evidence', null],
    ]);
  });
});
