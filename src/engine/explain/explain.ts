/** A claim's explanation under one model (docs/design.md §6a), worked from the claim and every released model. */
import type { Json } from '../canonical.ts';
import { hashOf } from '../canonical.ts';
import { inputHashOf } from '../inputHash.ts';
import { perRules } from '../perRules.ts';
import { rulesOf, type Rules } from '../rules.ts';
import type { Claim, Model } from '../types.ts';
import { acrossModels } from './acrossModels.ts';
import { briefOf } from './brief.ts';
import { distanceOf } from './distance.ts';
import { stateChangingEdits, type LevelOrder } from './edits.ts';
import { outcomeOf } from './outcome.ts';
import { withoutEachLink } from './withoutLink.ts';
import { EXPLAIN_FORMAT, type Explanation } from './types.ts';

/** The order a model declares its relevance and observation levels in (its tables' key order). */
export function declaredLevels(model: Model): LevelOrder {
  return { relevance: Object.keys(model.relevance), observation: Object.keys(model.observation) };
}

const configHashOf = perRules((rules) => hashOf(rules.model as unknown as Json));

/** Explains claims under the released models: rules parsed once, each claim explained under any of them. */
export interface Explainer {
  /** The claim `slug` under the model `modelId` (one of the explainer's models). */
  explain(slug: string, claim: Claim, modelId: string): Explanation;
}

/**
 * Makes an explainer for the released models, in the site's order. `levels` gives a model's
 * declared level order where its object's key order is not the declaration's (a canonical JSON).
 */
export function createExplainer(
  models: readonly Model[],
  levels: (model: Model) => LevelOrder = declaredLevels,
): Explainer {
  const all: Rules[] = models.map(rulesOf);
  const byId = new Map(all.map((rules) => [rules.id, rules]));
  return {
    explain(slug, claim, modelId) {
      const rules = byId.get(modelId);
      if (rules === undefined) throw new Error(`no released model ${modelId}`);
      const order = levels(rules.model);
      const whole = outcomeOf(rules, claim.type, claim.evidence);
      let parts: Pick<Explanation, 'withoutLink' | 'distance' | 'edits'> = {
        withoutLink: null,
        distance: null,
        edits: null,
      };
      if (whole.scored) {
        const without = withoutEachLink(rules, claim.type, claim.evidence, whole);
        parts = {
          withoutLink: without.rows,
          distance: distanceOf(rules, whole.x),
          edits: stateChangingEdits(rules, order, claim.type, claim.evidence, whole, without.outcomes),
        };
      }
      return {
        explainFormat: EXPLAIN_FORMAT,
        claim: slug,
        model: rules.id,
        configHash: configHashOf(rules),
        inputHash: inputHashOf(claim),
        levels: { relevance: [...order.relevance], observation: [...order.observation] },
        result: briefOf(rules, whole),
        ...parts,
        models: acrossModels(rules, whole, all, claim),
      };
    },
  };
}
