import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { dec, fallbacks, resetFallbacks, rulesOf, stability, type Model } from '../../../src/engine/index.ts';
import { claim, type LinkSpec } from '../../support/claim.ts';
import { strictModel } from '../../support/model.ts';
import { scoreOf } from '../../support/score.ts';
import { logistic40, roundedText, wide, Wide } from '../../support/wide.ts';

const withStability = (patch: Partial<Model['stability']>): Model => {
  const model = strictModel();
  return { ...model, stability: { ...model.stability, ...patch } };
};

describe('step 8: stability re-scores with the kept weights scaled, and reads the spread', () => {
  it('re-scores at 0.7 and 1.3 of the kept weights and takes largest minus smallest', () => {
    const { working } = stability(rulesOf(strictModel()), dec('0'), dec('1.8'), 2);
    expect(working.rescores).toEqual([
      { scale: '0.7', logOdds: '1.26', probability: '0.7790' },
      { scale: '1.3', logOdds: '2.34', probability: '0.9121' },
    ]);
    expect(working.spread).toBe('0.1331');
    expect(working.level).toBe('medium');
  });

  it('scales only the kept weights, not the prior', () => {
    const { working } = stability(rulesOf(strictModel()), dec('-0.847298'), dec('1'), 2);
    expect(working.rescores.map((r) => r.logOdds)).toEqual(['-0.147298', '0.452702']);
  });

  it.each<[string, Partial<Model['stability']>, string, number, string, boolean]>([
    ['a narrow spread from two sources is high', {}, '0.1', 2, 'high', false],
    ['a narrow spread from one source is capped at medium', {}, '0.1', 1, 'medium', true],
    ['a spread exactly at the high bound is high', { high: '0.1331' }, '1.8', 2, 'high', false],
    ['a spread exactly at the high bound from one source is capped', { high: '0.1331' }, '1.8', 1, 'medium', true],
    ['a spread just above the high bound is medium', { high: '0.133' }, '1.8', 2, 'medium', false],
    ['a spread exactly at the medium bound is medium', { high: '0.1', medium: '0.1331' }, '1.8', 2, 'medium', false],
    ['a spread just above the medium bound is low', { high: '0.1', medium: '0.133' }, '1.8', 2, 'low', false],
    ['a wide spread is low, and low is never capped', { scales: ['0.1', '3'] }, '1.8', 1, 'low', false],
    ['minGroupsForHigh of 1 lets one source be high', { minGroupsForHigh: '1' }, '0.1', 1, 'high', false],
    ['minGroupsForHigh of 3 caps two sources', { minGroupsForHigh: '3' }, '0.1', 2, 'medium', true],
    ['no kept weight is no spread at all', {}, '0', 2, 'high', false],
  ])('%s', (_name, patch, keptSum, sources, level, capped) => {
    const { working } = stability(rulesOf(withStability(patch)), dec('0'), dec(keptSum), sources);
    expect(working.level).toBe(level);
    expect(working.capped).toBe(capped);
    expect(working.sources).toBe(sources);
  });

  it('takes largest minus smallest over three or more scales', () => {
    const { working } = stability(rulesOf(withStability({ scales: ['1.3', '0.1', '3'] })), dec('0'), dec('1.8'), 2);
    expect(working.rescores.map((r) => r.probability)).toEqual(['0.9121', '0.5449', '0.9955']);
    expect(working.spread).toBe('0.4506');
  });
});

describe('stability in the trace', () => {
  it('counts the distinct sources of the kept links', () => {
    const one = scoreOf(
      strictModel(),
      claim({ links: [{ id: 'a', relevance: 'touches-subject', observation: 'rumour', source: 'x' }] }),
    );
    expect(one.result.stability).toEqual({ spread: '0.0045', level: 'medium' });
    expect(one.working.stability?.capped).toBe(true);
    const two = scoreOf(
      strictModel(),
      claim({
        links: [
          { id: 'a', relevance: 'touches-subject', observation: 'rumour', source: 'x' },
          { id: 'b', relevance: 'touches-subject', observation: 'rumour', source: 'y' },
        ],
      }),
    );
    expect(two.result.stability).toEqual({ spread: '0.0090', level: 'high' });
  });

  it('does not count a second link of the same source as a second group', () => {
    const trace = scoreOf(
      strictModel(),
      claim({
        links: [
          { id: 'a', relevance: 'touches-subject', observation: 'rumour', source: 'x' },
          { id: 'b', relevance: 'touches-subject', observation: 'rumour', source: 'x', direction: 'opposes', steps: 1 },
        ],
      }),
    );
    expect(trace.working.stability?.sources).toBe(1);
    expect(trace.result.stability?.level).toBe('medium');
  });
});

