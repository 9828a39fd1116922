/**
 * The engine's `settingsMoving` and the outcomes beside it, worked for every pair of models of one
 * claim with nothing worked twice: a claim's outcome under each model once (not once per pair it
 * is in), and its outcome under a model with one setting taken from another once for every pair
 * that puts the same value there (ledger@1.0.0 with the sceptic's prior and with the strict
 * model's, when the two declare the same one). The moves are the engine's, in its order: a unit
 * test compares them with `settingsMoving` on every pair of the released models.
 */
import { briefOf, moved } from '../../engine/explain/brief.ts';
import {
  candidateSettings,
  outcomeOf,
  substitutedRules,
  type Outcome,
  type SettingMove,
} from '../../engine/explain/index.ts';
import { byCodeUnit } from '../../engine/order.ts';
import { recentlyUsed } from '../../engine/perRules.ts';
import { unitsText } from '../../engine/units.ts';
import { dec, rulesOf, type Claim, type Model, type Rules } from '../../engine/index.ts';

const rulesByModel = new WeakMap<Model, Rules>();

/** A model's rules, made once per model. */
export function rulesFor(model: Model): Rules {
  let rules = rulesByModel.get(model);
  if (rules === undefined) rulesByModel.set(model, (rules = rulesOf(model)));
  return rules;
}

/** Each recent claim's outcome under each rules it was worked under (a claim's pairs come one after another). */
const outcomes = recentlyUsed<Claim, Map<Rules, Outcome>>(() => new Map());

/** `outcomeOf(rules, claim.type, claim.evidence)`, worked once per claim and rules while the claim is recent. */
export function outcomeFor(rules: Rules, claim: Claim): Outcome {
  const known = outcomes(claim);
  let outcome = known.get(rules);
  if (outcome === undefined) {
    outcome = outcomeOf(rules, claim.type, claim.evidence);
    known.set(rules, outcome);
  }
  return outcome;
}

/** Whether two outcomes have the same state, posterior log-odds and probability (the engine's test). */
function sameResult(ra: Rules, a: Outcome, rb: Rules, b: Outcome): boolean {
  if (a.state !== b.state || !a.scored || !b.scored) return a.state === b.state && a.scored === b.scored;
  if (moved(a, b).units !== 0n) return false;
  const p = briefOf(ra, a).probability!;
  const q = briefOf(rb, b).probability!;
  return p === q || dec(p).equals(dec(q));
}

/** `settingsMoving(rulesFor(page), outcomeFor(…), other, claim)`: the same moves in the same order. */
export function pairMoves(page: Model, other: Model, claim: Claim): SettingMove[] {
  const rules = rulesFor(page);
  const pageOutcome = outcomeFor(rules, claim);
  const rows: SettingMove[] = [];
  for (const path of candidateSettings(page, other, claim)) {
    const with1 = substitutedRules(rules, other, path);
    const outcome = outcomeFor(with1, claim);
    if (sameResult(with1, outcome, rules, pageOutcome)) continue;
    rows.push({
      setting: path,
      state: outcome.state,
      posteriorLogOdds: outcome.scored ? unitsText(outcome.x, outcome.w) : null,
      change: moved(outcome, pageOutcome).text,
    });
  }
  // Changes written at different places compare as decimals.
  const size = (row: SettingMove) => (row.change === null ? null : dec(row.change).abs());
  return rows.sort((a, b) => {
    const x = size(a);
    const y = size(b);
    if (x === null || y === null) return x === y ? byCodeUnit(a.setting, b.setting) : x === null ? -1 : 1;
    return y.comparedTo(x) || byCodeUnit(a.setting, b.setting);
  });
}
