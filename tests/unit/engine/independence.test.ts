import { describe, expect, it } from 'vitest';
import { dec, independence, type Direction, type IndependenceStrategy } from '../../../src/engine/index.ts';
import { groupingOf, independenceOf } from '../../../src/engine/independence.ts';
import { claim } from '../../support/claim.ts';
import { strictModel } from '../../support/model.ts';
import { scoreOf } from '../../support/score.ts';

type Row = readonly [id: string, source: string, direction: Direction, weight: string];

const weighed = (rows: readonly Row[]) =>
  rows.map(([id, source, direction, weight]) => ({ id, source, direction, weight: dec(weight) }));

/** The link each link depends on (null when it is kept), by id. */
const keptLinks = (rows: readonly Row[], strategy: IndependenceStrategy) =>
  Object.fromEntries(independence(weighed(rows), strategy).keptLink);

describe('step 3, strongest-per-group-and-direction', () => {
  it.each<[string, Row[], Record<string, string | null>]>([
    [
      'keeps the strongest link of a group and names it beside the others',
      [
        ['a', 's', 'supports', '0.5'],
        ['b', 's', 'supports', '0.9'],
        ['c', 's', 'supports', '0.7'],
      ],
      { a: 'b', b: null, c: 'b' },
    ],
    [
      'keeps the first in file order when two links tie',
      [
        ['a', 's', 'supports', '0.9'],
        ['b', 's', 'supports', '0.9'],
      ],
      { a: null, b: 'a' },
    ],
    [
      'keeps the first of the tied strongest links, not the first link of the group',
      [
        ['a', 's', 'supports', '0.5'],
        ['b', 's', 'supports', '0.9'],
        ['c', 's', 'supports', '0.9'],
      ],
      { a: 'b', b: null, c: 'b' },
    ],
    [
      'treats opposite directions of one source as separate groups',
      [
        ['a', 's', 'supports', '0.9'],
        ['b', 's', 'opposes', '0.5'],
        ['c', 's', 'opposes', '0.7'],
      ],
      { a: null, b: 'c', c: null },
    ],
    [
      'treats different sources as separate groups',
      [
        ['a', 's', 'supports', '0.9'],
        ['b', 't', 'supports', '0.5'],
      ],
      { a: null, b: null },
    ],
    [
      'keeps a link of weight 0 when its group has nothing stronger',
      [
        ['a', 's', 'supports', '0'],
        ['b', 's', 'supports', '0'],
      ],
      { a: null, b: 'a' },
    ],
    [
      'groups links of one source that are not next to each other in the file',
      [
        ['a', 's', 'supports', '0.2'],
        ['b', 't', 'supports', '1'],
        ['c', 's', 'supports', '0.3'],
      ],
      { a: 'c', b: null, c: null },
    ],
  ])('%s', (_name, rows, expected) => {
    expect(keptLinks(rows, 'strongest-per-group-and-direction')).toEqual(expected);
  });

  it('lists the groups in order of first appearance, each with its links in file order', () => {
    const rows: Row[] = [
      ['a', 's', 'supports', '0.2'],
      ['b', 't', 'opposes', '1'],
      ['c', 's', 'supports', '0.3'],
      ['d', 's', 'opposes', '0.1'],
    ];
    expect(independence(weighed(rows), 'strongest-per-group-and-direction').groups).toEqual([
      { source: 's', direction: 'supports', links: ['a', 'c'], kept: ['c'] },
      { source: 't', direction: 'opposes', links: ['b'], kept: ['b'] },
      { source: 's', direction: 'opposes', links: ['d'], kept: ['d'] },
    ]);
  });

  it('groups a claim of many links (more than a scan handles) the same way', () => {
    // 20 links over sources s0…s3, alternating direction; link i weighs i / 100, so the last link
    // of each group is its strongest.
    const rows: Row[] = Array.from({ length: 20 }, (_, i) => [
      `l${i}`,
      `s${i % 4}`,
      i % 8 < 4 ? 'supports' : 'opposes',
      String(i / 100),
    ]);
    const { groups, keptLink } = independence(weighed(rows), 'strongest-per-group-and-direction');
    expect(groups).toEqual([
      { source: 's0', direction: 'supports', links: ['l0', 'l8', 'l16'], kept: ['l16'] },
      { source: 's1', direction: 'supports', links: ['l1', 'l9', 'l17'], kept: ['l17'] },
      { source: 's2', direction: 'supports', links: ['l2', 'l10', 'l18'], kept: ['l18'] },
      { source: 's3', direction: 'supports', links: ['l3', 'l11', 'l19'], kept: ['l19'] },
      { source: 's0', direction: 'opposes', links: ['l4', 'l12'], kept: ['l12'] },
      { source: 's1', direction: 'opposes', links: ['l5', 'l13'], kept: ['l13'] },
      { source: 's2', direction: 'opposes', links: ['l6', 'l14'], kept: ['l14'] },
      { source: 's3', direction: 'opposes', links: ['l7', 'l15'], kept: ['l15'] },
    ]);
    expect(keptLink.get('l0')).toBe('l16');
    expect(keptLink.get('l16')).toBeNull();
    expect(keptLink.get('l4')).toBe('l12');
  });
});

