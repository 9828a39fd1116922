/**
 * Broken inputs given to `score` and `release`: `file:line: field: what is wrong`, a non-zero exit,
 * nothing on standard output and no stack trace, as `check` answers (broken-inputs.test.ts).
 */
import { join } from 'node:path';
import { describe, it } from 'vitest';
import { releaseCommand } from '../../../src/cli/release.ts';
import { scoreCommand } from '../../../src/cli/score.ts';
import { BROKEN, FIXTURES, runInProcess, workspace } from '../../support/cli.ts';
import { expectProblems, withModel, type Expected } from '../../support/broken-inputs.ts';

describe('score refuses broken input the same way', () => {
  const model = join(FIXTURES, 'models', 'ledger-strict@0.1.0.yaml');

  it.each<[string, string, Expected]>([
    ['an unknown observation level', 'unknown-observation.yaml', [[14, 'evidence[0].observation']]],
    ['a missing source', 'missing-source.yaml', [[10, 'evidence[0].source']]],
    ['malformed YAML', 'malformed-yaml.yaml', [[8, '(yaml)']]],
  ])('%s', async (_name, fixture, expected) => {
    const file = join(BROKEN, 'claims', fixture);
    expectProblems(
      await runInProcess((io) => scoreCommand(io, [file], { model, models: join(FIXTURES, 'models') })),
      file,
      expected,
    );
  });

  it('refuses a broken model given by path', async () => {
    const file = join(BROKEN, 'models', 'prior-zero.yaml');
    const claim = join(FIXTURES, 'claims', 'water-plant.yaml');
    expectProblems(
      await runInProcess((io) => scoreCommand(io, [claim], { model: file, models: join(FIXTURES, 'models') })),
      file,
      [[25, 'priors.factual']],
    );
  });

  it('refuses a claim file that does not exist', async () => {
    const file = join(FIXTURES, 'claims', 'no-such-claim.yaml');
    expectProblems(
      await runInProcess((io) => scoreCommand(io, [file], { model, models: join(FIXTURES, 'models') })),
      file,
      [[1, '(file)']],
    );
  });
});

describe('release refuses broken input', () => {
  it('refuses to release a model whose version differs from its file name', async () => {
    const { file } = withModel('file-name-mismatch.yaml');
    expectProblems(await runInProcess((io) => releaseCommand(io, file)), file, [[3, 'version']]);
  });

  it('refuses to release a model twice', async () => {
    const ws = workspace();
    const file = join(ws.models, 'ledger-strict@0.1.0.yaml');
    expectProblems(await runInProcess((io) => releaseCommand(io, file)), join(ws.models, 'released.lock'), [
      [2, 'ledger-strict@0.1.0'],
    ]);
  });
});
