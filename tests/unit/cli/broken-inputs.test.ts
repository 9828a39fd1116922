/**
 * Broken inputs: each file is wrong in one way (or, where said, several), and the command line must
 * answer with `file:line: field: what is wrong`, a non-zero exit, nothing on standard output and
 * no stack trace.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkCommand } from '../../../src/cli/check.ts';
import { releaseCommand } from '../../../src/cli/release.ts';
import { scoreCommand } from '../../../src/cli/score.ts';
import { hashOf, type Json } from '../../../src/engine/index.ts';
import {
  BROKEN,
  FIXTURES,
  looksLikeStackTrace,
  problemLines,
  runChild,
  runInProcess,
  shown,
  workspace,
  type Outcome,
  type Workspace,
} from '../../support/cli.ts';
import { strictModel } from '../../support/model.ts';

/** `[line, field]` of each problem a file should get, in the order they are printed. */
type Expected = readonly (readonly [line: number, field: string])[];

/** Asserts a failed run: exit 1, nothing on stdout, exactly these problem prefixes, no stack trace. */
function expectProblems(outcome: Outcome, file: string, expected: Expected): string[] {
  const lines = problemLines(outcome.stderr);
  expect(outcome.code).toBe(1);
  expect(outcome.stdout).toBe('');
  expect(looksLikeStackTrace(outcome.stderr)).toBe(false);
  expect(
    lines.map((line, i) =>
      line.startsWith(`${shown(file)}:${expected[i]?.[0]}: ${expected[i]?.[1]}: `) ? 'ok' : line,
    ),
  ).toEqual(expected.map(() => 'ok'));
  expect(outcome.stderr).toMatch(new RegExp(`\\n${expected.length} problems? found\\.\\n$`));
  return lines;
}

const check = (ws: Workspace, models = ws.models) =>
  runInProcess((io) => checkCommand(io, { content: ws.content, models }));

/** A workspace with the fixture models and one broken claim file. */
function withClaim(fixture: string): { ws: Workspace; file: string } {
  const ws = workspace();
  const file = ws.copy(join('broken', 'claims', fixture), join('content', 'claims', fixture));
  return { ws, file };
}

/** A workspace with the fixture models, one good claim, and a broken model copied in as `as`. */
function withModel(fixture: string, as = 'broken@1.0.0.yaml'): { ws: Workspace; file: string } {
  const ws = workspace();
  ws.copy(join('claims', 'water-plant.yaml'), join('content', 'claims', 'water-plant.yaml'));
  const file = ws.copy(join('broken', 'models', fixture), join('models', as));
  return { ws, file };
}

