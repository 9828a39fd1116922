/**
 * The compare picture of a large ledger counts claims in squares rather than drawing (and
 * describing) a dot per claim, so neither the picture nor its text alternative grows with the
 * ledger (issue 18); up to MAX_DOTS claims it is a dot per claim as before.
 */
import { describe, expect, it } from 'vitest';
import type { ClaimPair } from '../../../../src/lib/model/claimOutcomes.ts';
import { compareView, MAX_DOTS } from '../../../../src/lib/render/pictures/compare.ts';

const pair = (i: number, a: string, b: string, stateB = 'likely'): ClaimPair => ({
  slug: `c${i}`,
  statement: `Claim ${i}.`,
  a: { state: 'likely', probability: a },
  b: { state: stateB, probability: b },
});

describe('compare picture of many claims', () => {
  it('draws a dot per claim up to 200 placed claims', () => {
    expect(MAX_DOTS).toBe(200);
    const pairs = Array.from({ length: 200 }, (_, i) => pair(i, '0.5000', '0.6000'));
    const view = compareView(pairs, 'a', 'b', (s) => s);
    expect(view.dots.length).toBe(200);
    expect(view.bins).toEqual([]);
  });

  it('counts 201 claims in squares of 0.05, an edge value in the square it opens, refusals left out', () => {
    const pairs = [
      // 150 claims at 0.45 under a (the lower end of 0.45–0.50) and 0.1234 under b (0.10–0.15).
      ...Array.from({ length: 150 }, (_, i) => pair(i, '0.4500', '0.1234')),
      // 50 at 1 under both (the last square includes 1), 3 of them changing state.
      ...Array.from({ length: 50 }, (_, i) => pair(150 + i, '1.0000', '1.0000', i < 3 ? 'certain' : 'likely')),
      pair(200, '0.0000', '0.0499'),
      { ...pair(201, '0.5', '0.5'), b: { state: 'not-applicable', probability: null } },
    ];
    const view = compareView(pairs, 'a', 'b', (s) => s);
    expect(view.dots).toEqual([]);
    expect(view.bins.map((b) => [b.count, b.changed, b.label])).toEqual([
      [1, 0, '1 claim from 0.00–0.05 under a and 0.00–0.05 under b'],
      [150, 0, '150 claims from 0.45–0.50 under a and 0.10–0.15 under b'],
      [50, 3, '50 claims from 0.95–1.00 under a and 0.95–1.00 under b, 3 of them changing state'],
    ]);
    expect(view.alt.desc).toContain('201 claims counted in squares of 0.05');
    expect(view.alt.desc).toContain('150 claims from 0.45–0.50 under a and 0.10–0.15 under b');
    expect(view.alt.desc).toContain('1 with no probability under one or both, not placed');
    expect(view.alt.desc).not.toContain('c17');
    expect(view.caption).toContain('3 of 201 placed claims change state');
    // The biggest square's dot is half a square across; every dot stays inside the plot.
    const cell = (view.right - view.left) / 20;
    expect(Math.max(...view.bins.map((b) => b.r))).toBeCloseTo(cell / 2, 1);
    for (const b of view.bins) {
      expect(b.x - b.r).toBeGreaterThanOrEqual(view.left - 0.1);
      expect(b.x + b.r).toBeLessThanOrEqual(view.right + 0.1);
      expect(b.y - b.r).toBeGreaterThanOrEqual(view.top - 0.1);
      expect(b.y + b.r).toBeLessThanOrEqual(view.bottom + 0.1);
    }
  });
});
