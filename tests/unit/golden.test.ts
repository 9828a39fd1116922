/**
 * Old traces stay reproducible: each golden case (a model file, a claim file and the trace they
 * gave) must be reproduced byte for byte by the current engine, except the `codeHash` value. A
 * change that alters one needs a new model version, never an edited golden file.
 *
 * To add a case, make `tests/golden/<case>/` with `model.yaml` and `claim.yaml` and run
 * `LEDGER_GOLDEN_NEW=1 npx vitest run tests/unit/golden.test.ts`, which writes only missing traces.
 */
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createScorer, type Trace } from '../../src/engine/index.ts';
import { engineCodeHash } from '../../src/lib/input/codeHash.ts';
import { loadClaimFile, loadModelFile } from '../../src/lib/input/load.ts';
import { formatProblem } from '../../src/lib/input/problems.ts';
import { REPO_ROOT } from '../support/cli.ts';

const GOLDEN = join(REPO_ROOT, 'tests', 'golden');
const cases = readdirSync(GOLDEN)
  .filter((name) => statSync(join(GOLDEN, name)).isDirectory())
  .sort();

/** The trace of a golden case's claim under its model, scored now; the slug is the case's name. */
function scoreCase(name: string): Trace {
  const { loaded: model, problems } = loadModelFile(join(GOLDEN, name, 'model.yaml'));
  if (!model) throw new Error(problems.map(formatProblem).join('\n'));
  const { loaded: claim, problems: invalid } = loadClaimFile(join(GOLDEN, name, 'claim.yaml'), [model]);
  if (!claim) throw new Error(invalid.map(formatProblem).join('\n'));
  return createScorer(model.model, engineCodeHash()).score(name, claim.claim);
}

/** A trace as published, with its code hash blanked: the one field allowed to change. */
function withoutCodeHash(text: string): string {
  return text.replace(/^( {2}"codeHash": )"sha256:[0-9a-f]{64}",$/m, '$1"(any)",');
}

describe('golden traces', () => {
  it('exist', () => {
    expect(cases.length).toBeGreaterThanOrEqual(5);
  });

  it.each(cases)('%s is reproduced byte for byte except codeHash', (name) => {
    const file = join(GOLDEN, name, 'trace.json');
    const now = `${JSON.stringify(scoreCase(name), null, 2)}\n`;
    if (!existsSync(file)) {
      if (process.env['LEDGER_GOLDEN_NEW'] !== '1')
        throw new Error(`${file} is missing; write it once with LEDGER_GOLDEN_NEW=1`);
      writeFileSync(file, now);
    }
    const golden = readFileSync(file, 'utf8');
    expect(withoutCodeHash(golden)).not.toBe(golden);
    expect(withoutCodeHash(now)).toBe(withoutCodeHash(golden));
  });
});