describe('check reports a broken claim file with its file, line and field', () => {
  it.each<[string, string, Expected]>([
    ['malformed YAML', 'malformed-yaml.yaml', [[8, '(yaml)']]],
    ['a key written twice', 'duplicate-key.yaml', [[4, '(yaml)']]],
    ['an empty file', 'empty.yaml', [[1, '(file)']]],
    ['a list instead of a mapping', 'not-a-mapping.yaml', [[2, '(file)']]],
    ['an unknown relevance level', 'unknown-relevance.yaml', [[13, 'evidence[0].relevance']]],
    ['an unknown observation level', 'unknown-observation.yaml', [[14, 'evidence[0].observation']]],
    ['an unknown authenticity level', 'unknown-authenticity.yaml', [[16, 'evidence[0].authenticity']]],
    ['evidence naming a missing source', 'missing-source.yaml', [[10, 'evidence[0].source']]],
    ['a duplicate link id', 'duplicate-link-id.yaml', [[16, 'evidence[1].id']]],
    ['a duplicate source id', 'duplicate-source-id.yaml', [[8, 'sources[1].id']]],
    ['a vote above 1', 'vote-above-one.yaml', [[18, 'votes[1].value']]],
    ['negative interpretation steps', 'negative-steps.yaml', [[15, 'evidence[0].interpretationSteps']]],
    ['fractional interpretation steps', 'fractional-steps.yaml', [[15, 'evidence[0].interpretationSteps']]],
    ['steps written as a word', 'steps-as-text.yaml', [[15, 'evidence[0].interpretationSteps']]],
    ['a reputation written as words', 'reputation-as-text.yaml', [[17, 'votes[0].reputation']]],
    ['a missing required field', 'missing-author.yaml', [[2, 'author']]],
    ['an unknown field', 'unknown-field.yaml', [[13, 'evidence[0].weight']]],
    ['a javascript: URL', 'javascript-url.yaml', [[7, 'sources[0].url']]],
    ['a date that does not exist', 'bad-date.yaml', [[5, 'recorded']]],
    ['a direction that is neither supports nor opposes', 'unknown-direction.yaml', [[11, 'evidence[0].direction']]],
    [
      'a ten-deep chain of YAML aliases (billions of values when expanded)',
      'alias-chain.yaml',
      [32, 33, 34, 35, 36, 37, 38, 39, 40, 41].map((line, i) => [line, `x${i}`] as const),
    ],
    ['a YAML alias that refers to itself', 'alias-self.yaml', [[31, 'extra']]],
    ['interpretation steps of 1e1000000000', 'huge-steps.yaml', [[16, 'evidence[0].interpretationSteps']]],
    ['a reputation of 1e9000000000000000', 'huge-reputation.yaml', [[30, 'votes[0].reputation']]],
    [
      'a statement smuggled in under __proto__',
      'proto-statement.yaml',
      [
        [1, '__proto__'],
        [1, 'statement'],
      ],
    ],
    ['appearances not earliest first', 'appearances-out-of-order.yaml', [[9, 'appearances[1].date']]],
    [
      'a claimant with no name, an appearance with a javascript: URL',
      'claimant-javascript-url.yaml',
      [
        [6, 'claimant.name'],
        [8, 'appearances[0].url'],
      ],
    ],
  ])('%s (%s)', async (_name, fixture, expected) => {
    const { ws, file } = withClaim(fixture);
    expectProblems(await check(ws), file, expected);
  });

  it('says what is wrong in words a person can act on', async () => {
    const { ws, file } = withClaim('unknown-relevance.yaml');
    expect(problemLines((await check(ws)).stderr)).toEqual([
      `${file}:13: evidence[0].relevance: unknown relevance level "says-so-outright" under ledger-strict@0.1.0 (known: states-outright, bears-directly, touches-subject, context-only)`,
    ]);
  });

  it('reports ALL problems of a file with several mistakes, not only the first', async () => {
    const { ws, file } = withClaim('several-mistakes.yaml');
    expectProblems(await check(ws), file, [
      [2, 'author'],
      [4, 'recorded'],
      [10, 'evidence[0].direction'],
      [14, 'evidence[0].interpretationSteps'],
      [16, 'evidence[1].source'],
      [20, 'evidence[1].observation'],
      [21, 'evidence[1].interpretationSteps'],
      [23, 'votes[0].value'],
    ]);
  });

  it('reports problems in every file, not only the first broken one', async () => {
    const ws = workspace();
    const a = ws.copy(join('broken', 'claims', 'bad-date.yaml'), join('content', 'claims', 'a.yaml'));
    const b = ws.copy(join('broken', 'claims', 'vote-above-one.yaml'), join('content', 'claims', 'b.yaml'));
    const outcome = await check(ws);
    expect(problemLines(outcome.stderr).map((line) => line.split(': ')[0])).toEqual([`${a}:5`, `${b}:18`]);
  });

  it('refuses a claim file name that cannot be a URL', async () => {
    const ws = workspace();
    const file = ws.copy(join('claims', 'water-plant.yaml'), join('content', 'claims', 'Water_Plant.yaml'));
    expectProblems(await check(ws), file, [[1, '(file name)']]);
  });

  it('refuses a content folder with no claims', async () => {
    const ws = workspace();
    expectProblems(await check(ws), join(ws.claims), [[1, '(folder)']]);
  });
});

