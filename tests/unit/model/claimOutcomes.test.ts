/**
 * Which claims come out differently under two models, and by how much (claimOutcomes.ts): the
 * differences of a pair, biggest first, their count, and the claims the models disagree on most.
 */
import { describe, expect, it } from 'vitest';
import { claimDifferences, differingCount, disagreements, signedChange } from '../../../src/lib/model/claimOutcomes.ts';

describe('claimDifferences', () => {
  const pair = (slug: string, a: [string, string | null], b: [string, string | null]) => ({
    slug,
    statement: `Claim ${slug}.`,
    a: { state: a[0], probability: a[1] },
    b: { state: b[0], probability: b[1] },
  });

  it('counts agreeing claims and orders differences by size, state changes first', () => {
    const { differ, agree } = claimDifferences([
      pair('same', ['likely', '0.8000'], ['likely', '0.8000']),
      pair('small', ['likely', '0.8000'], ['likely', '0.7900']),
      pair('big', ['likely', '0.8000'], ['likely', '0.7100']),
      pair('state', ['likely', '0.7100'], ['uncertain', '0.6900']),
      pair('refused', ['not-applicable', null], ['likely', '0.7500']),
      pair('both-refused', ['not-applicable', null], ['not-applicable', null]),
    ]);
    expect(agree).toBe(2);
    expect(differ.map((d) => d.slug)).toEqual(['refused', 'state', 'big', 'small']);
    expect(differ.find((d) => d.slug === 'big')?.change).toBe('−0.0900');
    expect(differ.find((d) => d.slug === 'refused')?.change).toBeNull();
  });

  it('are counted alike by differingCount, probabilities compared as decimals', () => {
    const pairs = [
      pair('same', ['likely', '0.8000'], ['likely', '0.8000']),
      pair('same-value', ['likely', '0.80'], ['likely', '0.8000']),
      pair('small', ['likely', '0.8000'], ['likely', '0.7900']),
      pair('state', ['likely', '0.7100'], ['uncertain', '0.7100']),
      pair('refused', ['not-applicable', null], ['likely', '0.7500']),
      pair('both-refused', ['not-applicable', null], ['not-applicable', null]),
    ];
    expect(differingCount(pairs)).toBe(3);
    expect(differingCount(pairs)).toBe(claimDifferences(pairs).differ.length);
  });

  it('writes a signed change with the longer operand’s places', () => {
    expect(signedChange('0.5', '0.7500')).toBe('+0.2500');
    expect(signedChange('0.75', '0.75')).toBe('0.00');
  });
});

describe('disagreements', () => {
  it('ranks claims by distinct states, then spread, and leaves out claims all models agree on', () => {
    const claims = [
      {
        slug: 'agreed',
        statement: 'A.',
        results: [
          { model: 'm1', state: 'likely', probability: '0.8' },
          { model: 'm2', state: 'likely', probability: '0.8' },
        ],
      },
      {
        slug: 'spread',
        statement: 'B.',
        results: [
          { model: 'm1', state: 'likely', probability: '0.75' },
          { model: 'm2', state: 'likely', probability: '0.85' },
        ],
      },
      {
        slug: 'states',
        statement: 'C.',
        results: [
          { model: 'm1', state: 'not-applicable', probability: null },
          { model: 'm2', state: 'likely', probability: '0.75' },
        ],
      },
    ];
    const ranked = disagreements(claims);
    expect(ranked.map((d) => d.slug)).toEqual(['states', 'spread']);
    expect(ranked[1]).toMatchObject({ spread: '0.10', lowest: { model: 'm1' }, highest: { model: 'm2' } });
  });

  it('ranks claims of as many states by the wider spread, as decimals, then by slug', () => {
    const claim = (slug: string, low: string, high: string) => ({
      slug,
      statement: `${slug}.`,
      results: [
        { model: 'm1', state: 'likely', probability: low },
        { model: 'm2', state: 'likely', probability: high },
      ],
    });
    // Spreads 0.05, 0.2 (written 0.20 by one model) and 0.05 again: the wider first, then by slug.
    const ranked = disagreements([
      claim('narrow-b', '0.75', '0.80'),
      claim('wide', '0.6', '0.80'),
      claim('narrow-a', '0.7', '0.75'),
    ]);
    expect(ranked.map((d) => [d.slug, d.spread])).toEqual([
      ['wide', '0.20'],
      ['narrow-a', '0.05'],
      ['narrow-b', '0.05'],
    ]);
  });
});
