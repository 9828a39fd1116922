/**
 * Differential checking: the same random cases scored by the TypeScript engine in-process and by
 * the Python reference through one `batch` process, compared field by field.
 */
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { createScorer, type Trace } from '../../../src/engine/index.ts';
import { COMPARED_FIELDS, compareJson, show } from '../../../src/lib/verify/index.ts';
import { REPO_ROOT } from '../../support/cli.ts';
import { caseFromSeed, type RandomCase } from '../../support/random.ts';
import { TEST_CODE_HASH } from '../../support/score.ts';

/** The reference implementation's script. */
export const REFERENCE = join(REPO_ROOT, 'reference', 'ledger.py');

/** A case the two implementations disagree on, with the seed that regenerates it. */
export interface Mismatch {
  readonly seed: number;
  readonly case: RandomCase;
  readonly differences: readonly string[];
}

/** Scores cases with the reference's `batch` command in one process; one trace (or `{error}`) per case. */
export function referenceBatch(cases: readonly RandomCase[]): unknown[] {
  const input = cases.map((c) => JSON.stringify({ slug: c.slug, model: c.model, claim: c.claim })).join('\n');
  const run = spawnSync('python3', [REFERENCE, 'batch'], { input, encoding: 'utf8', maxBuffer: 1 << 30 });
  if (run.status !== 0) throw new Error(`reference batch failed (exit ${run.status}): ${run.stderr}`);
  const lines = run.stdout.split('\n').filter((line) => line !== '');
  if (lines.length !== cases.length)
    throw new Error(`reference batch gave ${lines.length} traces for ${cases.length} cases`);
  return lines.map((line) => JSON.parse(line) as unknown);
}

/**
 * The fields in which two traces differ, as `field: engine X, reference Y`: the published fields
 * verify compares, and every leaf of the working (each intermediate figure the pages print), so
 * that an engine whose result is right for a wrong reason, or whose working shows a figure the
 * arithmetic did not use, is caught too.
 */
export function differences(engine: Trace, reference: unknown): string[] {
  if (reference === null || typeof reference !== 'object' || 'error' in reference)
    return [`reference refused: ${show(reference)}`];
  const found: { field: string; expected: unknown; published: unknown }[] = [];
  const ref = reference as Record<string, unknown>;
  for (const field of [...COMPARED_FIELDS, 'working'] as const) compareJson(engine[field], ref[field], field, found);
  return found.map((d) => `${d.field}: engine ${show(d.expected)}, reference ${show(d.published)}`);
}

/** Scores the cases of seeds `first` to `first + count - 1` both ways; returns every mismatch. */
export function differential(first: number, count: number): Mismatch[] {
  const seeds = Array.from({ length: count }, (_, i) => (first + i) | 0);
  const cases = seeds.map(caseFromSeed);
  const reference = referenceBatch(cases);
  const mismatches: Mismatch[] = [];
  cases.forEach((c, i) => {
    let found: string[];
    try {
      found = differences(createScorer(c.model, TEST_CODE_HASH).score(c.slug, c.claim), reference[i]);
    } catch (error) {
      found = [`engine threw: ${(error as Error).message}`];
    }
    if (found.length > 0) mismatches.push({ seed: seeds[i]!, case: c, differences: found });
  });
  return mismatches;
}

/** A mismatch as a report: the seed that regenerates it, what differs, and the case itself. */
export function describeMismatch(m: Mismatch): string {
  return [
    `seed ${m.seed} (rerun with: npm run fuzz -- --seed ${m.seed} --cases 1)`,
    ...m.differences.map((d) => `  ${d}`),
    `  case: ${JSON.stringify({ slug: m.case.slug, model: m.case.model, claim: m.case.claim })}`,
  ].join('\n');
}
