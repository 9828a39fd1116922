/** The claim page's working, steps 2 to 8, as view functions read it from a trace (claimView*.test.ts: the rest). */
import { describe, expect, it } from 'vitest';
import {
  fieldAt,
  fieldOf,
  groupsView,
  linkRows,
  multipliedOut,
  probabilityPercent,
  stabilityView,
  sumTerms,
  thresholdRows,
} from '../../../src/lib/claim/claimView.ts';
import { claim } from '../../support/claim.ts';
import { strictModel } from '../../support/model.ts';
import { lab, score, scoreUnder, strict } from '../../support/claim-view.ts';

describe('fieldAt reads a trace by dotted path', () => {
  it.each([
    ['result.state', 'very-likely'],
    ['links.0.weight', '1.800000'],
    ['result.coverage.done', '1'],
    ['working.gradient.votes.0.weight', '6.685861'],
    ['traceFormat', '1'],
  ])('%s reads %s', (path, text) => expect(fieldAt(lab, path)).toEqual({ path, text }));

  it('gives null for a null value, so nothing is rendered for it', () => {
    expect(fieldAt(lab, 'result.reason')).toBeNull();
    expect(() => fieldOf(lab, 'result.reason')).toThrow(/null/);
  });

  it('stops the build for a path the trace does not have or that is not one value', () => {
    expect(() => fieldAt(lab, 'result.nope')).toThrow(/no field result.nope/);
    expect(() => fieldAt(lab, 'links.9.weight')).toThrow(/no field/);
    expect(() => fieldAt(lab, 'result.stability')).toThrow(/not a single value/);
  });
});

describe('each link multiplied out', () => {
  it('writes the five factors and the weight', () => {
    expect(multipliedOut(lab, 0).text).toBe('2 × 0.9 × 1 × 1 × 1 = 1.800000');
    expect(multipliedOut(lab, 2).text).toBe('1 × 0.9 × 1 × 1 × 1 = 0.900000');
  });

  it('shows the exact product before the rounded weight when rounding changed it', () => {
    // 0.3 × 0.35 × 0.85 × 0.5 × 0.5 = 0.0223125, a tie at 6 places that half-even rounds down.
    const blog = multipliedOut(lab, 3);
    expect(blog.text).toBe('0.3 × 0.35 × 0.85 × 0.5 × 0.5 = 0.0223125 ≈ 0.022312');
    expect(blog).toMatchObject({
      factors: '0.3 × 0.35 × 0.85 × 0.5 × 0.5 =',
      exact: '0.0223125',
      weight: { path: 'links.3.weight', text: '0.022312' },
    });
  });

  it('names the kept link for a dependent one and carries every factor with its path', () => {
    const rows = linkRows(lab, strict);
    expect(rows.map((r) => [r.anchor, r.kept, r.keptLink?.id.text ?? null])).toEqual([
      ['link-q1', true, null],
      ['link-q2', false, 'q1'],
      ['link-audit', true, null],
      ['link-blog', true, null],
    ]);
    expect(rows[1]!.keptLink).toEqual({ id: { path: 'links.1.keptLink', text: 'q1' }, anchor: 'link-q1' });
    // Levels in words (docs/design.md §6: never ids); the interpretation steps are a figure of the trace.
    const level = (f: (typeof rows)[number]['factors'][number]): string =>
      'words' in f.level ? f.level.words : `${f.level.steps.text} ${f.level.unit}`;
    expect(rows[0]!.factors.map((f) => [f.name, level(f), f.factor.text])).toEqual([
      ['relevance', 'states outright', '2'],
      ['observation', 'official record', '0.9'],
      ['interpretation', '0 steps', '1'],
      ['authenticity', 'unverified', '1'],
      ['extraction', 'unverified', '1'],
    ]);
    expect(rows[0]!.factors[2]!.level).toMatchObject({ steps: { path: 'working.links.0.interpretation.steps' } });
    expect(rows[0]!.factors[0]!.factor.path).toBe('working.links.0.relevance.factor');
    expect(rows[0]!.source).toMatchObject({
      id: 'lab',
      name: { path: 'input.sources.0.name', text: 'Source lab' },
      url: null,
    });
    expect(rows[0]!.passage).toEqual({ path: 'input.evidence.0.passage', text: 'Passage of q1.' });
  });

  it('explains the interpretation factor only when there were steps, and names the floor when it applied', () => {
    const rows = linkRows(lab, strict);
    expect(rows[0]!.factors[2]!.detail).toBeNull();
    expect(rows[3]!.factors[2]).toMatchObject({ level: { unit: 'step' }, detail: '1 − 0.15 × 1 = 0.85' });
    const floored = scoreUnder(
      strictModel({ interpretation: { stepCost: '0.15', floor: '0.1' } }),
      claim({ links: [{ id: 'far', steps: 8 }] }),
    );
    expect(
      linkRows(floored, strictModel({ interpretation: { stepCost: '0.15', floor: '0.1' } }))[0]!.factors[2],
    ).toMatchObject({
      level: { unit: 'steps' },
      detail: '1 − 0.15 × 8 = −0.2, raised to the floor 0.1',
      factor: { text: '0.1' },
    });
  });
});

