import { describe, expect, it } from 'vitest';
import {
  browseRows,
  combinations,
  counts,
  describe as describeCombination,
  filterRows,
  isHome,
  listingView,
  sortRows,
  stateChoices,
  typeChoices,
  typeSegments,
} from '../../../src/lib/listing/browse.ts';
import { browsePath } from '../../../src/lib/paths.ts';
import { claim } from '../../support/claim.ts';
import { strictModel } from '../../support/model.ts';
import { scoreOf } from '../../support/score.ts';

const model = strictModel();
const STATES = model.states.map((s) => s.state);
const make = (slug: string, recorded: string, spec: Parameters<typeof claim>[0]) => {
  const c = { ...claim(spec), recorded, statement: `Claim ${slug}.` };
  return { slug, trace: scoreOf(model, c, slug) };
};
// Newest recorded first, as the site lists claims.
const rows = browseRows([
  make('strong', '2026-10-05', { links: [{ id: 'a', relevance: 'states-outright' }] }),
  make('opinion', '2026-10-04', { type: 'value-judgement', links: [{ id: 'a' }] }),
  make('weak', '2026-10-03', {
    links: [{ id: 'a', relevance: 'touches-subject' }],
    reviews: [{ check: 'primary-source-reviewed', by: 'x', on: '2026-10-04' }],
  }),
  make('empty', '2026-10-02', { type: 'causal' }),
  make('also-strong', '2026-10-01', { links: [{ id: 'a', relevance: 'states-outright' }] }),
]);

describe('rows', () => {
  it('carry the default model’s result for each claim', () => {
    expect(rows.map((r) => [r.slug, r.state, r.probability])).toEqual([
      ['strong', 'likely', '0.8808'],
      ['opinion', 'not-applicable', null],
      ['weak', 'uncertain', '0.5744'],
      ['empty', 'insufficient-evidence', null],
      ['also-strong', 'likely', '0.8808'],
    ]);
    expect(rows[1]!.reason).toBe('A value judgement is not settled by evidence.');
    expect(rows[2]!.coverage).toEqual({ done: 1, declared: 4, value: '0.25' });
  });
});

describe('choices and combinations', () => {
  it('offers every type present and every state present, in the model’s order', () => {
    expect(typeChoices(rows).map((c) => c.value)).toEqual(['all', 'causal', 'factual', 'value-judgement']);
    expect(stateChoices(rows, STATES).map((c) => c.value)).toEqual([
      'all',
      'uncertain',
      'likely',
      'insufficient-evidence',
      'not-applicable',
    ]);
  });

  it('renders every type × state × sort, the first of which is the home page', () => {
    const all = combinations(rows, STATES);
    expect(all).toHaveLength(4 * 5 * 3);
    expect(all.filter(isHome)).toEqual([{ type: 'all', state: 'all', sort: 'recorded' }]);
    expect(browsePath('all', 'all', 'recorded')).toBe('/');
    expect(new Set(all.map((c) => browsePath(c.type, c.state, c.sort))).size).toBe(all.length);
  });

  it('gives unusual types safe, distinct URL segments', () => {
    const segments = typeSegments(['factual', 'Value Judgement', 'all', 'value-judgement']);
    expect(segments.get('factual')).toBe('factual');
    expect(segments.get('all')).toBe('type-all');
    expect(segments.get('value-judgement')).toBe('value-judgement');
    expect(segments.get('Value Judgement')).toBe('value-judgement-2');
  });
});

describe('filtering and sorting', () => {
  it.each([
    ['all', 'all', ['strong', 'opinion', 'weak', 'empty', 'also-strong']],
    ['factual', 'all', ['strong', 'weak', 'also-strong']],
    ['all', 'likely', ['strong', 'also-strong']],
    ['causal', 'likely', []],
  ])('type %s and state %s keep %j', (type, state, expected) => {
    expect(filterRows(rows, type, state).map((r) => r.slug)).toEqual(expected);
  });

  it.each([
    ['recorded', ['strong', 'opinion', 'weak', 'empty', 'also-strong']],
    ['probability', ['strong', 'also-strong', 'weak', 'opinion', 'empty']],
    ['coverage', ['weak', 'strong', 'opinion', 'empty', 'also-strong']],
  ] as const)('sorts by %s, ties in the default order and no probability last', (sort, expected) => {
    expect(sortRows(rows, sort).map((r) => r.slug)).toEqual(expected);
  });

  it('counts each choice under the other filter', () => {
    const { types, states } = counts(rows, STATES, 'factual', 'likely');
    expect(types.get('all')).toBe(2);
    expect(types.get('causal')).toBe(0);
    expect(states.get('all')).toBe(3);
    expect(states.get('uncertain')).toBe(1);
  });

  it('describes a combination in words', () => {
    expect(describeCombination({ type: 'factual', state: 'likely', sort: 'probability' }, rows, STATES)).toBe(
      'factual claims that are likely, highest probability first',
    );
    expect(describeCombination({ type: 'all', state: 'all', sort: 'recorded' }, rows, STATES)).toBe(
      'claims, newest recorded first',
    );
  });
});

describe('listingView', () => {
  it('orders every row, marks those the filters keep and words the status line', () => {
    const view = listingView(rows, STATES, { type: 'all', state: 'likely', sort: 'probability' });
    expect(view.ordered.map((r) => r.slug)).toEqual(['strong', 'also-strong', 'weak', 'opinion', 'empty']);
    expect([...view.visible]).toEqual(['strong', 'also-strong']);
    expect(view.status).toBe('Showing 2 of 5 claims: claims that are likely, highest probability first.');
    expect(view.title).toBe('Claims that are likely, highest probability first');
    expect(view.stateCounts.get('likely')).toBe(2);
    expect(view.typeCounts.get('all')).toBe(2);
  });
});
