/**
 * The scorer reads a claim's fields once per claim into objects of its own (linksRead, votesRead,
 * readReviews), so that its code never meets callers' objects of other shapes. What it reads must
 * be what the objects hold: the same traces for links, reviews and votes built in other shapes
 * (other key orders, extra keys, strings made at run time) as for the loader's.
 */
import { describe, expect, it } from 'vitest';
import { coverage, rulesOf, type Claim, type Json } from '../../../src/engine/index.ts';
import { groupingOf, linksRead } from '../../../src/engine/independence.ts';
import { claim, review } from '../../support/claim.ts';
import { strictModel } from '../../support/model.ts';
import { scoreOf } from '../../support/score.ts';

/** A string with the same text, made at run time (not the interned literal). */
const madeAtRunTime = (text: string): string => [...text].join('');

/** The definition step 9 had: each review copied whole, its status added. */
function reviewsAsBefore(made: Claim, declared: readonly string[]) {
  return made.reviews.map((r) => ({
    ...r,
    status: !declared.includes(r.check) ? 'not-declared' : r.by === made.author ? 'by-author' : 'counted',
  }));
}

describe('what the scorer reads of a claim', () => {
  it('keeps each direction’s text, whether interned, made at run time, or neither supports nor opposes', () => {
    const links = [
      { id: 'a', source: 's1', direction: madeAtRunTime('supports') },
      { id: 'b', source: 's1', direction: 'supports' },
      { id: 'c', source: madeAtRunTime('s1'), direction: madeAtRunTime('opposes') },
      { id: 'd', source: 's2', direction: 'sideways' },
    ] as const;
    const read = linksRead(links as never);
    expect(read.directions).toEqual(['supports', 'supports', 'opposes', 'sideways']);
    expect(read.ids).toEqual(['a', 'b', 'c', 'd']);
    const { groups } = groupingOf(links as never);
    expect(groups.map((g) => [g.source, g.direction, g.ids])).toEqual([
      ['s1', 'supports', ['a', 'b']],
      ['s1', 'opposes', ['c']],
      ['s2', 'sideways', ['d']],
    ]);
  });

  it('writes each review as it was given, fields in its own order and any extra field, when not the loader’s three', () => {
    const rules = rulesOf(strictModel());
    const base = claim({ links: [{ id: 'a' }] });
    const reordered = { on: '2026-10-12', by: 'r.okafor', check: 'opposing-search-done' };
    const extra = { ...review('primary-source-reviewed', 'm.ito'), note: 'seen twice' };
    for (const reviews of [[reordered], [extra], [review('primary-source-reviewed', 'm.ito'), reordered]]) {
      const made = { ...base, reviews } as unknown as Claim;
      const found = coverage(rules, made);
      expect(JSON.stringify(found.reviews)).toBe(JSON.stringify(reviewsAsBefore(made, rules.checks)));
    }
  });

  it('gives the same trace for a claim rebuilt in other shapes (key orders, strings made at run time)', () => {
    const made = claim({
      links: [
        { id: 'a', source: 's1' },
        { id: 'b', source: 's1', direction: 'opposes', observation: 'document' },
        { id: 'c', source: 's2', steps: 2 },
      ],
      reviews: [review('primary-source-reviewed', 'm.ito')],
      votes: [
        { voter: 'v1', reputation: '12', value: '0.75' },
        { voter: 'v2', reputation: '0.5', value: '0' },
      ],
    });
    // Votes with their fields in another order and values made at run time, directions likewise.
    const rebuilt: Claim = {
      ...made,
      evidence: made.evidence.map((e) => ({ ...e, direction: madeAtRunTime(e.direction) as typeof e.direction })),
      votes: made.votes.map((v) => ({ value: madeAtRunTime(v.value), voter: v.voter, reputation: v.reputation })),
    };
    const want = JSON.stringify(scoreOf(strictModel(), made));
    expect(JSON.stringify(scoreOf(strictModel(), rebuilt) as unknown as Json)).toBe(
      want.replace(JSON.stringify(made as unknown as Json), JSON.stringify(rebuilt as unknown as Json)),
    );
  });
});