describe('step 3, count-every-link', () => {
  it.each<[string, Row[]]>([
    [
      'keeps every link of one group',
      [
        ['a', 's', 'supports', '0.5'],
        ['b', 's', 'supports', '0.9'],
        ['c', 's', 'supports', '0.9'],
      ],
    ],
    [
      'keeps every link of both directions',
      [
        ['a', 's', 'supports', '0.5'],
        ['b', 's', 'opposes', '0.9'],
      ],
    ],
  ])('%s', (_name, rows) => {
    const kept = keptLinks(rows, 'count-every-link');
    expect(kept).toEqual(Object.fromEntries(rows.map(([id]) => [id, null])));
  });
});

describe('independence in the trace', () => {
  const dependent = claim({
    links: [
      { id: 'wire', source: 'agency', relevance: 'bears-directly', observation: 'second-hand-report' },
      { id: 'original', source: 'agency', relevance: 'states-outright', observation: 'official-record' },
      { id: 'repeat', source: 'agency', relevance: 'states-outright', observation: 'official-record' },
    ],
  });

  it('keeps the dependent links in the working with their own weight, not counted, naming the kept link', () => {
    const trace = scoreOf(strictModel(), dependent);
    expect(trace.links).toEqual([
      { id: 'wire', weight: '0.350000', kept: false, keptLink: 'original' },
      { id: 'original', weight: '1.800000', kept: true, keptLink: null },
      { id: 'repeat', weight: '1.800000', kept: false, keptLink: 'original' },
    ]);
    expect(trace.result.posteriorLogOdds).toBe('1.800000');
    expect(trace.working.sum).toEqual({
      supporting: '1.800000',
      opposing: '0.000000',
      kept: '1.800000',
      posteriorLogOdds: '1.800000',
    });
  });

  it('counts every link under count-every-link', () => {
    const trace = scoreOf(strictModel({ independence: 'count-every-link' }), dependent);
    expect(trace.links.map((l) => [l.id, l.kept, l.keptLink])).toEqual([
      ['wire', true, null],
      ['original', true, null],
      ['repeat', true, null],
    ]);
    expect(trace.result.posteriorLogOdds).toBe('3.950000');
    expect(trace.working.independence).toBe('count-every-link');
  });

  it('subtracts the strongest opposing link of a source that also supports', () => {
    const trace = scoreOf(
      strictModel(),
      claim({
        links: [
          { id: 'for', source: 'council' },
          { id: 'against', source: 'council', direction: 'opposes', relevance: 'touches-subject' },
          { id: 'against-2', source: 'council', direction: 'opposes', relevance: 'touches-subject', steps: 1 },
        ],
      }),
    );
    expect(trace.links.map((l) => [l.id, l.weight, l.kept])).toEqual([
      ['for', '1.000000', true],
      ['against', '0.300000', true],
      ['against-2', '0.255000', false],
    ]);
    expect(trace.working.links.map((l) => l.signedWeight)).toEqual(['1.000000', '-0.300000', '-0.255000']);
    expect(trace.result.posteriorLogOdds).toBe('0.700000');
  });
});

describe('step 3 from a claim’s grouping, worked out once for every model', () => {
  const rows: Row[] = [
    ['a', 's', 'supports', '0.5'],
    ['b', 't', 'opposes', '0.4'],
    ['c', 's', 'supports', '0.9'],
    ['d', 't', 'opposes', '0.4'],
  ];

  it('groups one evidence list once, and gives the same steps as grouping afresh', () => {
    const links = weighed(rows);
    expect(groupingOf(links)).toBe(groupingOf(links));
    for (const strategy of ['strongest-per-group-and-direction', 'count-every-link'] as const) {
      const fromGrouping = independenceOf(
        links,
        groupingOf(links),
        links.map((l) => l.weight),
        strategy,
      );
      expect(fromGrouping).toEqual(independence(links, strategy));
    }
    // Ties keep the first in file order: b, not d.
    expect(Object.fromEntries(independence(links, 'strongest-per-group-and-direction').keptLink)).toEqual({
      a: 'c',
      b: null,
      c: null,
      d: 'b',
    });
  });
});

describe('independence in the trace of a claim that repeats a link id (never one the loader accepts)', () => {
  it('gives each link what a map by id holds: the value set last for that id', () => {
    // Groups in order: (s) [x], kept x → x: null; (t) [y, x], y the stronger → y: null, x: y.
    // The map keeps x: y, so both links called x depend on y.
    const repeated = claim({
      links: [
        { id: 'x', source: 's', relevance: 'states-outright', observation: 'official-record' },
        { id: 'y', source: 't', relevance: 'states-outright', observation: 'official-record' },
        { id: 'x', source: 't', relevance: 'bears-directly', observation: 'second-hand-report' },
      ],
    });
    expect(scoreOf(strictModel(), repeated).links.map((l) => l.keptLink)).toEqual(['y', null, 'y']);
  });
});
