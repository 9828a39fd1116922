/**
 * A static build on threads gives its compare pages the settings that moved each claim from the
 * explanations its threads published (explain.json) rather than working them again: the pages must
 * say exactly what they say when the moves are worked on the page, for every pair of the released
 * models and every page, on the repository's claims and on synthetic ones of every type and level.
 */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createExplainer } from '../../../src/engine/explain/index.ts';
import { createScorer, type Claim, type Trace } from '../../../src/engine/index.ts';
import { loadLedger } from '../../../src/lib/input/load.ts';
import { comparePageCount, orderedPairs } from '../../../src/lib/model/compare.ts';
import { comparePageView, type KnownMoves } from '../../../src/lib/model/comparePages.ts';
import { summarise, type SiteClaim } from '../../../src/lib/site/records.ts';
import type { Site } from '../../../src/lib/site/types.ts';
import { syntheticClaim, syntheticSlug } from '../../../scripts/dev/bench/synthetic.ts';

const ROOT = join(import.meta.dirname, '../../..');
const { ledger } = loadLedger({ content: join(ROOT, 'content'), models: join(ROOT, 'models') });
const models = ledger!.models;
const SIZE = 10;

type CompareSite = Pick<Site, 'claims' | 'summary' | 'model' | 'trace'>;

/** Enough of a site for its compare pages: the claims scored under every released model. */
function siteOf(claims: readonly { slug: string; claim: Claim }[]): CompareSite {
  const scorers = new Map(models.map((m) => [m.id, createScorer(m.model, 'test')]));
  const traces = new Map<string, Trace>();
  const trace = (slug: string, model: string): Trace => {
    const key = `${slug} ${model}`;
    let found = traces.get(key);
    if (found === undefined) {
      const claim = claims.find((c) => c.slug === slug)!.claim;
      traces.set(key, (found = scorers.get(model)!.score(slug, claim)));
    }
    return found;
  };
  return {
    claims: claims as unknown as readonly SiteClaim[],
    trace,
    summary: (slug, model) => summarise(trace(slug, model)),
    model: (id) => models.find((m) => m.id === id)!,
  };
}

type Settings = ReturnType<KnownMoves>;

/** The moves as a build's threads publish them: each claim's explanation, once, through its JSON. */
function published(site: CompareSite): { known: KnownMoves; given: () => number } {
  const explainer = createExplainer(models.map((m) => m.model));
  type File = { models: { model: string; settings: Settings }[] };
  const files = new Map<string, File>();
  let given = 0;
  const known: KnownMoves = (slug, a, b) => {
    const key = `${slug} ${a}`;
    let file = files.get(key);
    if (file === undefined)
      files.set(
        key,
        (file = JSON.parse(JSON.stringify(explainer.explain(slug, site.trace(slug, a).input, a))) as File),
      );
    given += 1;
    return file.models.find((row) => row.model === b)!.settings;
  };
  return { known, given: () => given };
}

/** Every page of every ordered pair, with the moves worked on the page and with `known`'s. */
function everyPage(site: CompareSite, known: KnownMoves): { worked: unknown[]; read: unknown[]; reasons: number } {
  const worked: unknown[] = [];
  const read: unknown[] = [];
  let reasons = 0;
  for (const [a, b] of orderedPairs(models.map((m) => m.id)))
    for (let page = 1; page <= comparePageCount(site.claims.length, SIZE); page++) {
      const view = comparePageView(site, a, b, page, SIZE);
      reasons += view.differ.reduce((n, d) => n + d.reasons.length, 0);
      worked.push(view);
      read.push(comparePageView(site, a, b, page, SIZE, known));
    }
  return { worked, read, reasons };
}

describe('compare pages from the published explanations', () => {
  it('say what they say when the moves are worked on the page, on the repository’s claims', () => {
    const site = siteOf(ledger!.claims.map((c) => ({ slug: c.slug, claim: c.claim })));
    const { known, given } = published(site);
    const { worked, read, reasons } = everyPage(site, known);
    expect(reasons).toBeGreaterThan(50);
    expect(given()).toBeGreaterThan(50);
    expect(read).toEqual(worked);
  });

  it('say what they say when the moves are worked on the page, on 60 synthetic claims', () => {
    const site = siteOf(Array.from({ length: 60 }, (_, i) => ({ slug: syntheticSlug(i), claim: syntheticClaim(i) })));
    const { known, given } = published(site);
    const { worked, read, reasons } = everyPage(site, known);
    expect(reasons).toBeGreaterThan(500);
    expect(given()).toBeGreaterThan(500);
    expect(read).toEqual(worked);
  });

  it('take the moves they are given (a claim said to move by no single setting says so)', () => {
    const site = siteOf(ledger!.claims.map((c) => ({ slug: c.slug, claim: c.claim })));
    const [a, b] = [models[0]!.id, models[1]!.id];
    const view = comparePageView(site, a, b, 1, SIZE, () => []);
    expect(view.differ.length).toBeGreaterThan(0);
    for (const d of view.differ) expect(d.reasons.map((r) => r.path)).toEqual(['together']);
  });
});
