/** The bounds on decimals verify reads (docs/design.md §3): at most 40 significant digits, an exponent within ±1000. */
import { describe, expect, it } from 'vitest';
import { decimalOutOfBounds, firstOutOfBounds } from '../../../src/lib/verify/index.ts';

describe('decimalOutOfBounds', () => {
  it.each([
    ['0.35'],
    ['1.800000'],
    [`0.${'1'.repeat(40)}`],
    [`${'9'.repeat(40)}`],
    ['0.0000000001234'],
    ['1e1000'],
    ['1e-1000'],
    ['0.001e-997'],
    ['0'],
    ['-0.000'],
  ])('accepts %s', (text) => {
    expect(decimalOutOfBounds(text)).toBeNull();
  });

  it.each([
    [`0.${'1'.repeat(41)}`, '41 significant digits, more than 40'],
    [`1${'0'.repeat(40)}`, '41 significant digits, more than 40'],
    ['1e1001', 'exponent 1001 is beyond ±1000'],
    ['1e-1001', 'exponent -1001 is beyond ±1000'],
    ['0.01e-999', 'exponent -1001 is beyond ±1000'],
    ['1e100000000', 'exponent 100000000… is beyond ±1000'],
    ['0e-99999', 'exponent -99999… is beyond ±1000'],
  ])('refuses %s: %s', (text, why) => {
    expect(decimalOutOfBounds(text)).toBe(why);
  });
});

describe('firstOutOfBounds', () => {
  it('names the first field out of bounds, by its path', () => {
    expect(firstOutOfBounds({ a: { b: ['1', '2e5000'] }, c: '3e5000' })).toEqual({
      field: 'a.b[1]',
      message: 'decimal out of bounds: exponent 5000 is beyond ±1000',
    });
  });

  it('refuses a JSON number that is not a safe whole number, and leaves text that is no decimal alone', () => {
    expect(firstOutOfBounds({ n: Number.POSITIVE_INFINITY })?.field).toBe('n');
    expect(firstOutOfBounds({ n: 0.5 })?.field).toBe('n');
    expect(firstOutOfBounds({ n: 3, s: `about ${'9'.repeat(60)} people`, t: true, u: null })).toBeNull();
  });

  it('walks a deeply nested document without exhausting the stack', () => {
    let deep: unknown = '1e2000';
    for (let i = 0; i < 100_000; i++) deep = [deep];
    expect(firstOutOfBounds(deep)?.message).toMatch(/nested more than 64 levels deep/);
  });
});
