import { describe, expect, it } from 'vitest';
import { columnPlaces, inColumn, isFigure, minus, padding, placesOf } from '../../../src/lib/render/figures.ts';
import { fieldHtml } from '../../../src/lib/render/markup.ts';

describe('the minus sign', () => {
  it.each([
    ['-1.000000', '−1.000000'],
    ['-0.7', '−0.7'],
    ['0.405465', '0.405465'],
    ['0', '0'],
  ])('shows %s as %s', (value, shown) => expect(minus(value)).toBe(shown));

  it('tells a figure from other text', () => {
    expect(['-0.7', '12', '0.000000', '+1.8'].every(isFigure)).toBe(true);
    expect(['2026-10-11', '-', 'very-likely', '-x', '1e5', '0.5…'].some(isFigure)).toBe(false);
  });
});

describe('one number of places a column', () => {
  it('counts places', () => {
    expect(placesOf('0.02')).toBe(2);
    expect(placesOf('800')).toBe(0);
    expect(placesOf('-0.405465')).toBe(6);
  });

  it("takes a column's places from its longest figure", () => {
    // The v × w column: 0.02, 1.3371722 and 3.608688.
    expect(columnPlaces(['0.02', '1.3371722', '3.608688'])).toBe(7);
    expect(columnPlaces([])).toBe(0);
  });

  it('pads with zeros, so the value stays the same exact decimal', () => {
    expect(inColumn('0.02', 7)).toBe('0.0200000');
    expect(inColumn('3.608688', 7)).toBe('3.6086880');
    expect(inColumn('-0.7', 6)).toBe('−0.700000');
    expect(inColumn('800', 1)).toBe('800.0');
    expect(inColumn('1.3371722', 7)).toBe('1.3371722');
    expect(padding('0.02', 2)).toBe('');
  });

  it('never cuts or rounds a figure to fit its column', () => {
    expect(() => padding('1.3371722', 6)).toThrow(/more than the column's 6 places/);
  });
});

describe('a figure in the page', () => {
  it('shows a negative figure with the minus sign and keeps its path', () => {
    expect(fieldHtml({ path: 'working.prior.logOdds', text: '-0.405465' }, 'strong')).toBe(
      '<strong data-field="working.prior.logOdds">−0.405465</strong>',
    );
  });

  it('pads a figure in a column outside the element that holds the trace’s value', () => {
    expect(fieldHtml({ path: 'working.stability.rescores.0.logOdds', text: '-0.7' }, 'span', undefined, 6)).toBe(
      '<span data-field="working.stability.rescores.0.logOdds">−0.7</span><span class="pad">00000</span>',
    );
  });

  it('leaves text that is not a figure as it is', () => {
    expect(fieldHtml({ path: 'input.statement', text: '-5 degrees in 2026-01' }, 'q', undefined, 3)).toBe(
      '<q data-field="input.statement">-5 degrees in 2026-01</q>',
    );
  });
});
