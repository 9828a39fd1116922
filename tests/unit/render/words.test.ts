import { describe, expect, it } from 'vitest';
import { plural } from '../../../src/lib/render/words.ts';

describe('plural', () => {
  it('writes a count with the noun that fits it', () => {
    expect(plural(1, 'claim agrees', 'claims agree')).toBe('1 claim agrees');
    expect(plural(0, 'claim', 'claims')).toBe('0 claims');
    expect(plural(12, 'value', 'values')).toBe('12 values');
  });
});
