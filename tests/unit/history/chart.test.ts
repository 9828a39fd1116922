/** The picture of a claim's probability over time: coordinates, a line broken where there is no probability, and its text alternative. */
import { describe, expect, it } from 'vitest';
import type { Trace } from '../../../src/engine/index.ts';
import { historyChart } from '../../../src/lib/history/chart.ts';
import type { HistoryEntry } from '../../../src/lib/history/claimHistory.ts';

function entry(date: string, short: string, state: string, probability: string | null): HistoryEntry {
  const trace = { result: { state, probability } } as unknown as Trace;
  const score = { model: 'm@1.0.0', trace, why: null };
  return {
    revision: {
      commit: short.padEnd(40, '0'),
      short,
      date: `${date}T12:00:00Z`,
      subject: 's',
      path: 'p',
      slug: 'x',
      defaultModel: 'm@1.0.0',
    },
    changes: [],
    problems: [],
    then: score,
    today: score,
    scoreChanged: true,
  };
}

describe('historyChart', () => {
  it('places revisions by their time, puts probability 1 at the top and 0 at the bottom, and breaks the line at a refusal', () => {
    const chart = historyChart(
      [
        entry('2026-10-01', 'aaa', 'likely', '0.7500'),
        entry('2026-10-02', 'bbb', 'insufficient-evidence', null),
        entry('2026-10-03', 'ccc', 'uncertain', '0.2500'),
        entry('2026-10-04', 'ddd', 'likely', '1.0000'),
      ],
      'm@1.0.0',
    )!;
    // Four noons a day apart over the plot from 44 to 356: 104 units a day.
    expect(chart.points.map((p) => p.x)).toEqual([44, 148, 252, 356]);
    // Probability 1 at the top (10), 0 at the bottom (160): 150 units.
    expect(chart.points.map((p) => p.y)).toEqual([10 + 0.25 * 150, null, 10 + 0.75 * 150, 10]);
    expect(chart.path).toBe('M44 47.5 M252 122.5 L356 10');
    expect(chart.guides.map((g) => [g.label, g.y])).toEqual([
      ['0', 160],
      ['0.5', 85],
      ['1', 10],
    ]);
  });

  it('puts revisions of one day together and a month later far to the right, on a time axis', () => {
    const same = (time: string, short: string): HistoryEntry => {
      const e = entry('2026-11-30', short, 'likely', '0.7000');
      return { ...e, revision: { ...e.revision, date: `2026-11-30T${time}Z` } };
    };
    const chart = historyChart(
      [same('09:00:00', 'aaa'), same('10:00:00', 'bbb'), entry('2026-12-30', 'ccc', 'likely', '0.7000')],
      'm@1.0.0',
      [
        { state: 'unlikely', from: '0' },
        { state: 'likely', from: '0.5' },
      ],
    )!;
    const [a, b, c] = chart.points.map((p) => p.x);
    expect(b! - a!).toBeLessThan(1);
    expect(c! - b!).toBeGreaterThan(300);
    expect(chart.caption).toContain('3 revisions on 2 days');
    // The model's states as bands: 0 to 0.5 at the bottom, 0.5 to 1 above.
    expect(chart.bands).toEqual([
      { state: 'unlikely', y: 85, height: 75 },
      { state: 'likely', y: 10, height: 75 },
    ]);
  });

  it('states every figure, as the trace writes it, in its text alternative', () => {
    const chart = historyChart(
      [entry('2026-10-01', 'aaa', 'likely', '0.7500'), entry('2026-10-03', 'ccc', 'insufficient-evidence', null)],
      'm@1.0.0',
    )!;
    expect(chart.alt).toBe(
      'The probability under m@1.0.0 at each revision, oldest first: 2026-10-01 (aaa) 0.7500; 2026-10-03 (ccc) no probability (insufficient evidence).',
    );
  });

  it('draws nothing when no revision has a probability', () => {
    expect(historyChart([entry('2026-10-01', 'aaa', 'not-applicable', null)], 'm@1.0.0')).toBeNull();
    expect(historyChart([], 'm@1.0.0')).toBeNull();
  });

  it('puts a single revision in the middle', () => {
    const chart = historyChart([entry('2026-10-01', 'aaa', 'likely', '0.5000')], 'm@1.0.0')!;
    expect(chart.points[0]!.x).toBe(200);
    expect(chart.path).toBe('M200 85');
  });
});
