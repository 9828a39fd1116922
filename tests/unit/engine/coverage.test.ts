import { describe, expect, it } from 'vitest';
import { coverage, rulesOf, type Review } from '../../../src/engine/index.ts';
import { claim, review } from '../../support/claim.ts';
import { strictModel, withRounding } from '../../support/model.ts';
import { scoreOf } from '../../support/score.ts';

const strict = rulesOf(strictModel());

describe('step 9: review coverage counts declared checks done by someone other than the author', () => {
  it.each<[string, Review[], number, string]>([
    ['no reviews is 0 of 4', [], 0, '0.00'],
    ['one check by a reviewer counts', [review('primary-source-reviewed', 'm.ito')], 1, '0.25'],
    ["the author's own check is not counted", [review('primary-source-reviewed', 'author')], 0, '0.00'],
    ['a check the model does not declare is not counted', [review('spelling-checked', 'm.ito')], 0, '0.00'],
    [
      'a check done twice is counted once',
      [review('primary-source-reviewed', 'm.ito'), review('primary-source-reviewed', 'j.berg')],
      1,
      '0.25',
    ],
    [
      'a check by the author and by a reviewer counts',
      [review('opposing-search-done', 'author'), review('opposing-search-done', 'j.berg')],
      1,
      '0.25',
    ],
    [
      'three different checks are 3 of 4',
      [
        review('primary-source-reviewed', 'm.ito'),
        review('opposing-search-done', 'm.ito'),
        review('independence-reviewed', 'j.berg'),
      ],
      3,
      '0.75',
    ],
    [
      'every declared check is 4 of 4',
      [
        review('primary-source-reviewed', 'm.ito'),
        review('opposing-search-done', 'm.ito'),
        review('independence-reviewed', 'j.berg'),
        review('qualifiers-reviewed', 'j.berg'),
      ],
      4,
      '1.00',
    ],
  ])('%s', (_name, reviews, done, value) => {
    const working = coverage(strict, claim({ reviews }));
    expect({ done: working.done, declared: working.declared, value: working.value }).toEqual({
      done,
      declared: 4,
      value,
    });
  });

  it('shows every review with why it does or does not count', () => {
    const working = coverage(
      strict,
      claim({
        reviews: [
          review('primary-source-reviewed', 'author'),
          review('spelling-checked', 'm.ito'),
          review('qualifiers-reviewed', 'm.ito'),
        ],
      }),
    );
    expect(working.reviews.map((r) => [r.check, r.by, r.status])).toEqual([
      ['primary-source-reviewed', 'author', 'by-author'],
      ['spelling-checked', 'm.ito', 'not-declared'],
      ['qualifiers-reviewed', 'm.ito', 'counted'],
    ]);
    expect(working.checks).toEqual([
      { check: 'primary-source-reviewed', done: false },
      { check: 'opposing-search-done', done: false },
      { check: 'independence-reviewed', done: false },
      { check: 'qualifiers-reviewed', done: true },
    ]);
  });

  const eight = ['c1', 'c2', 'c3', 'c4', 'c5', 'c6', 'c7', 'c8'];
  const three = ['c1', 'c2', 'c3'];
  it.each<[string, string[], number, 'half-even' | 'half-up', string, string]>([
    ['1 of 8 is exactly 0.125, a tie', eight, 1, 'half-even', '2', '0.12'],
    ['1 of 8 is exactly 0.125, a tie', eight, 1, 'half-up', '2', '0.13'],
    ['3 of 8 is exactly 0.375, a tie', eight, 3, 'half-even', '2', '0.38'],
    ['1 of 3', three, 1, 'half-even', '2', '0.33'],
    ['2 of 3', three, 2, 'half-even', '2', '0.67'],
    ['2 of 3 at three places', three, 2, 'half-even', '3', '0.667'],
    ['2 of 3 at no places', three, 2, 'half-even', '0', '1'],
  ])('%s under %s at %s places is %s', (_name, checks, done, mode, places, value) => {
    const model = withRounding(strictModel({ review: { checks } }), { mode, coverage: places });
    const reviews = checks.slice(0, done).map((check) => review(check, 'reviewer'));
    expect(coverage(rulesOf(model), claim({ reviews })).value).toBe(value);
  });

  it('reports coverage even for claims that are not scored', () => {
    const trace = scoreOf(
      strictModel(),
      claim({ type: 'prediction', reviews: [review('primary-source-reviewed', 'm.ito')] }),
    );
    expect(trace.result.coverage).toEqual({ done: 1, declared: 4, value: '0.25' });
  });
});

describe('step 9 shared between models that differ only in the rounding mode', () => {
  const reviews = [review('primary-source-reviewed', 'm.ito')];

  it('counts a claim once for both when no k / n of the table is a tie (k / 4 at two places)', () => {
    const one = claim({ reviews });
    const halfUp = rulesOf(withRounding(strictModel(), { mode: 'half-up' }));
    expect(coverage(halfUp, one)).toBe(coverage(strict, one));
  });

  it('keeps them apart when one is: 1 / 8 at two places is 0.12 half to even, 0.13 half up', () => {
    const eight = ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'primary-source-reviewed'];
    const model = strictModel({ review: { checks: eight } });
    const one = claim({ reviews });
    expect(coverage(rulesOf(model), one).value).toBe('0.12');
    expect(coverage(rulesOf(withRounding(model, { mode: 'half-up' })), one).value).toBe('0.13');
  });
});