describe('check reports a broken model file with its file, line and field', () => {
  it.each<[string, string, Expected]>([
    ['a prior of 0', 'prior-zero.yaml', [[25, 'priors.factual']]],
    ['a prior of 1', 'prior-one.yaml', [[27, 'priors.causal']]],
    ['states not ascending', 'states-not-ascending.yaml', [[36, 'states[3].from']]],
    ['states not starting at 0', 'states-not-from-zero.yaml', [[33, 'states[0].from']]],
    ['an unknown rounding mode', 'unknown-rounding-mode.yaml', [[38, 'rounding.mode']]],
    ['an unknown independence strategy', 'unknown-independence.yaml', [[23, 'independence']]],
    ['a version that differs from the file name', 'file-name-mismatch.yaml', [[3, 'version']]],
    ['a number written as words', 'step-cost-as-text.yaml', [[20, 'interpretation.stepCost']]],
    ['a missing required key', 'missing-gradient.yaml', [[2, 'gradient']]],
    ['an unknown key', 'unknown-key.yaml', [[24, 'weighting']]],
    ['a negative factor', 'negative-factor.yaml', [[18, 'observation.rumour']]],
    [
      'a vote floor that rounds to 0 at the weight places',
      'gradient-floor-rounds-to-zero.yaml',
      [[41, 'gradient.floor']],
    ],
    [
      'several mistakes, every one reported',
      'several-mistakes.yaml',
      [
        [2, 'gradient'],
        [25, 'priors.factual'],
        [36, 'states[3].from'],
        [38, 'rounding.mode'],
      ],
    ],
  ])('%s (%s)', async (_name, fixture, expected) => {
    const { ws, file } = withModel(fixture);
    expectProblems(await check(ws), file, expected);
  });

  it('names the model and both hashes when a released model was edited', async () => {
    const ws = workspace();
    ws.copy(join('claims', 'water-plant.yaml'), join('content', 'claims', 'water-plant.yaml'));
    const file = join(ws.models, 'ledger-strict@0.1.0.yaml');
    writeFileSync(file, readFileSync(file, 'utf8').replace('stepCost: 0.15', 'stepCost: 0.16'));
    const released = /ledger-strict@0\.1\.0 (sha256:[0-9a-f]{64})/.exec(
      readFileSync(join(ws.models, 'released.lock'), 'utf8'),
    )![1]!;
    const edited = hashOf(strictModel({ interpretation: { stepCost: '0.16', floor: '0' } }) as unknown as Json);
    expect(released).toBe(hashOf(strictModel() as unknown as Json));
    const [line] = expectProblems(await check(ws), file, [[1, '(model)']]);
    expect(line).toBe(
      `${file}:1: (model): released model ledger-strict@0.1.0 was edited: ${join(ws.models, 'released.lock')} records ${released} ` +
        `but the file now hashes to ${edited}. A released model never changes; release a new version as a new file instead.`,
    );
  });

  it('refuses a site.yaml that names a model not in the folder', async () => {
    const ws = workspace();
    ws.copy(join('claims', 'water-plant.yaml'), join('content', 'claims', 'water-plant.yaml'));
    const site = ws.write(join('models', 'site.yaml'), 'default: ledger@9.9.9\n');
    const [line] = expectProblems(await check(ws), site, [[1, 'default']]);
    expect(line).toBe(`${site}:1: default: names ledger@9.9.9, which is not a model in ${ws.models}`);
  });

  it('refuses a models folder that does not exist', async () => {
    const ws = workspace();
    ws.copy(join('claims', 'water-plant.yaml'), join('content', 'claims', 'water-plant.yaml'));
    const missing = join(ws.root, 'no-models');
    expectProblems(await check(ws, missing), missing, [[1, '(folder)']]);
  });

  it('refuses a lock line that is not an id and a hash', async () => {
    const ws = workspace();
    ws.copy(join('claims', 'water-plant.yaml'), join('content', 'claims', 'water-plant.yaml'));
    const lock = join(ws.models, 'released.lock');
    writeFileSync(lock, `${readFileSync(lock, 'utf8')}ledger@1.0.0 md5:abc\n`);
    expectProblems(await check(ws), lock, [[3, '(lock)']]);
  });
});

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