describe('stability counts only the sources of kept links with a weight above 0 (docs/design.md §4 step 8)', () => {
  // One counted link, touches-subject × rumour = 0.03: re-scores 0.5052 and 0.5097, a spread of
  // 0.0045, within `high` (0.10). A second source whose link moves no number must not lift it.
  const counted: LinkSpec = { id: 'a', relevance: 'touches-subject', observation: 'rumour', source: 'x' };
  it.each<[string, LinkSpec]>([
    ['context-only', { id: 'b', relevance: 'context-only', source: 'y' }],
    ['refuted', { id: 'b', authenticity: 'refuted', source: 'y' }],
    ['extraction refuted, opposing', { id: 'b', extraction: 'refuted', source: 'y', direction: 'opposes' }],
    ['model output', { id: 'b', observation: 'model-output', source: 'y' }],
    ['interpreted away (7 steps at 0.15, floor 0)', { id: 'b', steps: 7, source: 'y' }],
  ])('a second source whose only link is %s leaves one counted source: medium, capped', (_name, second) => {
    const trace = scoreOf(strictModel(), claim({ links: [counted, second] }));
    expect(trace.links.map((l) => [l.weight, l.kept])).toEqual([
      ['0.030000', true],
      ['0.000000', true],
    ]);
    expect(trace.result.stability).toEqual({ spread: '0.0045', level: 'medium' });
    expect(trace.working.stability).toMatchObject({ measuredLevel: 'high', sources: 1, capped: true, level: 'medium' });
  });

  it('counts a second source once its link weighs anything at all', () => {
    const trace = scoreOf(strictModel(), claim({ links: [counted, { ...counted, id: 'b', source: 'y' }] }));
    expect(trace.working.stability).toMatchObject({ measuredLevel: 'high', sources: 2, capped: false, level: 'high' });
  });

  it('counts a zero-weight link under count-every-link no more than under strongest-only', () => {
    const model = strictModel({ independence: 'count-every-link' });
    const trace = scoreOf(model, claim({ links: [counted, { id: 'b', relevance: 'context-only', source: 'y' }] }));
    expect(trace.working.stability).toMatchObject({ sources: 1, capped: true, level: 'medium' });
  });

  it('records the measured level beside the capped one, and never caps medium or low', () => {
    const { working } = stability(rulesOf(withStability({ high: '0.1', medium: '0.133' })), dec('0'), dec('1.8'), 1);
    expect(working).toMatchObject({ measuredLevel: 'low', level: 'low', capped: false });
  });
});

describe('step 8 worked in whole units of the last place agrees with the definition', () => {
  /** The working's measured figures from docs/design.md §4 step 8 directly, with 120-digit logistics. */
  const expected = (rules: ReturnType<typeof rulesOf>, prior: string, keptSum: string) => {
    const p = rules.places.probability;
    const probabilities = rules.scales.map((scale) =>
      roundedText(logistic40(wide(dec(prior).plus(scale.times(keptSum)))), p, rules.mode),
    );
    const values = probabilities.map((text) => new Wide(text));
    const spread = Wide.max(...values).minus(Wide.min(...values));
    const level = spread.lte(wide(rules.stabilityHigh))
      ? 'high'
      : spread.lte(wide(rules.stabilityMedium))
        ? 'medium'
        : 'low';
    return { probabilities, spread: spread.toFixed(p), level };
  };

  it('for random priors, kept sums, scales, thresholds with more or fewer places, places 0 to 8 and both modes', () => {
    const decimalText = (places: number) =>
      fc
        .tuple(fc.integer({ min: 0, max: 10 ** places }), fc.constant(places))
        .map(([n, k]) => new Wide(n).div(new Wide(10).pow(k)).toFixed());
    fc.assert(
      fc.property(
        fc.integer({ min: -9_000_000, max: 9_000_000 }).map((n) => String(n / 1_000_000)),
        fc.integer({ min: -30_000_000, max: 30_000_000 }).map((n) => String(n / 1_000_000)),
        fc.array(
          fc.integer({ min: 0, max: 40 }).map((n) => String(n / 10)),
          { minLength: 1, maxLength: 4 },
        ),
        fc.integer({ min: 1, max: 6 }).chain(decimalText),
        fc.integer({ min: 1, max: 6 }).chain(decimalText),
        fc.integer({ min: 0, max: 8 }),
        fc.constantFrom('half-even' as const, 'half-up' as const),
        (prior, keptSum, scales, high, medium, places, mode) => {
          const model = withStability({ scales, high, medium });
          const rules = rulesOf({ ...model, rounding: { ...model.rounding, mode, probability: String(places) } });
          const { working } = stability(rules, dec(prior), dec(keptSum), 2);
          const want = expected(rules, prior, keptSum);
          expect(working.rescores.map((r) => r.probability)).toEqual(want.probabilities);
          expect(working.spread).toBe(want.spread);
          expect(working.measuredLevel).toBe(want.level);
        },
      ),
      { numRuns: 400 },
    );
  });

  it('at a spread exactly at a threshold with more places than the probability (0.13 against 0.133 and 0.13)', () => {
    // At two places 0.7 × 1.8 and 1.3 × 1.8 give 0.78 and 0.91: a spread of 0.13.
    const twoPlaces = (patch: Partial<Model['stability']>) => {
      const model = withStability(patch);
      return rulesOf({ ...model, rounding: { ...model.rounding, probability: '2' } });
    };
    expect(stability(twoPlaces({ high: '0.133' }), dec('0'), dec('1.8'), 2).working.measuredLevel).toBe('high');
    expect(stability(twoPlaces({ high: '0.13' }), dec('0'), dec('1.8'), 2).working.measuredLevel).toBe('high');
    expect(stability(twoPlaces({ high: '0.1299' }), dec('0'), dec('1.8'), 2).working.measuredLevel).toBe('medium');
  });

  it('on a tie the double estimate cannot decide (log-odds 0 at no places): the 40-digit logistic and the mode', () => {
    const noPlaces = (mode: 'half-even' | 'half-up') => {
      const model = withStability({ scales: ['0', '1'] });
      return rulesOf({ ...model, rounding: { ...model.rounding, mode, probability: '0' } });
    };
    resetFallbacks();
    expect(stability(noPlaces('half-even'), dec('0'), dec('1.8'), 2).working.rescores[0]!.probability).toBe('0');
    expect(stability(noPlaces('half-up'), dec('0'), dec('1.8'), 2).working.rescores[0]!.probability).toBe('1');
    expect(fallbacks.probability).toBe(2);
  });
});
