/**
 * Broken inputs in a real child process of `ledger`: it exits non-zero, prints nothing on standard
 * output, no half of its output and no stack trace (broken-inputs.test.ts: the same in-process).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { FIXTURES, looksLikeStackTrace, runChild, workspace } from '../../support/cli.ts';
import { expectProblems, withClaim, type Expected } from '../../support/broken-inputs.ts';

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
