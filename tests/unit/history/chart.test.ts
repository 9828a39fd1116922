/** The picture of a claim's probability over time: coordinates, a line broken where there is no probability, and its text alternative. */
import { describe, expect, it } from 'vitest';
import type { Trace } from '../../../src/engine/index.ts';
import { CHART, historyChart } from '../../../src/lib/history/chart.ts';
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
  it('spaces revisions evenly, puts probability 1 at the top and 0 at the bottom, and breaks the line at a refusal', () => {
    const chart = historyChart(
      [
        entry('2026-10-01', 'aaa', 'likely', '0.7500'),
        entry('2026-10-02', 'bbb', 'insufficient-evidence', null),
        entry('2026-10-03', 'ccc', 'uncertain', '0.2500'),
        entry('2026-10-04', 'ddd', 'likely', '1.0000'),
      ],
      'm@1.0.0',
    )!;
    const plotTop = CHART.top;
    const plotHeight = CHART.height - CHART.top - CHART.bottom; // 100
    const step = (CHART.width - CHART.left - CHART.right) / 3; // 141.33…
    expect(chart.points.map((p) => p.x)).toEqual([
      '40.00',
      (40 + step).toFixed(2),
      (40 + 2 * step).toFixed(2),
      '464.00',
    ]);
    expect(chart.points.map((p) => p.y)).toEqual([
      (plotTop + 0.25 * plotHeight).toFixed(2),
      null,
      (plotTop + 0.75 * plotHeight).toFixed(2),
      `${plotTop}.00`,
    ]);
    expect(chart.path).toBe(`M40.00 37.00 M${(40 + 2 * step).toFixed(2)} 87.00 L464.00 12.00`);
    expect(chart.guides.map((g) => [g.label, g.y])).toEqual([
      ['0', '112.00'],
      ['0.5', '62.00'],
      ['1', '12.00'],
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
    expect(chart.points[0]!.x).toBe('252.00');
    expect(chart.path).toBe('M252.00 62.00');
  });
});