describe('independence groups', () => {
  it('lists each (source, direction) group with its kept and dependent links', () => {
    const view = groupsView(lab);
    expect(view.everyLinkCounts).toBe(false);
    expect(view.dependentCount).toBe(1);
    // Three (source, direction) groups and q2 set aside, written as one string with its comma.
    expect(view.caption).toBe('3 groups, 1 dependent link set aside');
    expect(
      view.groups.map((g) => [g.source.id, g.direction, g.members.map((m) => [m.id, m.kept, m.keptAnchor])]),
    ).toEqual([
      [
        'lab',
        'supports',
        [
          ['q1', true, null],
          ['q2', false, 'link-q1'],
        ],
      ],
      ['inspectorate', 'supports', [['audit', true, null]]],
      ['blog', 'opposes', [['blog', true, null]]],
    ]);
  });

  it('says every link counts under count-every-link', () => {
    const counted = strictModel({ independence: 'count-every-link' });
    const view = groupsView(
      scoreUnder(
        counted,
        claim({
          links: [
            { id: 'a', source: 's' },
            { id: 'b', source: 's' },
          ],
        }),
      ),
    );
    expect(view.everyLinkCounts).toBe(true);
    expect(view.caption).toBe('1 group');
    expect(view.groups[0]!.members.every((m) => m.kept)).toBe(true);
  });

  it('sums only the kept links, each direction on its side', () => {
    const terms = sumTerms(lab);
    expect(terms.supporting.map((t) => t.id)).toEqual(['q1', 'audit']);
    expect(terms.opposing.map((t) => [t.id, t.weight.text])).toEqual([['blog', '0.022312']]);
  });
});

describe('state thresholds', () => {
  it('marks the row the claim falls in and places it on the scale', () => {
    const rows = thresholdRows(lab, strict);
    expect(rows.filter((r) => r.current).map((r) => (typeof r.state === 'string' ? r.state : r.state.text))).toEqual([
      'very-likely',
    ]);
    expect(rows.map((r) => r.range)).toEqual([
      '0 ≤ p < 0.1',
      '0.1 ≤ p < 0.3',
      '0.3 ≤ p < 0.7',
      '0.7 ≤ p < 0.9',
      '0.9 ≤ p ≤ 1',
    ]);
    expect(rows.map((r) => [r.start, r.width])).toEqual([
      ['0', '10'],
      ['10', '20'],
      ['30', '40'],
      ['70', '20'],
      ['90', '10'],
    ]);
    expect(rows[4]!.from).toEqual({ path: 'working.state.thresholds.4.from', text: '0.9' });
    expect(probabilityPercent(lab)).toBe(String(Number(lab.result.probability) * 100));
  });

  it('shows the model’s own thresholds, with no row marked, for a refusal', () => {
    const refused = score(claim({ type: 'prediction' }));
    const rows = thresholdRows(refused, strict);
    expect(rows.some((r) => r.current)).toBe(false);
    expect(rows[0]!.state).toBe('very-unlikely');
    expect(probabilityPercent(refused)).toBeNull();
  });
});

describe('stability', () => {
  it('reads both re-scores, marks the highest and lowest and says why the level is what it is', () => {
    const view = stabilityView(lab, strict)!;
    expect(view.rescores.map((r) => [r.scale.text, r.highest, r.lowest])).toEqual([
      ['0.7', false, true],
      ['1.3', true, false],
    ]);
    expect(view.rescores.map((r) => r.expression)).toEqual([
      `0.000000 + 0.7 × ${lab.working.sum!.kept}`,
      `0.000000 + 1.3 × ${lab.working.sum!.kept}`,
    ]);
    expect([view.largest.path, view.smallest.path]).toEqual([
      'working.stability.rescores.1.probability',
      'working.stability.rescores.0.probability',
    ]);
    expect(view.rescores[0]!.probability.path).toBe('working.stability.rescores.0.probability');
    expect(view.capped).toBe(false);
    expect(view.why).toMatch(/^The spread \d\.\d{4} is (within|above)/);
  });

  it('explains the cap when too few distinct sources count', () => {
    const weak = score(claim({ links: [{ id: 'rumour', relevance: 'touches-subject', observation: 'rumour' }] }));
    const view = stabilityView(weak, strict)!;
    expect(view).toMatchObject({ capped: true, measuredLevel: 'high', level: { text: 'medium' } });
    expect(view.why).toContain(
      'come from 1 distinct source, fewer than the 2 this model requires for high, so it is capped at medium',
    );
    const against = stabilityView(
      score(claim({ type: 'causal', links: [{ id: 'x', direction: 'opposes' }] })),
      strict,
    )!;
    expect(against.rescores[0]!.expression).toBe('−0.847298 + 0.7 × (−1.000000)');
  });

  it('shows the log-odds column with the weights’ places, as the issue’s “-0.7” beside 6-place values asks', () => {
    // A factual claim starts at 0.000000; one opposing link of weight 1.000000 re-scored at 0.7 is
    // 0 + 0.7 × (−1) = −0.7 exactly, which the trace writes "-0.7" and the page shows as −0.700000.
    const view = stabilityView(score(claim({ links: [{ id: 'x', direction: 'opposes' }] })), strict)!;
    expect(view.rescores.map((r) => r.logOdds.text)).toEqual(['-0.7', '-1.3']);
    expect(view.rescores[0]!.expression).toBe('0.000000 + 0.7 × (−1.000000)');
    expect(view.columns).toEqual({ scale: 1, logOdds: 6 });
  });

  it('is absent for a refusal', () => {
    expect(stabilityView(score(claim({ type: 'prediction' })), strict)).toBeNull();
  });
});
