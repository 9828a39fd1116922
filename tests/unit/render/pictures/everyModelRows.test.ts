/**
 * The every-model strip and its CSV are drawn from the claim's explanation; the models step's
 * picture and its CSV from each model's trace. Both say the same numbers only if the explanation's
 * every-model rows are the traces' states and probabilities, on claims that use every level and type.
 */
import { describe, expect, it } from 'vitest';
import { createExplainer } from '../../../../src/engine/explain/index.ts';
import { createScorer } from '../../../../src/engine/index.ts';
import { getSite } from '../../../../src/lib/site/site.ts';
import { syntheticClaim, syntheticSlug } from '../../../../scripts/dev/bench/synthetic.ts';

describe('the every-model strip', () => {
  it('reads the states and probabilities the explanation gives every model from the traces', () => {
    const site = getSite();
    const explainer = createExplainer(site.models.map((m) => m.model));
    const scorers = site.models.map((m) => createScorer(m.model, site.codeHash));
    for (let i = 0; i < 300; i++) {
      const [slug, claim] = [syntheticSlug(i), syntheticClaim(i, 3)];
      const results = scorers.map((s) => s.score(slug, claim).result);
      const explained = explainer.explain(slug, claim, site.models[i % site.models.length]!.id).models;
      expect(explained.map((r) => [r.model, r.state, r.probability])).toEqual(
        site.models.map((m, j) => [m.id, results[j]!.state, results[j]!.probability]),
      );
    }
  });
});
