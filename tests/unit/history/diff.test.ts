/**
 * `ledger diff <revision>` on repositories the test commits to: every claim × model whose state or
 * probability moved, with both values; claims added and removed; models added; a released model
 * edited is an error; outside git or with an unknown revision, exit 2; the working tree untouched.
 */
import { mkdirSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { diffCommand, type DiffFormat } from '../../../src/cli/diff.ts';
import { loadModelFile } from '../../../src/lib/input/load.ts';
import { looksLikeStackTrace, runInProcess, type Outcome } from '../../support/cli.ts';
import { claimYaml, GAZETTE, LAB, testRepo, type TestRepo } from './repo.ts';

const diff = (r: TestRepo, revision: string, format: DiffFormat = 'json'): Promise<Outcome> =>
  runInProcess((io) => diffCommand(io, [revision], { content: r.content, models: r.models, format }));

interface Row {
  claim: string;
  model: string;
  before: { state: string; probability: string | null } | null;
  after: { state: string; probability: string | null } | null;
}

/** A repository with two committed claims, then a working tree that changes one, adds one and removes one. */
function changedRepo(): TestRepo {
  const r = testRepo('ledger@1.1.0');
  r.write('content/claims/water.yaml', claimYaml({ sources: LAB.source, evidence: LAB.link }));
  r.write(
    'content/claims/gone.yaml',
    claimYaml({ sources: LAB.source, evidence: LAB.link }).replace('water plant', 'gone plant'),
  );
  r.write(
    'content/claims/same.yaml',
    claimYaml({ sources: LAB.source, evidence: LAB.link }).replace('water plant', 'same plant'),
  );
  r.commit('Three claims', '2026-10-01T10:00:00Z');
  r.write(
    'content/claims/water.yaml',
    claimYaml({ sources: `${LAB.source}\n${GAZETTE.source}`, evidence: `${LAB.link}\n${GAZETTE.link}` }),
  );
  r.write(
    'content/claims/added.yaml',
    claimYaml({ sources: LAB.source, evidence: LAB.link }).replace('water plant', 'added plant'),
  );
  r.remove('content/claims/gone.yaml');
  return r;
}

describe('ledger diff', () => {
  it('lists the claims whose numbers moved, with both values, and the claims added and removed', async () => {
    const r = changedRepo();
    const outcome = await diff(r, 'HEAD');
    expect(outcome.stderr).toBe('');
    expect(outcome.code).toBe(0);
    const rows = JSON.parse(outcome.stdout) as Row[];
    const pick = (model: string) => rows.filter((row) => row.model === model);
    // 1.8 log-odds is 0.8581; adding the gazette gives 2.045 under strict (0.8854) and 2.08 under ledger@1.1.0 (0.8889).
    expect(pick('ledger-strict@0.1.0')).toEqual([
      { claim: 'added', model: 'ledger-strict@0.1.0', before: null, after: { state: 'likely', probability: '0.8581' } },
      { claim: 'gone', model: 'ledger-strict@0.1.0', before: { state: 'likely', probability: '0.8581' }, after: null },
      {
        claim: 'water',
        model: 'ledger-strict@0.1.0',
        before: { state: 'likely', probability: '0.8581' },
        after: { state: 'likely', probability: '0.8854' },
      },
    ]);
    expect(pick('ledger@1.1.0').find((row) => row.claim === 'water')).toEqual({
      claim: 'water',
      model: 'ledger@1.1.0',
      before: { state: 'likely', probability: '0.8581' },
      after: { state: 'likely', probability: '0.8889' },
    });
    expect(rows.some((row) => row.claim === 'same')).toBe(false);
    expect(rows.map((row) => `${row.claim} ${row.model}`)).toEqual(
      rows.map((row) => `${row.claim} ${row.model}`).sort(),
    );
  });

  it('reads the revision with git and leaves the working tree and the index as they were', async () => {
    const r = changedRepo();
    const status = r.git('status', '--porcelain');
    const head = r.git('rev-parse', 'HEAD');
    const water = readFileSync(join(r.content, 'claims', 'water.yaml'), 'utf8');
    await diff(r, 'HEAD');
    expect(r.git('status', '--porcelain')).toBe(status);
    expect(r.git('rev-parse', 'HEAD')).toBe(head);
    expect(readFileSync(join(r.content, 'claims', 'water.yaml'), 'utf8')).toBe(water);
  });

  it('prints a table by default and a Markdown table with --format markdown', async () => {
    const r = changedRepo();
    const text = await diff(r, 'HEAD', 'text');
    expect(text.stdout.split('\n')[0]).toMatch(
      / differ between HEAD and the working tree: 1 claim added, 1 claim removed, 0 models added\.$/,
    );
    expect(text.stdout).toMatch(/\nwater +ledger-strict@0\.1\.0 +likely 0\.8581 +likely 0\.8854\n/);
    expect(text.stdout).toMatch(/\nadded +ledger-strict@0\.1\.0 +absent +likely 0\.8581\n/);
    const markdown = await diff(r, 'HEAD', 'markdown');
    expect(markdown.stdout).toContain('| claim | model | before | after |\n| --- | --- | --- | --- |\n');
    expect(markdown.stdout).toContain('| water | ledger-strict@0.1.0 | likely 0.8581 | likely 0.8854 |');
  });

  it('says so, and exits 0, when nothing moved (a change of layout only)', async () => {
    const r = testRepo('ledger@1.1.0');
    r.write('content/claims/water.yaml', claimYaml({ sources: LAB.source, evidence: LAB.link }));
    r.commit('One claim', '2026-10-01T10:00:00Z');
    r.write(
      'content/claims/water.yaml',
      `# A comment changes no number.\n${claimYaml({ sources: LAB.source, evidence: LAB.link })}`,
    );
    const json = await diff(r, 'HEAD');
    expect([json.code, json.stdout]).toEqual([0, '[]\n']);
    const text = await diff(r, 'HEAD', 'text');
    expect(text.stdout).toBe(
      '0 claim × model results differ between HEAD and the working tree: 0 claims added, 0 claims removed, 0 models added.\n',
    );
  });

  it('names a model added since the revision, every claim under it having no value before', async () => {
    const r = testRepo('ledger@1.1.0');
    r.write('content/claims/water.yaml', claimYaml({ sources: LAB.source, evidence: LAB.link }));
    r.commit('One claim', '2026-10-01T10:00:00Z');
    const strict = readFileSync(join(r.models, 'ledger-strict@0.1.0.yaml'), 'utf8');
    r.write(
      'models/ledger-strict@0.2.0.yaml',
      strict.replace('version: 0.1.0', 'version: 0.2.0').replace('second-hand-report: 0.35', 'second-hand-report: 0.3'),
    );
    const { loaded } = loadModelFile(join(r.models, 'ledger-strict@0.2.0.yaml'));
    r.write(
      'models/released.lock',
      `${readFileSync(join(r.models, 'released.lock'), 'utf8')}ledger-strict@0.2.0 ${loaded!.configHash}\n`,
    );
    const outcome = await diff(r, 'HEAD');
    expect(outcome.stderr).toBe('');
    expect(JSON.parse(outcome.stdout)).toEqual([
      { claim: 'water', model: 'ledger-strict@0.2.0', before: null, after: { state: 'likely', probability: '0.8581' } },
    ]);
    expect((await diff(r, 'HEAD', 'text')).stdout.split('\n')[0]).toContain('1 model added (ledger-strict@0.2.0)');
  });

  it('refuses a released model edited since the revision, even with its lock line rewritten (exit 1)', async () => {
    const r = testRepo('ledger@1.1.0');
    r.write('content/claims/water.yaml', claimYaml({ sources: LAB.source, evidence: LAB.link }));
    r.commit('One claim', '2026-10-01T10:00:00Z');
    const file = join(r.models, 'ledger-strict@0.1.0.yaml');
    r.write(
      'models/ledger-strict@0.1.0.yaml',
      readFileSync(file, 'utf8').replace('second-hand-report: 0.35', 'second-hand-report: 0.3'),
    );
    const { loaded } = loadModelFile(file);
    const lock = readFileSync(join(r.models, 'released.lock'), 'utf8').replace(
      /^ledger-strict@0\.1\.0 .*$/m,
      `ledger-strict@0.1.0 ${loaded!.configHash}`,
    );
    r.write('models/released.lock', lock);
    const outcome = await diff(r, 'HEAD');
    expect(outcome.code).toBe(1);
    expect(outcome.stdout).toBe('');
    // Against HEAD, the append-only lock (check) names the rewritten line before diff compares the
    // model with the revision; against an older revision, diff's own comparison does.
    expect(outcome.stderr).toMatch(
      /ledger-strict@0\.1\.0\.yaml:1: \(model\): released model ledger-strict@0\.1\.0 was edited: it hashes to sha256:[0-9a-f]{64} in HEAD but to sha256:[0-9a-f]{64} in the working tree|released\.lock:\d+: ledger-strict@0\.1\.0: was released as sha256:[0-9a-f]{64} .*append-only/,
    );
    expect(looksLikeStackTrace(outcome.stderr)).toBe(false);
  });

  it.each([
    ['a revision git does not know', 'no-such-branch'],
    ['something that is not a revision but an option', '--output=/tmp/x'],
    ['a revision past the first commit', 'HEAD~5'],
  ])('says so and exits 2 for %s', async (_, revision) => {
    const r = changedRepo();
    const outcome = await diff(r, revision);
    expect(outcome.code).toBe(2);
    expect(outcome.stdout).toBe('');
    expect(outcome.stderr).toBe(`ledger diff: git does not know the revision ${revision}\n`);
  });

  it('says so and exits 2 outside a git repository', async () => {
    const root = mkdtempSync(join(tmpdir(), 'ledger-nogit-'));
    mkdirSync(join(root, 'content', 'claims'), { recursive: true });
    const outcome = await runInProcess((io) =>
      diffCommand(io, ['HEAD'], { content: join(root, 'content'), models: join(root, 'models'), format: 'text' }),
    );
    expect(outcome.code).toBe(2);
    expect(outcome.stderr).toMatch(/is not inside a git repository, so there is no revision to compare with\n$/);
  });
});
