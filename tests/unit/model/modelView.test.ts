import katex from 'katex';
import { describe, expect, it } from 'vitest';
import { canonicalJson, sha256Hex, type Json } from '../../../src/engine/index.ts';
import * as latex from '../../../src/lib/model/modelLatex.ts';
import {
  floorReachedAt,
  interpretationLine,
  interpretationRows,
  pickWorkedExample,
  priorRows,
  releasedSentence,
  roundingWords,
  stabilityWords,
  stateBands,
  weightReturns,
  weightTable,
} from '../../../src/lib/model/modelView.ts';
import { claim } from '../../support/claim.ts';
import { strictModel } from '../../support/model.ts';
import { scoreOf } from '../../support/score.ts';

const strict = strictModel();

describe('the gradient weight table (seed 003)', () => {
  it.each([
    ['0', '0.100000', '0.1', true],
    ['10', '2.397895', '2.4', false],
    ['100', '4.615121', '4.6', false],
    ['500', '6.216606', '6.2', false],
    ['1000', '6.908755', '6.9', false],
    ['10000', '9.210440', '9.2', false],
  ])('reputation %s weighs %s (about %s×)', (reputation, weight, short, floored) => {
    const row = weightTable(strict).find((r) => r.reputation === reputation);
    expect(row).toMatchObject({ weight, short, floored });
    expect(weightTable(strict).map((r) => r.share)).toEqual([1, 26, 50, 67, 75, 100]);
  });

  it('follows the model’s own floor and places', () => {
    const model = strictModel({
      gradient: { ...strict.gradient, floor: '0.5' },
      rounding: { ...strict.rounding, weight: '3' },
    });
    expect(weightTable(model).map((r) => r.weight)).toEqual(['0.500', '2.398', '4.615', '6.217', '6.909', '9.210']);
  });

  it('says how little ten times the reputation adds', () => {
    expect(weightReturns(strict)).toMatchObject({ added: '2.3', timesNewUser: '92' });
    expect(weightReturns(strictModel({ gradient: { ...strict.gradient, floor: '0' } })).timesNewUser).toBeNull();
  });
});

describe('interpretation', () => {
  it('works out two steps from the model’s own step cost (seed 000: 0.70)', () => {
    const line = interpretationLine(strict, 2);
    expect(line).toMatchObject({ factor: '0.7', shown: '0.70', raw: '0.7', floored: false });
    expect(latex.interpretationWorkedLatex(line)).toBe('1 - 0.15 \\times 2 = 0.70');
  });

  it('shows the floor when it sets the factor', () => {
    const model = strictModel({ interpretation: { stepCost: '0.1', floor: '0.2' } });
    const line = interpretationLine(model, 9);
    expect(line).toMatchObject({ raw: '0.1', factor: '0.2', shown: '0.20', floored: true });
    expect(floorReachedAt(model)).toBe(8);
    expect(floorReachedAt(strict)).toBe(7);
    expect(interpretationRows(strict).map((r) => r.shown)).toEqual([
      '1.00',
      '0.85',
      '0.70',
      '0.55',
      '0.40',
      '0.25',
      '0.10',
      '0.00',
    ]);
  });
});

