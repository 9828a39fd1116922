/**
 * The every-model strip's files (`every-model.svg` and `.csv`) are drawn from each model's trace,
 * not from the claim's explanation, so that a build works each explanation once (for its page and
 * explain.json). They must still be the strip the page draws from the explanation: the same SVG
 * and the same CSV for every repository claim under every model, and the explanation's every-model
 * rows must be the traces' states and probabilities on claims that use every level and type.
 */
import { describe, expect, it } from 'vitest';
import { createExplainer } from '../../../../src/engine/explain/index.ts';
import { createScorer } from '../../../../src/engine/index.ts';
import { explanationOf } from '../../../../src/lib/claim/explanation.ts';
import { modelStripSvg } from '../../../../src/lib/claim/html/modelStripSvg.ts';
import { everyModelRows } from '../../../../src/lib/claim/steps/explainView.ts';
import { claimPictureFile } from '../../../../src/lib/render/pictures/claimPictures.ts';
import { pictureCsv, standaloneSvg } from '../../../../src/lib/render/pictures/download.ts';
import { getSite } from '../../../../src/lib/site/site.ts';
import { syntheticClaim, syntheticSlug } from '../../../../scripts/dev/bench/synthetic.ts';

const yes = (b: boolean): string => (b ? 'yes' : 'no');

describe('the every-model strip as files', () => {
  it('is the strip the page draws from the explanation, for every claim under every model', () => {
    const site = getSite();
    const models = site.models.map((m) => ({ id: m.id, model: m.model }));
    let files = 0;
    for (const { slug } of site.claims)
      for (const { id, model } of site.models) {
        const rows = everyModelRows(site.trace(slug, id), explanationOf(site, slug, id), models, site.defaultModel.id);
        expect(claimPictureFile(site, slug, id, 'every-model', 'svg'), `${slug} under ${id}`).toBe(
          standaloneSvg(modelStripSvg(model, rows)),
        );
        expect(claimPictureFile(site, slug, id, 'every-model', 'csv'), `${slug} under ${id}`).toBe(
          pictureCsv(
            ['model', 'default', 'this_page', 'state', 'probability'],
            rows.map((r) => [r.model, yes(r.isDefault), yes(r.current), r.state, r.probability]),
          ),
        );
        files += 2;
      }
    expect(files).toBe(2 * site.claims.length * site.models.length);
  });

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
