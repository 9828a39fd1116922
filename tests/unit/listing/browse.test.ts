import { describe, expect, it } from 'vitest';
import {
  browseRows,
  combinations,
  counts,
  describe as describeCombination,
  filterRows,
  isHome,
  listingPages,
  listingPath,
  everyClaimView,
  listingView,
  paging,
  type BrowseRow,
  sortRows,
  stateChoices,
  typeChoices,
  typeSegments,
} from '../../../src/lib/listing/browse.ts';
import { pageSize } from '../../../src/lib/listing/paging.ts';
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
  it('lists the rows the filters keep, in order, and words the status line', () => {
    const view = listingView(rows, STATES, { type: 'all', state: 'likely', sort: 'probability' }, 1, 100);
    expect(view.listed.map((r) => r.slug)).toEqual(['strong', 'also-strong']);
    expect(view.complete).toBe(false);
    expect(listingView(rows, STATES, { type: 'all', state: 'all', sort: 'coverage' }, 1, 100).complete).toBe(true);
    expect(view.status).toBe('Showing 2 of 5 claims: claims that are likely, highest probability first.');
    expect(view.title).toBe('Claims that are likely, highest probability first');
    expect(view.stateCounts.get('likely')).toBe(2);
    expect(view.typeCounts.get('all')).toBe(2);
  });
});

describe('paging', () => {
  // 250 synthetic rows, newest first: 3 pages of 100, 100 and 50.
  const many: BrowseRow[] = Array.from({ length: 250 }, (_, i) => ({
    ...rows[0]!,
    slug: `claim-${i}`,
    recorded: `2026-01-01`,
    index: i,
  }));
  const home = { type: 'all', state: 'all', sort: 'recorded' } as const;

  it('splits 250 rows into pages of 100, 100 and 50 in the listing’s order', () => {
    const pages = [1, 2, 3].map((page) => listingView(many, STATES, home, page, 100));
    expect(pages.map((p) => p.listed.length)).toEqual([100, 100, 50]);
    expect(pages.map((p) => p.listed[0]!.slug)).toEqual(['claim-0', 'claim-100', 'claim-200']);
    expect(pages[2]!.listed.at(-1)!.slug).toBe('claim-249');
    expect(pages.every((p) => !p.complete)).toBe(true);
    expect(pages[1]!.status).toBe(
      'Showing 250 of 250 claims (101 to 200 on this page, 2 of 3): claims, newest recorded first.',
    );
    expect(pages[1]!.title).toBe('Claims, newest recorded first, page 2');
  });

  it('links every page, with the neighbours of the current one', () => {
    const p = paging(home, 250, 2, 100);
    expect(p).toMatchObject({
      page: 2,
      pages: 3,
      first: 101,
      last: 200,
      prev: '/',
      next: '/browse/all/all/recorded/3/',
    });
    expect(p.links.map((l) => [l.page, l.href, l.current])).toEqual([
      [1, '/', false],
      [2, '/browse/all/all/recorded/2/', true],
      [3, '/browse/all/all/recorded/3/', false],
    ]);
    expect(paging(home, 250, 1, 100).prev).toBeNull();
    expect(paging(home, 250, 3, 100).next).toBeNull();
    expect(paging(home, 0, 1, 100)).toMatchObject({ pages: 1, first: 0, last: 0, prev: null, next: null });
    expect(listingPath({ type: 'factual', state: 'likely', sort: 'coverage' }, 4)).toBe(
      '/browse/factual/likely/coverage/4/',
    );
  });

  it('writes later pages only where rows fill them', () => {
    const written = listingPages(rows, STATES, 2);
    // Five rows: 3 pages for each order of all × all, and 2 for factual × all (the three factual
    // claims: strong, weak, also-strong); every other combination holds at most 2 rows, one page.
    const later = written.filter((w) => w.page > 1);
    expect(
      later.map((w) => `${w.combination.type}/${w.combination.state}/${w.combination.sort}/${w.page}`).sort(),
    ).toEqual([
      'all/all/coverage/2',
      'all/all/coverage/3',
      'all/all/probability/2',
      'all/all/probability/3',
      'all/all/recorded/2',
      'all/all/recorded/3',
      'factual/all/coverage/2',
      'factual/all/probability/2',
      'factual/all/recorded/2',
    ]);
    expect(written.filter((w) => w.page === 1)).toHaveLength(combinations(rows, STATES).length);
  });

  it('reads the page size from LEDGER_PAGE_SIZE, 100 by default, and names a bad value', () => {
    expect(pageSize({})).toBe(100);
    expect(pageSize({ LEDGER_PAGE_SIZE: '25' })).toBe(25);
    expect(() => pageSize({ LEDGER_PAGE_SIZE: '0' })).toThrow(/^LEDGER_PAGE_SIZE: must be a whole number/);
    expect(() => pageSize({ LEDGER_PAGE_SIZE: 'ten' })).toThrow(/"ten"/);
  });
});

describe('everyClaimView', () => {
  it('lists every claim under the default model, newest recorded first, as the home page and /claims/ show it', () => {
    const claims = [
      {
        slug: 'newer',
        claim: { ...claim({ links: [{ id: 'a', relevance: 'states-outright' }] }), recorded: '2026-10-05' },
      },
      { slug: 'older', claim: { ...claim({ type: 'causal' }), recorded: '2026-10-01' } },
    ];
    const view = everyClaimView({
      claims,
      summary: (slug: string) => scoreOf(model, claims.find((c) => c.slug === slug)!.claim, slug),
      defaultModel: { id: 'strict@1.0.0', model },
    } as unknown as Parameters<typeof everyClaimView>[0]);
    expect(view.combination).toEqual({ type: 'all', state: 'all', sort: 'recorded' });
    expect(view.listed.map((r) => [r.slug, r.state])).toEqual([
      ['newer', 'likely'],
      ['older', 'insufficient-evidence'],
    ]);
    expect(view.complete).toBe(true);
  });
});
