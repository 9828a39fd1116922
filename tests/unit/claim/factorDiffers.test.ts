import { describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { loadLedger } from '../../../src/lib/input/load.ts';
import { linkRows } from '../../../src/lib/claim/steps/evidence.ts';
import { scoreOf } from '../../support/score.ts';

describe('each factor that differs from the default’s, in its own cell', () => {
  const ROOT = join(import.meta.dirname, '../../..');
  const { ledger } = loadLedger({ content: join(ROOT, 'content'), models: join(ROOT, 'models') });
  const model = (id: string) => ledger!.models.find((m) => m.id === id)!.model;
  const claim = (slug: string) => ledger!.claims.find((c) => c.slug === slug)!.claim;
  const STRICT = 'ledger-strict@0.1.0';
  const DEFAULT = 'ledger@1.1.0';
  /** Each link's factors that carry a mark, as [link, factor, mark]. */
  const marked = (slug: string, id: string, withDefault: boolean) =>
    linkRows(
      scoreOf(model(id), claim(slug), slug),
      model(id),
      withDefault ? { id: DEFAULT, model: model(DEFAULT) } : null,
    ).flatMap((row) => row.factors.filter((f) => f.differs !== null).map((f) => [row.id.text, f.name, f.differs]));

  it('marks the second-hand report, 0.35 under ledger-strict and 0.4 under the default, and nothing else', () => {
    // The other link: bears directly (1 in both), official record (0.9 in both), 1 interpretation
    // step (1 − 0.15 = 0.85 in both: neither floor, 0 nor 0.1, is reached), verified (1 in both).
    expect(marked('millford-bus-ridership-fell', STRICT, true)).toEqual([
      ['gazette-report', 'observation', '0.4 under ledger@1.1.0'],
    ]);
  });

  it('marks an interpretation factor that reaches a different floor', () => {
    // 9 steps: 1 − 9 × 0.15 = −0.35, raised to the floor: 0 under ledger-strict, 0.1 under the default.
    expect(marked('eastbrook-free-school-meals', STRICT, true)).toEqual([
      ['meals-invoiced', 'interpretation', '0.1 under ledger@1.1.0'],
    ]);
  });

  it('marks nothing on a page under the default model', () => {
    expect(marked('millford-bus-ridership-fell', DEFAULT, false)).toEqual([]);
  });
});
