/**
 * The explanations (docs/design.md §6a) worked by the engine must be reproduced by the Python reference,
 * written apart: for every claim of the repository under every released model, and for random
 * claims under pairs of random models.
 */
import { describe, expect, it } from 'vitest';
import { modelId } from '../../../src/engine/index.ts';
import { repositoryContent } from '../verify/layout.ts';
import { explainMismatches, pairedCase } from './explainDifferential.ts';

const SEED = Number(process.env['LEDGER_FUZZ_SEED'] ?? 20261102);
const CASES = 400;

describe('explanations', () => {
  it(
    "of the repository's claims under every released model are reproduced by the reference",
    { timeout: 120_000 },
    () => {
      const { models, claims } = repositoryContent();
      const all = models.map((m) => m.model);
      const cases = claims.flatMap(({ slug, claim }) =>
        all.map((m) => ({ slug, claim, models: all, page: modelId(m) })),
      );
      const found = explainMismatches(cases);
      expect(found.slice(0, 2)).toEqual([]);
      expect(cases.length).toBe(claims.length * models.length);
    },
  );

  it(
    `of ${CASES} random claims under pairs of random models are reproduced by the reference`,
    { timeout: 120_000 },
    () => {
      const cases = Array.from({ length: CASES }, (_, i) => pairedCase(SEED + i));
      const found = explainMismatches(cases);
      const shown = found
        .slice(0, 2)
        .map((f) => `${f.case.slug} under ${f.case.page}\n  engine    ${f.engine}\n  reference ${f.reference}`);
      expect(shown, `${found.length} of ${CASES} differ`).toEqual([]);
    },
  );
});
