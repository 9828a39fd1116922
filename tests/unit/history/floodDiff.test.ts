/**
 * `ledger diff` against a revision that holds a flooded or hostile claim file (a list of 130,000
 * wrong items, which crashed it with `RangeError: Maximum call stack size exceeded`; 2,100 links;
 * an alias bomb; nesting 5,000 deep; a bidirectional control): a clear refusal naming the file,
 * line and field, at most 50 problems and a count of the rest, a non-zero exit, and no stack trace.
 * The file that crashed it is diffed as a user runs it (`npm run ledger -- diff`, a child process:
 * its exit code and standard error); the others in this process through `runCommand`, as
 * scripts/ledger.ts runs `diffCommand` (an error it does not expect is thrown there, and fails the
 * test), so that each does not pay for starting Node and loading every command again. The time
 * limit is the test's own (each diff here takes 2 to 6 s on a loaded, shared machine).
 */
import { rmSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { diffCommand, diffFormatOf } from '../../../src/cli/diff.ts';
import { looksLikeStackTrace, runChild, runInProcess, type Outcome } from '../../support/cli.ts';
import { claimYaml, LAB, testRepo } from './repo.ts';

const repos: string[] = [];
afterAll(() => repos.forEach((root) => rmSync(root, { recursive: true, force: true })), 60_000);

const good = claimYaml({ sources: LAB.source, evidence: LAB.link });
const link = (i: number): string =>
  `  - { id: l${i}, source: city-lab, direction: supports, passage: x, relevance: states-outright, observation: official-record, interpretationSteps: 0 }`;

/**
 * `ledger diff HEAD~1` in a repository whose HEAD~1 holds `hostile` as its one claim, HEAD the good
 * claim: as a child process, or in this process.
 */
async function diffAgainst(hostile: string, run: 'child' | 'in-process'): Promise<Outcome> {
  const repo = testRepo('ledger@1.1.0');
  repos.push(repo.root);
  repo.write('content/claims/water.yaml', hostile);
  repo.commit('Hostile', '2026-10-01T10:00:00Z');
  repo.write('content/claims/water.yaml', good);
  repo.commit('Mended', '2026-10-02T10:00:00Z');
  if (run === 'in-process')
    return runInProcess((io) =>
      diffCommand(io, ['HEAD~1'], {
        content: repo.content,
        models: repo.models,
        format: diffFormatOf(undefined, false),
      }),
    );
  return runChild(['diff', 'HEAD~1', '--content', repo.content, '--models', repo.models], {
    env: { LEDGER_CONTENT: repo.content, LEDGER_MODELS: repo.models },
    timeout: 60_000,
  });
}

describe('ledger diff against a revision holding a flooded file', () => {
  const cases: [string, string, RegExp, 'child' | 'in-process'][] = [
    [
      'a list of 130,000 wrong items',
      good.replace(/^reviews:.*(?:\n {2}- .*)*$/m, '').concat(`reviews: [${Array(130_000).fill('1').join(', ')}]\n`),
      /water\.yaml:\d+: reviews: must list at most 200 reviews/,
      'child',
    ],
    [
      '2,100 links',
      good.replace(
        /^evidence:\n(?: {2}.*\n)+/m,
        `evidence:\n${Array.from({ length: 2_100 }, (_, i) => link(i)).join('\n')}\n`,
      ),
      /water\.yaml:\d+: evidence: must list at most 200 evidence links/,
      'in-process',
    ],
    [
      'an alias bomb',
      `${good}x: &a [1, 1, 1, 1, 1, 1, 1, 1, 1, 1]\ny: &b [${Array(10).fill('*a').join(', ')}]\nz: [${Array(10).fill('*b').join(', ')}]\n`,
      /water\.yaml:\d+: x: carries the anchor &a \(used by 10 aliases \*a\)/,
      'in-process',
    ],
    [
      'nesting 5,000 deep',
      `${good}deep: ${'['.repeat(5_000)}${']'.repeat(5_000)}\n`,
      /water\.yaml:\d+: \(yaml\): nests mappings and lists more than 16 deep/,
      'in-process',
    ],
    [
      'a bidirectional control in a statement',
      good.replace(/^statement: .*$/m, 'statement: "The plant \\u202Etset ruo"'),
      /water\.yaml:1: statement: holds the bidirectional control U\+202E/,
      'in-process',
    ],
  ];

  it.each(cases)(
    'refuses %s by file, line and field, without a stack trace',
    async (_, hostile, problem, how) => {
      const run = await diffAgainst(hostile, how);
      expect(looksLikeStackTrace(run.stderr)).toBe(false);
      expect(run.code).not.toBe(0);
      expect(run.stderr).toMatch(problem);
      const named = run.stderr.split('\n').filter((line) => line.includes('water.yaml'));
      expect(named.length).toBeGreaterThan(0);
      expect(named.length).toBeLessThanOrEqual(51);
      expect(run.stderr.length).toBeLessThan(20_000);
    },
    60_000,
  );
});
