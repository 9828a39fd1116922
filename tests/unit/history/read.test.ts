/**
 * Reading a claim's history from a repository the test commits to: revisions oldest first, renames
 * followed, the default model of each commit, the commits' own dates, scores then and now, and
 * what a shallow clone or a folder outside git could not see.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { canonicalJson, type Json } from '../../../src/engine/index.ts';
import { traceJson } from '../../../src/lib/claim/claimView.ts';
import { engineCodeHash } from '../../../src/lib/input/codeHash.ts';
import { loadLedger } from '../../../src/lib/input/load.ts';
import { historyTracePath } from '../../../src/lib/paths.ts';
import { directoryFiles, verifySite } from '../../../src/lib/verify/index.ts';
import { REPO_ROOT } from '../../support/cli.ts';
import { readHistory } from '../../../src/lib/history/read.ts';
import { changesFeed } from '../../../src/lib/history/changesFeed.ts';
import { siteHistoryOf } from '../../../src/lib/history/siteHistory.ts';
import type { SiteHistory } from '../../../src/lib/history/historyTypes.ts';
import { claimYaml, GAZETTE, LAB, testRepo, type TestRepo } from './repo.ts';

const VOTE = '  - { voter: m.ito, reputation: 800, value: 0.9 }';
const OTHER = claimYaml({ sources: LAB.source, evidence: LAB.link }).replace('water plant', 'other plant');

let repo: TestRepo;
let commits: string[];

beforeAll(() => {
  repo = testRepo('ledger-strict@0.1.0');
  repo.write('content/claims/water.yaml', claimYaml({ sources: LAB.source, evidence: LAB.link }));
  repo.write('content/claims/other.yaml', OTHER);
  const c1 = repo.commit('First recorded', '2026-10-01T10:00:00Z');
  repo.write(
    'content/claims/water.yaml',
    claimYaml({ sources: `${LAB.source}\n${GAZETTE.source}`, evidence: `${LAB.link}\n${GAZETTE.link}` }),
  );
  const c2 = repo.commit('Gazette report added', '2026-10-05T09:30:00Z');
  // This commit changes the default and another claim, but not the water claim.
  repo.write('models/site.yaml', 'default: ledger@1.1.0\n');
  repo.write('content/claims/other.yaml', OTHER.replace('recorded: 2026-10-02', 'recorded: 2026-10-03'));
  repo.commit('Default model is ledger@1.1.0', '2026-10-07T08:00:00Z');
  repo.git('mv', 'content/claims/water.yaml', 'content/claims/water-plant.yaml');
  repo.write(
    'content/claims/water-plant.yaml',
    claimYaml({ sources: `${LAB.source}\n${GAZETTE.source}`, evidence: `${LAB.link}\n${GAZETTE.link}`, votes: VOTE }),
  );
  const c4 = repo.commit('Renamed, and a vote', '2026-10-09T17:45:00+02:00');
  commits = [c1, c2, c4];
});

function site(r: TestRepo): SiteHistory {
  const { ledger, problems } = loadLedger({ content: r.content, models: r.models });
  expect(problems).toEqual([]);
  const history = readHistory({ content: r.content, models: r.models });
  return siteHistoryOf(history, ledger!.claims, ledger!.models, ledger!.defaultModel, engineCodeHash(), () => null);
}

describe('the history of a claim file', () => {
  it('lists every commit that changed the file, oldest first, following its rename, dated by the commits in UTC', () => {
    const revisions = readHistory({ content: repo.content, models: repo.models }).revisions('water-plant.yaml');
    expect(revisions.map((r) => r.commit)).toEqual(commits);
    expect(revisions.map((r) => r.short)).toEqual(commits.map((c) => c.slice(0, 12)));
    expect(revisions.map((r) => r.date)).toEqual([
      '2026-10-01T10:00:00Z',
      '2026-10-05T09:30:00Z',
      '2026-10-09T15:45:00Z',
    ]);
    expect(revisions.map((r) => r.slug)).toEqual(['water', 'water', 'water-plant']);
    expect(revisions.map((r) => r.subject)).toEqual(['First recorded', 'Gazette report added', 'Renamed, and a vote']);
  });

  it('names the model that site.yaml named as the default at each commit', () => {
    const revisions = readHistory({ content: repo.content, models: repo.models }).revisions('water-plant.yaml');
    expect(revisions.map((r) => r.defaultModel)).toEqual([
      'ledger-strict@0.1.0',
      'ledger-strict@0.1.0',
      'ledger@1.1.0',
    ]);
  });

  it('holds the bytes each commit recorded', () => {
    const revisions = readHistory({ content: repo.content, models: repo.models }).revisions('water-plant.yaml');
    expect(revisions.map((r) => Buffer.from(r.bytes).toString('utf8'))).toEqual([
      claimYaml({ sources: LAB.source, evidence: LAB.link }),
      claimYaml({ sources: `${LAB.source}\n${GAZETTE.source}`, evidence: `${LAB.link}\n${GAZETTE.link}` }),
      claimYaml({ sources: `${LAB.source}\n${GAZETTE.source}`, evidence: `${LAB.link}\n${GAZETTE.link}`, votes: VOTE }),
    ]);
  });

  it('scores each revision under the default then and under today’s default (1.8 and 1.8 + 0.245 or + 0.28 log-odds)', () => {
    const { entries } = site(repo).of('water-plant');
    // 1/(1+e^-1.8) = 0.8581, 1/(1+e^-2.045) = 0.8854, 1/(1+e^-2.08) = 0.8889 (Python's decimal at 40 digits).
    expect(entries.map((e) => [e.then.model, e.then.trace?.result.probability])).toEqual([
      ['ledger-strict@0.1.0', '0.8581'],
      ['ledger-strict@0.1.0', '0.8854'],
      ['ledger@1.1.0', '0.8889'],
    ]);
    expect(entries.map((e) => e.today.trace?.result.probability)).toEqual(['0.8581', '0.8889', '0.8889']);
    expect(entries.map((e) => e.scoreChanged)).toEqual([true, true, false]);
    expect(entries.map((e) => e.then.trace?.claim)).toEqual(['water', 'water', 'water-plant']);
  });

  it('says in words what each revision changed', () => {
    const { entries } = site(repo).of('water-plant');
    expect(entries.map((e) => e.changes)).toEqual([
      ['First recorded, with 1 evidence link, 1 source, 0 reviews and 0 votes.'],
      [
        'Source gazette added (Eastbrook Gazette).',
        'Link gazette-report added (supports, bears directly, second hand report, source gazette).',
      ],
      ['File renamed from water.yaml.', 'Vote by m.ito added: 0.9 (reputation 800).'],
    ]);
  });

  it('publishes a trace per revision under today’s default, and one under the default then when it was another model', () => {
    const traces = site(repo).traces.filter((t) => t.slug === 'water-plant');
    expect(traces.map((t) => [t.commit, t.model, t.trace().model])).toEqual([
      [commits[0]!.slice(0, 12), null, 'ledger@1.1.0'],
      [commits[0]!.slice(0, 12), 'ledger-strict@0.1.0', 'ledger-strict@0.1.0'],
      [commits[1]!.slice(0, 12), null, 'ledger@1.1.0'],
      [commits[1]!.slice(0, 12), 'ledger-strict@0.1.0', 'ledger-strict@0.1.0'],
      [commits[2]!.slice(0, 12), null, 'ledger@1.1.0'],
    ]);
  });

  it('reads the same history twice', () => {
    const once = JSON.stringify(site(repo).claims);
    expect(JSON.stringify(site(repo).claims)).toBe(once);
  });
});

describe('what the history could not see', () => {
  it('outside any git repository: no revisions, and a gap that says so', () => {
    const root = mkdtempSync(join(tmpdir(), 'ledger-nogit-'));
    mkdirSync(join(root, 'content', 'claims'), { recursive: true });
    writeFileSync(
      join(root, 'content', 'claims', 'water.yaml'),
      claimYaml({ sources: LAB.source, evidence: LAB.link }),
    );
    const history = readHistory({ content: join(root, 'content'), models: join(root, 'models') });
    expect(history.gap?.kind).toBe('not-a-repository');
    expect(history.revisions('water.yaml')).toEqual([]);
  });

  it('a shallow clone: only the commits it holds, and a gap naming the oldest date it has', () => {
    const clone = mkdtempSync(join(tmpdir(), 'ledger-shallow-'));
    execFileSync('git', ['clone', '-q', '--depth', '1', `file://${repo.root}`, clone], {
      env: { ...process.env, GIT_CONFIG_NOSYSTEM: '1', GIT_CONFIG_GLOBAL: '/dev/null' },
    });
    const history = readHistory({ content: join(clone, 'content'), models: join(clone, 'models') });
    expect(history.gap).toEqual({ kind: 'shallow', detail: 'nothing before 2026-10-09 is in this clone' });
    expect(history.revisions('water-plant.yaml').map((r) => r.commit)).toEqual([commits[2]]);
  });

  it('a file not committed yet has no revision', () => {
    repo.write('content/claims/new-claim.yaml', claimYaml({ sources: LAB.source, evidence: LAB.link }));
    const history = readHistory({ content: repo.content, models: repo.models });
    expect(history.gap).toBeNull();
    expect(history.revisions('new-claim.yaml')).toEqual([]);
    repo.remove('content/claims/new-claim.yaml');
  });
});

describe('the feed of score changes', () => {
  it('lists each revision that changed a state or probability under today’s default, newest first, dated by its commit', () => {
    const history = site(repo);
    const feed = changesFeed(history.claims, history.defaultModel, 'https://example.org/', '2026-12-01');
    const water = feed.entries.filter((e) => e.category === 'water-plant');
    expect(water.map((e) => [e.updated, e.summary])).toEqual([
      ['2026-10-05T09:30:00Z', 'likely, probability 0.8889 under ledger@1.1.0 (from likely, probability 0.8581).'],
      ['2026-10-01T10:00:00Z', 'likely, probability 0.8581 under ledger@1.1.0 (first scored).'],
    ]);
    expect(water[0]!.id).toBe(`https://example.org/claims/water-plant/history/#rev-${commits[1]!.slice(0, 12)}`);
    expect(feed.updated).toBe('2026-10-05T09:30:00Z');
  });
});

describe('history traces are normal traces', () => {
  it('both verifies find and reproduce every history trace, and catch one that was altered', () => {
    const history = site(repo);
    const { ledger } = loadLedger({ content: repo.content, models: repo.models });
    const dir = mkdtempSync(join(tmpdir(), 'ledger-history-site-'));
    const put = (path: string, text: string): void => {
      mkdirSync(dirname(join(dir, path)), { recursive: true });
      writeFileSync(join(dir, path), text);
    };
    for (const { id, model } of ledger!.models) put(`models/${id}/model.json`, canonicalJson(model as unknown as Json));
    for (const t of history.traces)
      put(historyTracePath(t.slug, t.commit, t.model ?? undefined).slice(1), traceJson(t.trace()));
    const count = history.traces.length;
    expect(verifySite(directoryFiles(dir), { codeHash: engineCodeHash() })).toMatchObject({
      traces: count,
      reproduced: count,
      ok: true,
    });
    const python = spawnSync('python3', [join(REPO_ROOT, 'reference', 'ledger.py'), 'verify', dir], {
      encoding: 'utf8',
    });
    expect([python.status, python.stdout.split('\n')[0]]).toEqual([0, `${count} traces reproduced, 0 differ`]);

    const first = historyTracePath('water-plant', commits[0]!.slice(0, 12)).slice(1);
    put(first, readFileSync(join(dir, first), 'utf8').replace('"0.8581"', '"0.9000"'));
    expect(verifySite(directoryFiles(dir), { codeHash: engineCodeHash() })).toMatchObject({ differ: 1, ok: false });
    expect(spawnSync('python3', [join(REPO_ROOT, 'reference', 'ledger.py'), 'verify', dir]).status).toBe(1);
  });
});

describe('revisions that cannot be scored again', () => {
  it('says why instead of showing a number: a file that does not validate today, one too large, a default model not released today', () => {
    const r = testRepo('ledger-gone@9.9.9');
    const good = claimYaml({ sources: LAB.source, evidence: LAB.link });
    r.write('content/claims/water.yaml', good.replace('type: factual', 'type: factual\ncolour: blue'));
    r.commit('A field the schema does not know', '2026-10-01T10:00:00Z');
    r.write('content/claims/water.yaml', good);
    r.commit('Fixed, while the default was a model that is not released', '2026-10-02T10:00:00Z');
    r.write('content/claims/water.yaml', `${good}# ${'x'.repeat(1024 * 1024)}\n`);
    r.commit('Too large', '2026-10-03T10:00:00Z');
    r.write('content/claims/water.yaml', good.replace('2026-10-02', '2026-10-04'));
    r.write('models/site.yaml', 'default: ledger@1.1.0\n');
    r.commit('Back to size, default ledger@1.1.0', '2026-10-04T10:00:00Z');
    const { entries } = site(r).of('water');
    const short = entries.map((e) => e.revision.short);
    expect(entries.map((e) => e.problems)).toEqual([
      [`${short[0]}:content/claims/water.yaml:3: colour: is not a field here (check its spelling)`],
      [],
      [
        `${short[2]}:content/claims/water.yaml:1: (file): is ${Buffer.byteLength(good) + 2 + 1024 * 1024 + 1} bytes; a ledger file may be at most 1 MiB (1048576 bytes)`,
      ],
      [],
    ]);
    expect(entries.map((e) => [e.then.why, e.today.why])).toEqual([
      [
        'ledger-gone@9.9.9 is not a released model today, so it cannot be scored again.',
        'The file did not validate at this revision.',
      ],
      ['ledger-gone@9.9.9 is not a released model today, so it cannot be scored again.', null],
      [
        'ledger-gone@9.9.9 is not a released model today, so it cannot be scored again.',
        'The file did not validate at this revision.',
      ],
      [null, null],
    ]);
    expect(entries[0]!.changes).toEqual(['The file does not validate today, so what changed cannot be read.']);
    expect(entries[1]!.changes).toEqual(['First recorded, with 1 evidence link, 1 source, 0 reviews and 0 votes.']);
    expect(entries[3]!.changes).toEqual(['Who recorded it, or when, edited.']);
    expect(entries.map((e) => e.scoreChanged)).toEqual([false, true, false, false]);
  });
});
