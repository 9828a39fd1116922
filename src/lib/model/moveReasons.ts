/**
 * Why a claim comes out differently under two models, for every claim whose state or probability
 * differs: the declared settings of B that, put alone into A, change the claim's result under A,
 * largest move in log-odds first (the explanations' across-models part, docs/design.md §6a), each
 * as the sentence the claim pages use.
 */
import { outcomeOf, settingsMoving } from '../../engine/explain/index.ts';
import { rulesOf, type Claim, type Model, type Rules } from '../../engine/index.ts';
import { moveSentence } from '../claim/explainWords.ts';

const rulesByModel = new WeakMap<Model, Rules>();

/** The settings that moved `claim` from model A to model B, as sentences with their paths. */
export function moveReasons(
  models: { readonly a: Model; readonly b: Model; readonly aId: string; readonly bId: string },
  claim: Claim,
): { path: string; sentence: string }[] {
  let rules = rulesByModel.get(models.a);
  if (rules === undefined) rulesByModel.set(models.a, (rules = rulesOf(models.a)));
  const whole = outcomeOf(rules, claim.type, claim.evidence);
  return settingsMoving(rules, whole, models.b, claim).map((move) => ({
    path: move.setting,
    sentence: moveSentence(
      move,
      { model: models.a, name: `under ${models.aId}` },
      { model: models.b, name: models.bId },
      null,
    ),
  }));
}
