/**
 * A compare page lists at most a page of claims (docs/design.md §6, issue 18): the claims that differ
 * first, then those that agree, split at the listing's page size, with page 1 at the pair's own
 * address and the later ones below it.
 */
import { describe, expect, it } from 'vitest';
import { comparePage, comparePageCount, compareView } from '../../../src/lib/model/compare.ts';
import type { ClaimPair } from '../../../src/lib/model/claimOutcomes.ts';
import { comparePagePath, comparePath } from '../../../src/lib/paths.ts';
import { strictModel } from '../../support/model.ts';

const A = 'a@1.0.0';
const B = 'b@1.0.0';

/** `differ` claims whose probability moves by a distinct amount, then `agree` claims that do not. */
function view(differ: number, agree: number) {
  const pairs: ClaimPair[] = [];
  // Claim i moves by (i + 1) / 10000, so the biggest change, the last one written, comes first.
  for (let i = 0; i < differ; i++)
    pairs.push({
      slug: `d${String(i).padStart(3, '0')}`,
      statement: `Differs ${i}.`,
      a: { state: 'likely', probability: '0.5000' },
      b: { state: 'likely', probability: (0.5 + (i + 1) / 10000).toFixed(4) },
    });
  for (let i = 0; i < agree; i++)
    pairs.push({
      slug: `s${String(i).padStart(3, '0')}`,
      statement: `Agrees ${i}.`,
      a: { state: 'likely', probability: '0.7000' },
      b: { state: 'likely', probability: '0.7000' },
    });
  return compareView(strictModel(), strictModel(), pairs);
}

describe('comparePage', () => {
  it('splits 250 claims (130 differ, 120 agree) into pages of 100, the differing ones first', () => {
    const v = view(130, 120);
    expect(comparePageCount(250, 100)).toBe(3);
    const [one, two, three] = [1, 2, 3].map((n) => comparePage(v, A, B, n, 100));
    expect(one!.differ.map((d) => d.slug)).toEqual(
      Array.from({ length: 100 }, (_, i) => `d${String(129 - i).padStart(3, '0')}`),
    );
    expect(one!.agreeing).toEqual([]);
    expect(two!.differ.map((d) => d.slug)).toEqual(
      Array.from({ length: 30 }, (_, i) => `d${String(29 - i).padStart(3, '0')}`),
    );
    expect(two!.agreeing.map((x) => x.slug)).toEqual(
      Array.from({ length: 70 }, (_, i) => `s${String(i).padStart(3, '0')}`),
    );
    expect(three!.differ).toEqual([]);
    expect(three!.agreeing.map((x) => x.slug)).toEqual(
      Array.from({ length: 50 }, (_, i) => `s${String(70 + i).padStart(3, '0')}`),
    );
    expect([one, two, three].map((p) => [p!.paging.first, p!.paging.last])).toEqual([
      [1, 100],
      [101, 200],
      [201, 250],
    ]);
    expect(three!.differTotal).toBe(130);
    expect(three!.agreeTotal).toBe(120);
  });

  it('keeps page 1 at the pair’s own address and links the neighbours', () => {
    const v = view(130, 120);
    const two = comparePage(v, A, B, 2, 100).paging;
    expect(two.links.map((l) => l.href)).toEqual([
      `/compare/${A}/${B}/`,
      `/compare/${A}/${B}/2/`,
      `/compare/${A}/${B}/3/`,
    ]);
    expect(two.links.map((l) => l.current)).toEqual([false, true, false]);
    expect(two.prev).toBe(`/compare/${A}/${B}/`);
    expect(two.next).toBe(`/compare/${A}/${B}/3/`);
    expect(comparePage(v, A, B, 1, 100).paging.prev).toBeNull();
    expect(comparePage(v, A, B, 3, 100).paging.next).toBeNull();
    expect(comparePagePath(A, B, 1)).toBe(comparePath(A, B));
  });

  it('lists every claim on one page when they fit, as the page did before paging', () => {
    const v = view(40, 59);
    const only = comparePage(v, A, B, 1, 100);
    expect(only.paging.pages).toBe(1);
    expect(only.differ).toEqual(v.differ);
    expect(only.agreeing).toEqual(v.agreeing);
  });

  it('refuses a page past the last', () => {
    expect(() => comparePage(view(1, 1), A, B, 2, 100)).toThrow(/no page 2/);
  });
});
