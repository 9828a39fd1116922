/**
 * The table of two models' settings that the compare pages and the model page's "where it differs"
 * share: every setting and value in words, never a dotted path or a raw id.
 */
import { describe, expect, it } from 'vitest';
import { modelDiff, type SideBySideRow } from '../../../src/lib/model/sideBySide.ts';
import { settingsTable } from '../../../src/lib/model/settingWords.ts';
import { strictModel, withRounding } from '../../support/model.ts';

describe('settingsTable', () => {
  const a = strictModel();
  const states = a.states.map((s, i) => (i === 3 ? { ...s, from: '0.75' } : s));
  const b = withRounding(strictModel({ observation: { ...a.observation, rumour: '0.05' }, states }), {
    mode: 'half-up',
  });

  it('names each differing setting in words and writes ids among the values in words', () => {
    const [group, ...more] = settingsTable(modelDiff(a, b), b, false);
    expect(more).toEqual([]);
    expect(group!.heading).toBeNull();
    expect(group!.rows.map((r) => [r.label, r.a.text, r.b.text])).toEqual([
      ['Weight for a rumour', '0.1', '0.05'],
      ['Where “likely” starts', '0.7', '0.75'],
      ['Rounding rule', 'half even', 'half up'],
    ]);
    expect(group!.rows.every((r) => r.differs && !r.a.absent && !r.b.absent)).toBe(true);
    expect(group!.rows.map((r) => r.path)).toEqual(['observation.rumour', 'states[3].from', 'rounding.mode']);
  });

  it('says "not declared" for a setting one model lacks and "none" for a null, and groups by field in words', () => {
    const rows: SideBySideRow[] = [
      { path: 'notScored.prediction', section: 'notScored', a: 'Not yet resolved.', b: undefined, differs: true },
      { path: 'interpretation.floor', section: 'interpretation', a: '0', b: '0', differs: false },
      { path: 'interpretation.stepCost', section: 'interpretation', a: null, b: '0.15', differs: true },
    ];
    const groups = settingsTable(rows, a, true);
    expect(groups.map((g) => [g.heading, g.rows.length])).toEqual([
      ['Not scored', 1],
      ['Interpretation', 2],
    ]);
    const [lacking] = groups[0]!.rows;
    expect(lacking!.label).toBe('Why a prediction is not scored');
    expect(lacking!.b).toEqual({ text: 'not declared', absent: true });
    expect(groups[1]!.rows[1]!.a).toEqual({ text: 'none', absent: false });
  });
});
