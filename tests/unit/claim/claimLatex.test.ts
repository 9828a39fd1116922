import { describe, expect, it } from 'vitest';
import { createScorer, type Claim } from '../../../src/engine/index.ts';
import { aligned, negated, sumRows, term, toLatex, voteWeightLatex } from '../../../src/lib/claim/claimLatex.ts';
import { cutDecimal, FORMULA_CUT } from '../../../src/lib/claim/numbers.ts';
import { tex } from '../../../src/lib/render/tex.ts';
import { claim, review } from '../../support/claim.ts';
import { strictModel } from '../../support/model.ts';
import { TEST_CODE_HASH } from '../../support/score.ts';

const model = strictModel();
const scorer = createScorer(model, TEST_CODE_HASH);
const score = (c: Claim) => scorer.score('lead-limit', c);

// Seed 003's voters (reputations 800, 200, 50; votes 0.9, 0.8, 0.3) on a claim with a kept
// supporting link (2 × 0.9 = 1.8), a dependent duplicate, and an opposing link.
const seedVotes = [
  { voter: 'alice', reputation: '800', value: '0.9' },
  { voter: 'bob', reputation: '200', value: '0.8' },
  { voter: 'carol', reputation: '50', value: '0.3' },
];
const scored = score(
  claim({
    links: [
      { id: 'lab-q1', source: 'lab', relevance: 'states-outright', observation: 'official-record' },
      { id: 'lab-q2', source: 'lab', relevance: 'states-outright', observation: 'official-record' },
      {
        id: 'blog',
        source: 'blog',
        direction: 'opposes',
        relevance: 'touches-subject',
        observation: 'second-hand-report',
        steps: 1,
      },
    ],
    reviews: [review('primary-source-reviewed', 'm.ito')],
    votes: seedVotes,
  }),
);

const renders = (latex: string): void => {
  expect(() => tex(latex, true)).not.toThrow();
};

describe('toLatex on a scored claim', () => {
  const latex = toLatex(scored);
  const { working, result } = scored;

  it('works the prior out with the claim’s own prior', () => {
    expect(latex.prior).toContain('\\frac{0.5}{1 - 0.5}');
    expect(latex.prior).toContain(working.prior!.logOdds);
    expect(latex.prior).toContain('\\operatorname{round}_{6}');
  });

  it('adds the kept supporting weights and subtracts the kept opposing ones', () => {
    expect(latex.supporting).toBe('S = 1.800000');
    expect(latex.opposing).toBe(`O = ${working.sum!.opposing}`);
    expect(working.sum!.opposing).toBe('0.089250');
    expect(latex.sum).toContain('x &= \\text{prior} + S - O \\\\\n');
    expect(latex.sum).toContain(`&= ${working.prior!.logOdds} + 1.800000 - 0.089250 \\\\\n`);
    expect(latex.sum).toContain(`&= ${result.posteriorLogOdds}`);
  });

  it('shows the logistic step with x, the exact value cut, and the rounded probability', () => {
    expect(latex.probability).toContain(`e^{-${result.posteriorLogOdds}}`);
    expect(latex.probability).toContain(`${working.probability!.logistic.slice(0, 10)}\\ldots`);
    expect(latex.probability).toContain(`&= ${result.probability}`);
    expect(latex.probability).toContain('\\operatorname{round}_{4}');
  });

  it('writes the re-score at a scale s with the claim’s prior and kept weights', () => {
    expect(latex.rescore).toBe(
      `p_s = \\operatorname{round}_{4}\\left(\\frac{1}{1 + e^{-(${working.prior!.logOdds} + s \\times ${working.sum!.kept})}}\\right)`,
    );
  });

  it('writes the gradient as seed 003 does: the totals of the votes table, then their quotient', () => {
    expect(result.gradient.value).toBe('0.7185');
    // Seed 003: G = 11.44 / 15.92 = 0.719, here with the model's places (weights to six, the
    // weighted total to eight, the gradient to four).
    expect(latex.gradient).toBe(
      '\\begin{aligned}\n' +
        'G &= \\operatorname{round}_{4}\\left(\\frac{\\sum_i v_i\\,w_i}{\\sum_i w_i}\\right) \\\\\n' +
        '&= \\operatorname{round}_{4}\\left(\\frac{11.4394667}{15.920992}\\right) \\\\\n' +
        '&= 0.7185\n' +
        '\\end{aligned}',
    );
    // The products are the votes table's, not written out again.
    expect(latex.gradient).not.toContain('\\times');
  });

  it('renders every formula through KaTeX without an error', () => {
    for (const formula of [
      latex.prior,
      latex.supporting,
      latex.opposing,
      latex.sum,
      latex.probability,
      latex.rescore,
      latex.gradient,
    ]) {
      expect(formula).not.toBeNull();
      renders(formula!);
    }
    renders(voteWeightLatex(model.gradient.floor, 6));
  });
});

