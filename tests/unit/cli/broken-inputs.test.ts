/**
 * Broken inputs: each file is wrong in one way (or, where said, several), and the command line must
 * answer with `file:line: field: what is wrong`, a non-zero exit, nothing on standard output and
 * no stack trace. Here `check` on broken claim and model files; broken-inputs-commands.test.ts has
 * `score` and `release`, broken-inputs-process.test.ts real child processes.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { hashOf, type Json } from '../../../src/engine/index.ts';
import { problemLines, workspace } from '../../support/cli.ts';
import { strictModel } from '../../support/model.ts';
import { check, expectProblems, withClaim, withModel, type Expected } from '../../support/broken-inputs.ts';

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
