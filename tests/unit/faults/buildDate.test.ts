/**
 * A copy of the repository without `.git` used to be dated 1970-01-01. With neither
 * SOURCE_DATE_EPOCH nor git history, the build is dated by the newest date its content states
 * (a claim's `recorded`, a review's `on`, a model's `released`) and says so; never by the clock.
 */
import { execFileSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { snapshotCommand } from '../../../src/cli/snapshot.ts';
import type { Claim, Model } from '../../../src/engine/index.ts';
import { buildDate, contentDates, dateNote, datedBy } from '../../../src/lib/site/buildInfo.ts';
import { loadLedger } from '../../../src/lib/input/load.ts';
import { writeAtomically } from '../../../src/lib/snapshot/files.ts';
import { REPO_ROOT, tempDir, workspace } from '../../support/cli.ts';
import { fixtureSite } from '../snapshot/fixture.ts';

const claim = (recorded: string, reviews: string[]): { claim: Claim } => ({
  claim: {
    recorded,
    reviews: reviews.map((on) => ({ check: 'primary-source-reviewed', by: 'm.ito', on })),
  } as unknown as Claim,
});
const model = (released: string): { model: Model } => ({ model: { released } as unknown as Model });

describe('the build date of a copy without git history', () => {
  const noGit = tempDir(); // under the system's temporary folder, in no repository

  it.each([
    [
      'a claim’s recorded',
      [claim('2026-10-09', ['2026-10-04']), claim('2026-10-02', [])],
      [model('2026-09-30')],
      '2026-10-09',
    ],
    ['a review’s on', [claim('2026-10-02', ['2026-10-04', '2026-12-24'])], [model('2026-11-02')], '2026-12-24'],
    [
      'a model’s released',
      [claim('2026-10-02', ['2026-10-04'])],
      [model('2025-01-01'), model('2027-02-03')],
      '2027-02-03',
    ],
  ])('is the newest date in the content, here %s', (_, claims, models, newest) => {
    expect(buildDate({}, { cwd: noGit, dates: () => contentDates(claims, models) })).toBe(newest);
  });

  it('is the newest date the fixture content states (its model, released 2026-11-02)', () => {
    const ws = workspace();
    ws.copy(join('claims', 'water-plant.yaml'), join('content', 'claims', 'water-plant.yaml'));
    ws.copy(join('claims', 'school-closure.yaml'), join('content', 'claims', 'school-closure.yaml'));
    const { ledger } = loadLedger({ content: ws.content, models: ws.models });
    expect(buildDate({}, { cwd: noGit, dates: () => contentDates(ledger!.claims, ledger!.models) })).toBe('2026-11-02');
  });

  it('says where the date came from, in one line', () => {
    const dated = datedBy({}, { cwd: noGit, dates: () => ['2026-10-02', '2026-11-02'] });
    expect(dated).toEqual({ date: '2026-11-02', source: 'content' });
    expect(dateNote(dated)).toBe(
      "The site is dated 2026-11-02, the newest date in the content (claims' recorded, reviews' on, models' released), as neither SOURCE_DATE_EPOCH nor git history gives a date.\n",
    );
  });

  it('says so clearly when the content has no date either', () => {
    const dated = datedBy({}, { cwd: noGit, dates: () => [] });
    expect(dated).toEqual({ date: '1970-01-01', source: 'none' });
    expect(dateNote(dated)).toBe(
      'The site is dated 1970-01-01: neither SOURCE_DATE_EPOCH, git history nor the content gives a date; set SOURCE_DATE_EPOCH to date it.\n',
    );
  });

  it('still comes from SOURCE_DATE_EPOCH first, then from the last commit, with no note', () => {
    const dates = (): string[] => ['2099-01-01'];
    expect(datedBy({ SOURCE_DATE_EPOCH: '1790000000' }, { cwd: noGit, dates })).toEqual({
      date: '2026-09-21',
      source: 'SOURCE_DATE_EPOCH',
    });
    const committed = execFileSync('git', ['log', '-1', '--format=%cd', '--date=format-local:%Y-%m-%d'], {
      cwd: REPO_ROOT,
      encoding: 'utf8',
      env: { ...process.env, TZ: 'UTC' },
    }).trim();
    expect(datedBy({}, { cwd: REPO_ROOT, dates })).toEqual({ date: committed, source: 'git' });
    expect(dateNote({ date: committed, source: 'git' })).toBeNull();
  });
});

it('ledger snapshot without git history is dated by the date the site records, and says so', async () => {
  const root = tempDir();
  for (const [path, bytes] of fixtureSite()) writeAtomically(join(root, 'site', ...path.split('/')), bytes);
  writeAtomically(
    join(root, 'site', 'data', 'scores.json'),
    `${JSON.stringify({ exportFormat: 1, buildDate: '2026-11-02' })}\n`,
  );
  const err: string[] = [];
  const env: NodeJS.ProcessEnv = { ...process.env, LEDGER_SITE: 'https://claim-ledger.example.org/' };
  delete env['SOURCE_DATE_EPOCH'];

  const code = await snapshotCommand(
    { out: () => undefined, err: (t) => void err.push(t) },
    { dist: 'site', out: 'snapshots' },
    { cwd: root, progress: false, env },
  );

  expect(code).toBe(0);
  expect(readdirSync(join(root, 'snapshots')).filter((name) => name.endsWith('.zip'))).toEqual([
    'claim-ledger-2026-11-02-m@1.0.0-ab12ab12ab12.zip',
  ]);
  expect(err.filter((line) => !line.startsWith('warning:'))).toEqual([
    'The snapshot is dated 2026-11-02, the build date site/data/scores.json records, as neither SOURCE_DATE_EPOCH nor git history gives a date.\n',
  ]);
});

it('takes no date from a site that is not a date (it would name the snapshot file)', () => {
  const noGit = tempDir();
  for (const hostile of ['../../../outside', '2026-11-02/../../x', '20261102'])
    expect(datedBy({}, { cwd: noGit, dates: () => [hostile] })).toEqual({ date: '1970-01-01', source: 'none' });
});