describe('toLatex with negative numbers', () => {
  const causal = score(
    claim({ type: 'causal', links: [{ id: 'against', direction: 'opposes', relevance: 'states-outright' }] }),
  );
  const latex = toLatex(causal);

  it('keeps a negative prior and a negative kept sum readable', () => {
    expect(causal.working.prior!.logOdds).toBe('-0.847298');
    expect(latex.prior).toContain('\\frac{0.3}{1 - 0.3}');
    expect(latex.rescore).toContain('s \\times \\left(-2.000000\\right)');
    // x is negative, so e^(−x) has a positive exponent.
    expect(latex.probability).toContain(`e^{${causal.result.posteriorLogOdds!.slice(1)}}`);
    for (const formula of [latex.prior!, latex.sum!, latex.probability!, latex.rescore!]) renders(formula);
  });
});

describe('toLatex on refusals and edges', () => {
  it('has no prior, sum, probability or stability for a type the model does not score', () => {
    const latex = toLatex(score(claim({ type: 'prediction', links: [{ id: 'a' }], votes: seedVotes })));
    expect(latex).toMatchObject({
      prior: null,
      supporting: null,
      opposing: null,
      sum: null,
      probability: null,
      rescore: null,
    });
    expect(latex.gradient).not.toBeNull();
  });

  it('keeps the prior but has no sum when nothing counted bears on the claim', () => {
    const latex = toLatex(score(claim({ links: [{ id: 'a', relevance: 'context-only' }] })));
    expect(latex.prior).not.toBeNull();
    expect(latex).toMatchObject({ sum: null, probability: null, rescore: null });
  });

  it('has no gradient formula without votes', () => {
    expect(toLatex(score(claim({ links: [{ id: 'a' }] }))).gradient).toBeNull();
  });
});

describe('formula helpers', () => {
  it.each([
    ['1.8', '1.8'],
    ['-0.3', '\\left(-0.3\\right)'],
  ])('writes %s as a term %s', (value, expected) => expect(term(value)).toBe(expected));

  it.each([
    ['2.700000', '-2.700000'],
    ['-0.3', '0.3'],
    ['0.000000', '-0.000000'],
  ])('negates %s for an exponent as %s', (value, expected) => expect(negated(value)).toBe(expected));

  it('cuts long decimals with an ellipsis and leaves short ones alone', () => {
    expect(cutDecimal('0.93702664394300351048584', 8, FORMULA_CUT)).toBe('0.93702664\\ldots');
    expect(cutDecimal('0.93702664394300351048584', 8)).toBe('0.93702664…');
    expect(cutDecimal('0.9370', 8)).toBe('0.9370');
    expect(cutDecimal('12', 2)).toBe('12');
  });

  it('breaks a long sum over rows of two terms, the total on its own row', () => {
    expect(sumRows('S', ['1.800000', '0.510000', '0.400000'], '2.710000')).toBe(
      '\\begin{aligned}\nS &= 1.800000 + 0.510000 \\\\\n&\\quad + 0.400000 \\\\\n&= 2.710000\n\\end{aligned}',
    );
    expect(sumRows('S', ['1.800000', '0.510000'], '2.310000')).toBe(
      '\\begin{aligned}\nS &= 1.800000 + 0.510000 \\\\\n&= 2.310000\n\\end{aligned}',
    );
    expect(sumRows('O', ['0.089250'], '0.089250')).toBe('O = 0.089250');
    expect(sumRows('O', [], '0')).toBe('O = 0');
  });

  it('aligns lines on their ampersands', () => {
    expect(aligned(['x &= 1', '&= 2'])).toBe('\\begin{aligned}\nx &= 1 \\\\\n&= 2\n\\end{aligned}');
  });
});
