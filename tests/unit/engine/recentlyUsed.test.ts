/**
 * The recently-used memo answers a repeated ask for its latest key without moving it, and still
 * lets go of the least recently used key first, whatever the asks in between.
 */
import { describe, expect, it } from 'vitest';
import { recentlyUsed } from '../../../src/engine/perRules.ts';

describe('recentlyUsed', () => {
  it('makes a value once per key while the key is among the most recent, and again after it was let go', () => {
    const made: string[] = [];
    const memo = recentlyUsed((key: { name: string }) => {
      made.push(key.name);
      return { of: key.name };
    }, 2);
    const [a, b, c] = [{ name: 'a' }, { name: 'b' }, { name: 'c' }];
    const first = memo(a);
    expect(memo(a)).toBe(first);
    expect(memo(a)).toBe(first);
    memo(b);
    memo(b);
    // a was used before b: c lets a go, and b stays.
    memo(c);
    memo(b);
    expect(made).toEqual(['a', 'b', 'c']);
    expect(memo(a)).not.toBe(first);
    expect(made).toEqual(['a', 'b', 'c', 'a']);
  });

  it('keeps the same values as a plain least-recently-used list over random asks', () => {
    const keys = Array.from({ length: 6 }, (_, i) => ({ i }));
    let seed = 7;
    const next = () => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed;
    };
    const size = 3;
    let count = 0;
    const memo = recentlyUsed(() => ({ n: count++ }), size);
    // The reference: an array of [key, value], most recent last.
    const list: [object, { n: number }][] = [];
    for (let step = 0; step < 2000; step++) {
      // Runs of the same key, as a claim's models ask one after another.
      const key = keys[next() % keys.length]!;
      for (let repeat = next() % 3; repeat >= 0; repeat--) {
        const got = memo(key);
        const at = list.findIndex(([k]) => k === key);
        if (at >= 0) {
          expect(got).toBe(list[at]![1]);
          list.push(list.splice(at, 1)[0]!);
        } else {
          if (list.length >= size) list.shift();
          list.push([key, got]);
        }
      }
    }
  });
});
