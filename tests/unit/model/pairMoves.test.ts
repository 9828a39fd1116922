/**
 * pairMoves shares a claim's outcomes between the pairs of models it is worked for; what it returns
 * must be the engine's settingsMoving for that pair, worked alone: the same settings, figures and
 * order, for every ordered pair of the released models, on the repository's claims and on
 * synthetic ones that use every level and claim type.
 */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { outcomeOf, settingsMoving } from '../../../src/engine/explain/index.ts';
import { rulesOf, type Claim } from '../../../src/engine/index.ts';
import { loadLedger } from '../../../src/lib/input/load.ts';
import { pairMoves } from '../../../src/lib/model/pairMoves.ts';
import { syntheticClaim } from '../../../scripts/dev/bench/synthetic.ts';

const ROOT = join(import.meta.dirname, '../../..');
const { ledger } = loadLedger({ content: join(ROOT, 'content'), models: join(ROOT, 'models') });
const models = ledger!.models;

/** Each model's rules made from a copy: the engine's caches for them are not pairMoves'. */
const ownRules = models.map((m) => rulesOf(structuredClone(m.model)));

/** The engine's moves for one pair, with rules and outcomes of its own (nothing shared). */
function alone(aIndex: number, bIndex: number, claim: Claim) {
  const rules = ownRules[aIndex]!;
  return settingsMoving(rules, outcomeOf(rules, claim.type, claim.evidence), models[bIndex]!.model, claim);
}

/** Every ordered pair's moves for each claim, pair after pair, as a store's compare rows ask for them. */
function everyPair(claims: readonly Claim[]): { shared: unknown[]; alone: unknown[]; moved: number } {
  const shared: unknown[] = [];
  const single: unknown[] = [];
  let moved = 0;
  for (const claim of claims)
    for (let a = 0; a < models.length; a++)
      for (let b = 0; b < models.length; b++) {
        if (a === b) continue;
        const moves = pairMoves(models[a]!.model, models[b]!.model, claim);
        moved += moves.length;
        shared.push(moves);
        single.push(alone(a, b, claim));
      }
  return { shared, alone: single, moved };
}

describe('pairMoves', () => {
  it('gives the engine’s settingsMoving for every pair of models on the repository’s claims', () => {
    const { shared, alone, moved } = everyPair(ledger!.claims.map((c) => c.claim));
    expect(moved).toBeGreaterThan(100);
    expect(shared).toEqual(alone);
  });

  it('gives the engine’s settingsMoving on 100 synthetic claims', () => {
    const { shared, alone, moved } = everyPair(Array.from({ length: 100 }, (_, i) => syntheticClaim(i, 11)));
    expect(moved).toBeGreaterThan(1000);
    expect(shared).toEqual(alone);
  });
});
