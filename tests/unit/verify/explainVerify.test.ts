/**
 * Both verifies work every published explanation again: a site that publishes them verifies, and
 * one whose explanation was changed, or is missing beside its trace, fails naming the file and field.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createExplainer } from '../../../src/engine/explain/index.ts';
import { engineCodeHash } from '../../../src/lib/input/codeHash.ts';
import { explanationJson } from '../../../src/lib/claim/explanation.ts';
import { explainPath } from '../../../src/lib/paths.ts';
import { directoryFiles, reportLines, verifySite } from '../../../src/lib/verify/index.ts';
import { tempDir } from '../../support/cli.ts';
import { REFERENCE } from '../differential/differential.ts';
import { repositoryContent, writeSiteLayout } from './layout.ts';

const folders: string[] = [];
afterAll(() => folders.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

const content = repositoryContent();
const models = [
  ...content.models.filter((m) => m.id === content.defaultModel),
  ...content.models.filter((m) => m.id !== content.defaultModel),
];

/**
 * The repository's traces and models with an explain.json beside every per-model trace: of every
 * claim, or of the claims named in `only`.
 */
function siteWithExplanations(only?: readonly string[]): { root: string; traces: number; explained: number } {
  const root = tempDir('ledger-explain-');
  folders.push(root);
  const claims = only ? content.claims.filter(({ slug }) => only.includes(slug)) : content.claims;
  const traces = writeSiteLayout(root, { ...content, claims });
  const explainer = createExplainer(models.map((m) => m.model));
  let explained = 0;
  for (const { slug, claim } of claims)
    for (const { id } of models) {
      writeSiteLayoutFile(root, explainPath(slug, id), explanationJson(explainer.explain(slug, claim, id)));
      explained += 1;
    }
  return { root, traces, explained };
}

function writeSiteLayoutFile(root: string, urlPath: string, text: string): void {
  writeFileSync(join(root, ...urlPath.split('/').filter(Boolean)), text);
}

const both = (root: string) => ({
  ts: reportLines(verifySite(directoryFiles(root), { codeHash: engineCodeHash() })),
  py: spawnSync('python3', [REFERENCE, 'verify', root], { encoding: 'utf8' }).stdout.trimEnd().split('\n'),
});

describe('verify and the explanations', () => {
  it('re-derives every published explanation, in both implementations', { timeout: 120_000 }, () => {
    const { root, traces, explained } = siteWithExplanations();
    const expected = [`${traces} traces reproduced, 0 differ`, `${explained} explanations re-derived, 0 differ`];
    expect(both(root)).toEqual({ ts: expected, py: expected });
  });

  it('names a changed distance and a missing explanation, in both implementations', { timeout: 120_000 }, () => {
    // The two claims it changes: the test above re-derives every claim's explanations.
    const { root, traces, explained } = siteWithExplanations(['eastbrook-burglaries-fell', 'eastbrook-lead-limit']);
    const changed = 'claims/eastbrook-burglaries-fell/ledger@1.1.0/explain.json';
    const doc = JSON.parse(readFileSync(join(root, changed), 'utf8')) as { distance: { up: { weight: string } } };
    const weight = doc.distance.up.weight;
    doc.distance.up.weight = '0.000001';
    writeFileSync(join(root, changed), `${JSON.stringify(doc)}\n`);
    const gone = 'claims/eastbrook-lead-limit/ledger-strict@0.1.0/explain.json';
    rmSync(join(root, gone));
    const { ts, py } = both(root);
    for (const lines of [ts, py]) {
      expect(lines.slice(0, 2)).toEqual([
        `${traces} traces reproduced, 0 differ`,
        `${explained - 1} explanations re-derived, 1 differ`,
      ]);
      expect(lines.join('\n')).toContain(`${gone}: missing beside its trace.json`);
      expect(lines.join('\n')).toContain(`${changed}: distance.up.weight: expected "${weight}", published "0.000001"`);
    }
  });
});
