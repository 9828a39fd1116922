/**
 * A claim's explanation under a model (docs/design.md §6a), worked by the engine from the site's released
 * models, once per claim and model in a process, and written as it is published.
 */
import { createExplainer, type Explainer, type Explanation } from '../../engine/explain/index.ts';
import type { Site } from '../site/types.ts';

const explainers = new WeakMap<Site['models'], Explainer>();
const recent = new Map<string, Explanation>();
/** How many explanations are kept: a claim's page and its explain.json ask for the same one. */
const KEPT = 64;

/** The explanation of `slug` under the model `model`. */
export function explanationOf(site: Site, slug: string, model: string): Explanation {
  let explainer = explainers.get(site.models);
  if (explainer === undefined) {
    explainer = createExplainer(site.models.map((m) => m.model));
    explainers.set(site.models, explainer);
  }
  const key = `${slug}\u0000${model}`;
  let found = recent.get(key);
  if (found === undefined) {
    // The claim as its trace holds it: a server has the traces, not the claim files.
    found = explainer.explain(slug, site.trace(slug, model).input, model);
    if (recent.size >= KEPT) recent.delete(recent.keys().next().value!);
    recent.set(key, found);
  }
  return found;
}

/** An explanation as published: one line of JSON and a final newline, as a trace is. */
export function explanationJson(explanation: Explanation): string {
  return `${JSON.stringify(explanation)}\n`;
}