describe('a real child process exits non-zero, prints nothing on stdout and no stack trace', () => {
  it('check with a claim of several mistakes', () => {
    const { ws, file } = withClaim('several-mistakes.yaml');
    const outcome = runChild(['check', '--content', ws.content, '--models', ws.models]);
    expect(
      expectProblems(outcome, file, [
        [2, 'author'],
        [4, 'recorded'],
        [10, 'evidence[0].direction'],
        [14, 'evidence[0].interpretationSteps'],
        [16, 'evidence[1].source'],
        [20, 'evidence[1].observation'],
        [21, 'evidence[1].interpretationSteps'],
        [23, 'votes[0].value'],
      ]),
    ).toHaveLength(8);
  });

  it('score with a good claim before a broken one prints no half of the output', () => {
    const ws = workspace();
    ws.copy(join('claims', 'water-plant.yaml'), join('content', 'claims', 'water-plant.yaml'));
    const broken = ws.copy(
      join('broken', 'claims', 'unknown-relevance.yaml'),
      join('content', 'claims', 'unknown-relevance.yaml'),
    );
    const outcome = runChild([
      'score',
      join(ws.claims, 'water-plant.yaml'),
      broken,
      '--model',
      'ledger-strict@0.1.0',
      '--models',
      ws.models,
    ]);
    expectProblems(outcome, broken, [[13, 'evidence[0].relevance']]);
  });

  it('score with an edited released model', () => {
    const ws = workspace();
    const file = join(ws.models, 'ledger-strict@0.1.0.yaml');
    writeFileSync(file, readFileSync(file, 'utf8').replace('probability: 4', 'probability: 3'));
    const outcome = runChild([
      'score',
      join(FIXTURES, 'claims', 'water-plant.yaml'),
      '--model',
      'ledger-strict@0.1.0',
      '--models',
      ws.models,
    ]);
    expectProblems(outcome, file, [[1, '(model)']]);
    expect(outcome.stderr).toContain('released model ledger-strict@0.1.0 was edited');
  });

  it.each<[string, string, Expected]>([
    [
      'a ten-deep chain of YAML aliases',
      'alias-chain.yaml',
      [32, 33, 34, 35, 36, 37, 38, 39, 40, 41].map((line, i) => [line, `x${i}`] as const),
    ],
    ['a YAML alias that refers to itself (it overflowed the stack)', 'alias-self.yaml', [[31, 'extra']]],
    [
      'interpretation steps of 1e1000000000 (it ran out of memory)',
      'huge-steps.yaml',
      [[16, 'evidence[0].interpretationSteps']],
    ],
    [
      'a reputation of 1e9000000000000000 (it ran out of memory)',
      'huge-reputation.yaml',
      [[30, 'votes[0].reputation']],
    ],
  ])('check with %s', (_name, fixture, expected) => {
    const { ws, file } = withClaim(fixture);
    expectProblems(runChild(['check', '--content', ws.content, '--models', ws.models]), file, expected);
  });

  it('score of a claim whose type is the name of an Object property says the model does not score it', () => {
    const outcome = runChild([
      'score',
      join(FIXTURES, 'hostile', 'type-constructor.yaml'),
      '--model',
      'ledger-strict@0.1.0',
      '--models',
      join(FIXTURES, 'models'),
    ]);
    expect(outcome.code).toBe(0);
    const trace = JSON.parse(outcome.stdout) as { result: { state: string; reason: string | null } };
    expect(trace.result).toMatchObject({
      state: 'not-applicable',
      reason: 'this model does not score claims of type constructor',
    });
  });

  it('check accepts a date in the years 1 to 99 (it was “not a real date”)', () => {
    const ws = workspace();
    ws.copy(join('hostile', 'ancient-date.yaml'), join('content', 'claims', 'ancient-date.yaml'));
    const outcome = runChild(['check', '--content', ws.content, '--models', ws.models]);
    // Only warnings (no claimant, reviews dated with on:): the date is no problem.
    expect(outcome.stderr).toMatch(/^(?:warning: [^\n]*: (?:claimant|reviews\[\d+\]\.on): [^\n]*\n)*$/);
    expect(outcome.code).toBe(0);
  });

  it.each([
    ['an unknown command', ['frobnicate'], 'ledger: unknown command frobnicate'],
    ['score without --model', ['score', join(FIXTURES, 'claims', 'water-plant.yaml')], 'ledger: score needs --model'],
    ['an unknown option', ['check', '--colour'], "ledger: Unknown option '--colour'"],
  ])('a usage mistake (%s) exits 2 with a one-line message', (_name, args, message) => {
    const outcome = runChild(args);
    expect(outcome.code).toBe(2);
    expect(outcome.stdout).toBe('');
    expect(outcome.stderr.startsWith(message)).toBe(true);
    expect(looksLikeStackTrace(outcome.stderr)).toBe(false);
  });
});
