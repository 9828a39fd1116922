/**
 * Random what-if edits through the panel's own edit functions (`applyWhatIf`, `editsUnder`), kept
 * as the panel keeps them, give after every edit the trace of the claim worked out by hand from the
 * same edits (tests/support/what-if-mirror.ts): on every claim of the repository, with every model
 * as the page's own. The browser test (tests/e2e/what-if.spec.ts) makes the same kinds of edit with
 * the panel's controls on a sample, which shows that the page runs these functions and this engine.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createScorer, type Claim, type Model, type Scorer } from '../../../src/engine/index.ts';
import { engineCodeHash } from '../../../src/lib/input/codeHash.ts';
import { loadClaimFile, loadLedger } from '../../../src/lib/input/load.ts';
import {
  applyWhatIf,
  editsUnder,
  NO_EDITS,
  voteProblem,
  type LinkEdit,
  type VoteEdit,
  type WhatIf,
} from '../../../src/lib/whatif/edits.ts';
import { claimYaml, generator, syntheticClaim, syntheticSlug } from '../../../scripts/dev/bench/synthetic.ts';
import {
  drawEdit,
  editedClaim,
  mirrorOf,
  SAMPLE,
  SAMPLE_EDITS,
  sharedLevels,
  type Edit,
} from '../../support/what-if-mirror.ts';

const { ledger } = loadLedger({ content: 'content', models: 'models' });
const models = new Map<string, Model>(ledger!.models.map((m) => [m.id, m.model]));
const codeHash = engineCodeHash();
const scorers = new Map<string, Scorer>();
const scorer = (id: string): Scorer => {
  if (!scorers.has(id)) scorers.set(id, createScorer(models.get(id)!, codeHash));
  return scorers.get(id)!;
};
const ids = [...models.keys()];
const levels = sharedLevels([...models.values()]);
const EDITS = 30;

/** The what-if after one edit, changed as the panel's controls change it (controls.ts, panel.ts). */
function edited(whatIf: WhatIf, edit: Edit, claim: Claim, pageModel: string): WhatIf {
  const link = (index: number, change: (edit: LinkEdit) => LinkEdit): WhatIf => {
    const id = claim.evidence[index]!.id;
    return { ...whatIf, links: new Map(whatIf.links).set(id, change(whatIf.links.get(id) ?? {})) };
  };
  const vote = (index: number, change: (edit: VoteEdit) => VoteEdit): WhatIf => {
    const voter = claim.votes[index]!.voter;
    return { ...whatIf, votes: new Map(whatIf.votes).set(voter, change(whatIf.votes.get(voter) ?? {})) };
  };
  switch (edit.kind) {
    case 'link':
      return link(edit.index, (e) => ({ ...e, off: !edit.on }));
    case 'level':
      return link(edit.index, (e) => ({ ...e, levels: { ...e.levels, [edit.table]: edit.level } }));
    case 'steps':
      return link(edit.index, (e) => ({ ...e, levels: { ...e.levels, interpretationSteps: edit.steps } }));
    case 'vote':
      return vote(edit.index, (e) => ({ ...e, drop: !edit.kept }));
    case 'vote field':
      expect(voteProblem(edit.field, edit.value)).toBeNull();
      return vote(edit.index, (e) => ({ ...e, [edit.field]: edit.value }));
    case 'model':
      return { ...whatIf, model: edit.model === pageModel ? null : edit.model };
    case 'reset':
      return NO_EDITS;
  }
}

/** Makes EDITS random edits on a claim under each page model; returns the kinds of edit made. */
function checkClaim(slug: string, claim: Claim, seed: number, pageModels: readonly string[]): Set<string> {
  const kinds = new Set<string>();
  for (const [m, pageModel] of pageModels.entries()) {
    const random = generator(seed + m);
    const mirror = mirrorOf(pageModel);
    let whatIf = NO_EDITS;
    const done: string[] = [];
    for (let i = 0; i < EDITS; i++) {
      const { edit, words } = drawEdit(random, claim, mirror, ids, levels, pageModel);
      done.push(words);
      kinds.add(edit.kind);
      whatIf = edited(whatIf, edit, claim, pageModel);
      const model = whatIf.model ?? pageModel;
      const under = editsUnder(whatIf, models.get(model)!);
      expect(under.dropped, done.join(' · ')).toEqual([]);
      const panel = scorer(model).score(slug, applyWhatIf(claim, under.whatIf));
      const byHand = scorer(mirror.model).score(slug, editedClaim(claim, mirror));
      expect(JSON.stringify(panel), done.join(' · ')).toBe(JSON.stringify(byHand));
    }
  }
  return kinds;
}

/** Every kind of edit a claim allows (a claim with no votes has no vote edits). */
const possibleKinds = (claim: Claim): string[] =>
  ['link', 'level', 'steps', 'model', 'reset', ...(claim.votes.length > 0 ? ['vote', 'vote field'] : [])].sort();

/** The bench's synthetic claims (many links and votes), read back from their files as a build reads them. */
const SYNTHETIC = 20;
const work = mkdtempSync(join(tmpdir(), 'ledger-random-edits-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

describe('random what-if edits through the edit functions', () => {
  it.each(ledger!.claims.map((c, n) => [c.slug, c.claim, n] as const))(
    'give the trace of the claim edited by hand, edit after edit, under every page model (%s)',
    (slug, claim, n) => {
      expect([...checkClaim(slug, claim, 7000 + 100 * n, ids)].sort()).toEqual(possibleKinds(claim));
    },
  );

  it(`give the trace of the claim edited by hand on ${SYNTHETIC} synthetic claims`, () => {
    const kinds = new Set<string>();
    for (let i = 0; i < SYNTHETIC; i++) {
      const file = join(work, `${syntheticSlug(i)}.yaml`);
      writeFileSync(file, claimYaml(syntheticClaim(i)));
      const { loaded, problems } = loadClaimFile(file, ledger!.models);
      expect(problems).toEqual([]);
      const pageModels = [ledger!.defaultModel, 'ledger-strict@0.1.0'];
      for (const kind of checkClaim(syntheticSlug(i), loaded!.claim, 9000 + 100 * i, pageModels)) kinds.add(kind);
    }
    expect([...kinds].sort()).toEqual(['level', 'link', 'model', 'reset', 'steps', 'vote', 'vote field']);
  });

  it("the browser test's sample makes every kind of edit", () => {
    const kinds = new Set<string>();
    for (const { slug, model, seed } of SAMPLE) {
      const claim = ledger!.claims.find((c) => c.slug === slug)!.claim;
      const pageModel = model ?? ledger!.defaultModel;
      const mirror = mirrorOf(pageModel);
      const random = generator(seed);
      for (let i = 0; i < SAMPLE_EDITS; i++)
        kinds.add(drawEdit(random, claim, mirror, ids, levels, pageModel).edit.kind);
    }
    expect([...kinds].sort()).toEqual(['level', 'link', 'model', 'reset', 'steps', 'vote', 'vote field']);
  });
});
