/**
 * What a change does to the published numbers: two ledgers (a past revision and the working tree)
 * scored with the engine, and every claim × model whose state or probability is not the same on
 * both sides. Pure: the ledgers come in already read and validated.
 */
import { createScorer } from '../../engine/index.ts';
import type { LoadedClaim, LoadedModel } from '../input/load.ts';
import type { Problem } from '../input/problems.ts';

/** One side of a diff: the claims and released models of a revision. */
export interface LedgerSide {
  readonly claims: readonly LoadedClaim[];
  readonly models: readonly LoadedModel[];
  readonly defaultModel: string | null;
}

/** A published result as the diff compares it (docs/design.md §7). */
export interface Outcome {
  readonly state: string;
  readonly probability: string | null;
}

/** One claim under one model whose published result differs (docs/design.md §7's JSON shape). */
export interface DiffRow {
  readonly claim: string;
  readonly model: string;
  readonly before: Outcome | null;
  readonly after: Outcome | null;
}

/** Everything the diff found. */
export interface LedgerDiff {
  readonly rows: readonly DiffRow[];
  readonly claimsAdded: readonly string[];
  readonly claimsRemoved: readonly string[];
  readonly modelsAdded: readonly string[];
  readonly defaultBefore: string | null;
  readonly defaultAfter: string | null;
}

import { byCodeUnit } from '../../engine/order.ts';

/** Every claim of a side under every model of it, keyed `<slug> <model>`. */
function outcomes(side: LedgerSide, codeHash: string): Map<string, Outcome> {
  const out = new Map<string, Outcome>();
  for (const { id, model } of side.models) {
    const scorer = createScorer(model, codeHash);
    for (const { slug, claim } of side.claims) {
      const { state, probability } = scorer.score(slug, claim).result;
      out.set(`${slug} ${id}`, { state, probability });
    }
  }
  return out;
}

/** True when two outcomes publish the same state and probability. */
const same = (a: Outcome | null, b: Outcome | null): boolean =>
  a !== null && b !== null && a.state === b.state && a.probability === b.probability;

/** Scores both sides and lists every claim × model that differs, sorted by claim then model. */
export function diffLedgers(before: LedgerSide, after: LedgerSide, codeHash: string): LedgerDiff {
  const old = outcomes(before, codeHash);
  const now = outcomes(after, codeHash);
  const slugsBefore = new Set(before.claims.map((c) => c.slug));
  const slugsAfter = new Set(after.claims.map((c) => c.slug));
  const modelsBefore = new Set(before.models.map((m) => m.id));
  const slugs = [...new Set([...slugsBefore, ...slugsAfter])].sort(byCodeUnit);
  const models = [...new Set([...modelsBefore, ...after.models.map((m) => m.id)])].sort(byCodeUnit);
  const rows: DiffRow[] = [];
  for (const claim of slugs) {
    for (const model of models) {
      const b = old.get(`${claim} ${model}`) ?? null;
      const a = now.get(`${claim} ${model}`) ?? null;
      if ((b !== null || a !== null) && !same(b, a)) rows.push({ claim, model, before: b, after: a });
    }
  }
  return {
    rows,
    claimsAdded: slugs.filter((s) => !slugsBefore.has(s)),
    claimsRemoved: slugs.filter((s) => !slugsAfter.has(s)),
    modelsAdded: after.models
      .map((m) => m.id)
      .filter((id) => !modelsBefore.has(id))
      .sort(byCodeUnit),
    defaultBefore: before.defaultModel,
    defaultAfter: after.defaultModel,
  };
}

/**
 * A released model edited or removed between the two sides: a model the revision's lock records
 * whose file hashes otherwise in the working tree, or which the working tree no longer has.
 */
export function releasedModelProblems(
  revision: string,
  before: readonly LoadedModel[],
  beforeLock: ReadonlyMap<string, string>,
  after: readonly LoadedModel[],
): Problem[] {
  const problems: Problem[] = [];
  for (const old of before) {
    // A model not yet released at the revision could still be edited; the working tree's own lock is checked by the loader.
    if (!beforeLock.has(old.id)) continue;
    const now = after.find((m) => m.id === old.id);
    if (now === undefined) {
      problems.push({
        file: old.file,
        line: 1,
        field: '(model)',
        message: `released model ${old.id} is in ${revision} but not in the working tree; a released model is never removed`,
      });
    } else if (now.configHash !== old.configHash) {
      problems.push({
        file: now.file,
        line: 1,
        field: '(model)',
        message:
          `released model ${old.id} was edited: it hashes to ${old.configHash} in ${revision} but to ${now.configHash} ` +
          'in the working tree. A released model never changes; release a new version as a new file instead.',
      });
    }
  }
  return problems;
}
