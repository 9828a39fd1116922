/** The repository's own models and example claims, loaded and scored under every model by the real engine, for the content tests. */
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createScorer, dec, type Trace } from '../../src/engine/index.ts';
import { loadLedger, type Ledger, type LoadedClaim, type LoadedModel } from '../../src/lib/input/load.ts';

/** The repository's root folder. */
export const ROOT = fileURLToPath(new URL('../../', import.meta.url));
/** The repository's models and claims as the site loads them, with any problems. */
export const loaded = loadLedger({ content: join(ROOT, 'content'), models: join(ROOT, 'models') });
/** The loaded ledger. */
export const ledger: Ledger = loaded.ledger!;
/** Every released model. */
export const models: readonly LoadedModel[] = ledger?.models ?? [];
/** Every example claim. */
export const claims: readonly LoadedClaim[] = ledger?.claims ?? [];

/** Every claim's trace under every model: `traces.get(modelId).get(slug)`. */
export const traces = new Map<string, Map<string, Trace>>(
  models.map(({ id, model }) => {
    const scorer = createScorer(model, 'sha256:content-test');
    return [id, new Map(claims.map(({ slug, claim }) => [slug, scorer.score(slug, claim)]))];
  }),
);
/** Every claim's trace under one model. */
export const all = (id: string): Trace[] => [...traces.get(id)!.values()];
/** Every claim's trace under every model. */
export const everyTrace = (): Trace[] => [...traces.values()].flatMap((bySlug) => [...bySlug.values()]);
/** Every claim's trace under the default model. */
export const defaultTraces = (): Trace[] => all(ledger.defaultModel);
/** The loaded claim with this slug. */
export const claimNamed = (slug: string): LoadedClaim => claims.find((c) => c.slug === slug)!;
/** Every evidence link of every claim, with its claim. */
export const allLinks = () =>
  claims.flatMap(({ slug, claim }) => claim.evidence.map((link) => ({ slug, claim, link })));

/** The spread of probabilities a claim gets across the models that give it one. */
export function spreadOf(slug: string): number {
  const probabilities = models
    .map(({ id }) => traces.get(id)!.get(slug)!.result.probability)
    .filter((p): p is string => p !== null);
  if (probabilities.length < 2) return 0;
  const values = probabilities.map((p) => dec(p));
  return values
    .reduce((a, b) => (b.greaterThan(a) ? b : a))
    .minus(values.reduce((a, b) => (b.lessThan(a) ? b : a)))
    .toNumber();
}
