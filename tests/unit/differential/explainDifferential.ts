/**
 * Explanations both ways: the engine's explain module in-process and the Python reference's
 * `explain-batch` in one process, compared as published (one line of JSON each).
 */
import { spawnSync } from 'node:child_process';
import { createExplainer, declaredLevels } from '../../../src/engine/explain/index.ts';
import { canonicalJson, modelId, type Claim, type Json, type Model } from '../../../src/engine/index.ts';
import { caseFromSeed } from '../../support/random.ts';
import { REFERENCE } from './differential.ts';

/** One claim explained under one of a set of models. */
export interface ExplainCase {
  readonly slug: string;
  readonly claim: Claim;
  readonly models: readonly Model[];
  readonly page: string;
}

/** The reference's explanation of each case, one per case (`{error}` for one it refused). */
export function referenceExplanations(cases: readonly ExplainCase[]): string[] {
  const input = cases
    .map((c) =>
      JSON.stringify({
        slug: c.slug,
        model: c.page,
        models: c.models.map((m) => [modelId(m), JSON.parse(canonicalJson(m as unknown as Json)) as unknown]),
        claim: c.claim,
        levels: declaredLevels(c.models.find((m) => modelId(m) === c.page)!),
      }),
    )
    .join('\n');
  const run = spawnSync('python3', [REFERENCE, 'explain-batch'], { input, encoding: 'utf8', maxBuffer: 1 << 30 });
  if (run.status !== 0) throw new Error(`reference explain-batch failed (exit ${run.status}): ${run.stderr}`);
  const lines = run.stdout.split('\n').filter((line) => line !== '');
  if (lines.length !== cases.length) throw new Error(`reference gave ${lines.length} lines for ${cases.length} cases`);
  return lines;
}

/** The cases (engine line, reference line) that differ. */
export function explainMismatches(
  cases: readonly ExplainCase[],
): { case: ExplainCase; engine: string; reference: string }[] {
  const reference = referenceExplanations(cases);
  return cases.flatMap((c, i) => {
    let engine: string;
    try {
      engine = JSON.stringify(createExplainer(c.models).explain(c.slug, c.claim, c.page));
    } catch (error) {
      engine = `engine threw: ${(error as Error).message}`;
    }
    return engine === reference[i] ? [] : [{ case: c, engine, reference: reference[i]! }];
  });
}

const TABLES = ['relevance', 'observation', 'authenticity', 'extraction'] as const;

/**
 * The case of a seed explained beside a second random model that declares the same levels (with
 * its own factors where it has the level), so that every setting may differ between the two.
 */
export function pairedCase(seed: number): ExplainCase {
  const a = caseFromSeed(seed);
  const b = caseFromSeed(seed + 1_000_003).model;
  const other: Model = { ...b, name: 'fuzz-other' };
  const merged = Object.fromEntries(
    TABLES.map((table) => [
      table,
      Object.fromEntries(
        Object.keys(a.model[table]).map((level) => [level, b[table][level] ?? a.model[table][level]!]),
      ),
    ]),
  );
  const models = [a.model, { ...other, ...merged }];
  return { slug: a.slug, claim: a.claim, models, page: modelId(models[seed % 2]!) };
}
