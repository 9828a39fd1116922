/**
 * A model with one setting from another takes the page model's link weights wherever that setting
 * cannot change them. Every weight it gives must be the one its own rules work out alone: for
 * every ordered pair of the released models, every setting the explanations substitute, and every
 * link of synthetic claims that use every level.
 */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { candidateSettings, substitutedRules } from '../../../../src/engine/explain/index.ts';
import { weightsUnder } from '../../../../src/engine/explain/substitution.ts';
import { linkWeight, rulesOf, type Claim } from '../../../../src/engine/index.ts';
import { loadLedger } from '../../../../src/lib/input/load.ts';
import { syntheticClaim } from '../../../../scripts/dev/bench/synthetic.ts';

const ROOT = join(import.meta.dirname, '../../../..');
const { ledger } = loadLedger({ content: join(ROOT, 'content'), models: join(ROOT, 'models') });
const models = ledger!.models.map((m) => m.model);
const claims: Claim[] = [
  ...ledger!.claims.map((c) => c.claim),
  ...Array.from({ length: 40 }, (_, i) => syntheticClaim(i, 11)),
];

describe('substituted rules', () => {
  it("weigh every link as their own rules do, sharing the page model's weights where the setting leaves them", () => {
    let shared = 0;
    let own = 0;
    const paths = new Set<string>();
    for (const page of models) {
      const pageRules = rulesOf(page);
      for (const other of models) {
        if (page === other) continue;
        for (const claim of claims)
          for (const path of candidateSettings(page, other, claim)) {
            paths.add(path.split('.')[0]!);
            const rules = substitutedRules(pageRules, other, path);
            const alone = rulesOf(structuredClone(rules.model));
            const weights = weightsUnder(rules, claim.evidence);
            for (const [i, link] of claim.evidence.entries()) {
              const weight = weights[i]!;
              const expected = linkWeight(alone, link);
              expect({ units: weight.units, working: weight.working, opposed: weight.opposedText }).toEqual({
                units: expected.units,
                working: expected.working,
                opposed: expected.opposedText,
              });
              if (weight === linkWeight(pageRules, link)) shared++;
              else own++;
            }
          }
      }
    }
    // Every kind of setting was substituted, and both ways of weighing were taken.
    expect([...paths].sort()).toEqual(
      [
        'authenticity',
        'extraction',
        'independence',
        'interpretation',
        'observation',
        'priors',
        'rounding',
        'states',
      ].sort(),
    );
    expect(shared).toBeGreaterThan(own);
    expect(own).toBeGreaterThan(0);
  });
});
