/** The small tables of the default model's figures that `/contribute/` shows beside a field. */
import { describe, expect, it } from 'vitest';
import { fieldTables } from '../../../src/lib/authoring/fieldTables.ts';
import { strictModel } from '../../support/model.ts';

describe('fieldTables', () => {
  const tables = fieldTables(strictModel());

  it('stands a table under the type, interpretation, review check and vote fields', () => {
    expect(Object.keys(tables)).toEqual(['type', 'evidence.interpretationSteps', 'reviews.check', 'votes.reputation']);
  });

  it('lists each scored type with its prior, the type as code', () => {
    const { rows, code, headed } = tables['type']!;
    expect([code, headed]).toEqual([true, true]);
    expect(rows.map((r) => r.slice(0, 2))).toEqual([
      ['factual', '0.5'],
      ['statistical', '0.5'],
      ['causal', '0.3'],
    ]);
  });

  it('works the interpretation factor down to the floor and says where it is reached', () => {
    const table = tables['evidence.interpretationSteps']!;
    // Seed 000: 1 − 0.15 × n reaches the floor 0 at n = 7 (ceil(1 / 0.15)).
    expect(table.caption.after).toBe(': max(0, 1 − 0.15 × steps)');
    expect(table.rows[1]).toEqual(['1', '0.85']);
    expect(table.rows[7]).toEqual(['7', '0.00 (the floor)']);
    expect(table.rows).toHaveLength(8);
  });

  it('names every check the model declares, and each vote weight by reputation without a row header', () => {
    expect(tables['reviews.check']!.rows.map((r) => r[0])).toEqual([
      'primary-source-reviewed',
      'opposing-search-done',
      'independence-reviewed',
      'qualifiers-reviewed',
    ]);
    const weights = tables['votes.reputation']!;
    expect(weights.headed).toBe(false);
    // max(0.1, ln(1 + 0)) is the floor 0.1, at the weight's 6 places.
    expect(weights.rows[0]).toEqual(['0', '0.100000 (the floor)']);
    expect(weights.rows.at(-1)![0]).toBe('10000');
  });
});