describe('declared numbers in words', () => {
  it('reads states as bands', () => {
    expect(stateBands(strict)[1]).toEqual({ state: 'unlikely', from: '0.1', below: '0.3' });
    expect(stateBands(strict)[4]).toEqual({ state: 'very-likely', from: '0.9', below: null });
  });

  it('computes each prior’s log-odds with the engine, written with the minus sign', () => {
    // ln(0.3 / 0.7) = −0.8472978…, rounded half-even at 6 places.
    expect(priorRows(strict)).toEqual([
      { type: 'factual', probability: '0.5', logOdds: '0.000000' },
      { type: 'statistical', probability: '0.5', logOdds: '0.000000' },
      { type: 'causal', probability: '0.3', logOdds: '−0.847298' },
    ]);
  });

  it('explains half-even rounding as seed 000 does', () => {
    expect(roundingWords(strict).summary).toBe(
      'Rounding is half-even, at 6 places for weights, 4 for the probability and 2 for review coverage.',
    );
    expect(roundingWords(strict).why).toMatch(/does not drift upwards over many roundings/);
  });

  it('puts stability in seed 000’s words', () => {
    expect(stabilityWords(strict)).toContain('scaled by 0.7 and 1.3 of themselves');
    expect(stabilityWords(strict)).toContain('A spread within 0.1 is high stability, within 0.25 medium');
    expect(stabilityWords(strict)).toContain('fewer than 2 independent groups caps it below high');
  });

  it('counts released models in words', () => {
    expect(releasedSentence(6)).toBe('6 models are released here');
    expect(releasedSentence(1)).toBe('1 model is released here');
  });

  it('publishes a canonical JSON that hashes to the trace’s config hash', () => {
    const trace = scoreOf(strict, claim({ links: [{ id: 'a' }] }));
    expect(sha256Hex(canonicalJson(strict as unknown as Json))).toBe(trace.configHash);
    expect(canonicalJson(strict as unknown as Json)).toMatch(/^\{"authenticity":/);
  });
});

describe('the worked example', () => {
  const traces = [
    scoreOf(strict, claim({ links: [{ id: 'a' }] }), 'one-link'),
    scoreOf(
      strict,
      claim({
        links: [
          { id: 'a', source: 's1' },
          { id: 'b', source: 's2', direction: 'opposes', relevance: 'touches-subject' },
          { id: 'c', source: 's1' },
        ],
      }),
      'several',
    ),
    scoreOf(
      strict,
      claim({ type: 'value-judgement', links: [{ id: 'a' }, { id: 'b', source: 's2' }, { id: 'c', source: 's3' }] }),
      'refused',
    ),
  ];

  it('picks a scored claim with the most counted links', () => {
    expect(pickWorkedExample(traces)?.claim).toBe('several');
    expect(pickWorkedExample([traces[2]!])).toBeNull();
  });

  it('breaks a tie of counted links by the most links, then by the first slug, in any order given', () => {
    // Two links each from one source, of which one is counted (the independence rule keeps one a source).
    const two = (slug: string) => scoreOf(strict, claim({ links: [{ id: 'a' }, { id: 'b' }] }), slug);
    const tied = [two('b-two'), scoreOf(strict, claim({ links: [{ id: 'a' }] }), 'a-one'), two('c-two')];
    expect(tied.map((t) => t.links.filter((l) => l.kept && Number(l.weight) > 0).length)).toEqual([1, 1, 1]);
    for (const order of [tied, [...tied].reverse(), [tied[2]!, tied[0]!, tied[1]!]])
      expect(pickWorkedExample(order)?.claim).toBe('b-two');
  });

  it('writes the sum and the logistic step from the trace', () => {
    const trace = pickWorkedExample(traces)!;
    expect(latex.workedSumLatex(trace)).toBe('x = 0.000000 + 1.000000 - 0.300000 = 0.700000');
    expect(latex.workedProbabilityLatex(trace)).toBe('p = \\frac{1}{1 + e^{-0.700000}} = 0.6682');
    expect(latex.workedPriorLatex(trace)).toBe('\\ln \\frac{0.5}{1 - 0.5} = 0.000000');
  });

  it('renders every formula with KaTeX', () => {
    const trace = pickWorkedExample(traces)!;
    const formulas = [
      latex.factorProductLatex(),
      latex.posteriorLatex(),
      latex.logisticLatex(),
      latex.interpretationLatex(strict),
      latex.interpretationWorkedLatex(
        interpretationLine(strictModel({ interpretation: { stepCost: '0.1', floor: '0.2' } }), 9),
      ),
      latex.stabilityLatex(strict),
      latex.gradientLatex(),
      latex.workedPriorLatex(trace)!,
      latex.workedSumLatex(trace)!,
      latex.workedProbabilityLatex(trace)!,
    ];
    for (const formula of formulas)
      expect(() => katex.renderToString(formula, { throwOnError: true, strict: 'error' })).not.toThrow();
  });

  it('breaks a long sum over lines', () => {
    const links = Array.from({ length: 5 }, (_, i) => ({ id: `l${i}`, source: `s${i}` }));
    const trace = scoreOf(strict, claim({ links }));
    const sum = latex.workedSumLatex(trace)!;
    expect(sum).toMatch(/^\\begin\{aligned\}/);
    expect(() => katex.renderToString(sum, { throwOnError: true, strict: 'error' })).not.toThrow();
  });
});
