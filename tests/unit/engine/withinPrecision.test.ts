/** `withinPrecision`, the quick test whether decimal.js holds a whole number exactly, against counting its digits. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { significant, withinPrecision } from '../../../src/engine/units.ts';

describe('withinPrecision', () => {
  it('is significant(value) ≤ 40 for random whole numbers of 1 to 60 digits, trailing zeros included', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: -(10n ** 60n), max: 10n ** 60n }),
        fc.integer({ min: 0, max: 30 }),
        (value, zeros) => {
          const n = value * 10n ** BigInt(zeros);
          expect(withinPrecision(n)).toBe(significant(n) <= 40);
        },
      ),
      { numRuns: 3000 },
    );
  });

  it('holds at the edges of 40 digits', () => {
    const ten40 = 10n ** 40n;
    for (const n of [0n, ten40 - 1n, ten40, ten40 + 1n, -ten40, -ten40 + 1n, 123n * 10n ** 50n, (ten40 + 1n) * 10n])
      expect(withinPrecision(n), `${n}`).toBe(significant(n) <= 40);
  });
});
