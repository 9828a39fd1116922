/**
 * The changes feed lists the newest FEED_ENTRIES score changes and reads only the claims it needs
 * (issue 18): walking the revisions newest first, it stops once it has enough, and what it lists
 * is exactly the head of the feed built from every claim's whole history.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { basename } from 'node:path';
import { rmSync } from 'node:fs';
import { engineCodeHash } from '../../../src/lib/input/codeHash.ts';
import { loadLedger } from '../../../src/lib/input/load.ts';
import { readHistory } from '../../../src/lib/history/read.ts';
import { changesFeed, FEED_ENTRIES } from '../../../src/lib/history/changesFeed.ts';
import { recentChangesOf, siteHistoryOf } from '../../../src/lib/history/siteHistory.ts';
import { claimYaml, GAZETTE, LAB, testRepo, type TestRepo } from './repo.ts';

let repo: TestRepo;
const CLAIMS = 12;
const slugOf = (i: number) => `claim-${String(i).padStart(2, '0')}`;

beforeAll(() => {
  repo = testRepo('ledger@1.1.0');
  // Commit 1 records every claim; commit k (2..12) adds a second source to claim k − 1 alone, a day apart,
  // so the newest change is claim 11's, then claim 10's, and so on.
  for (let i = 0; i < CLAIMS; i++)
    repo.write(
      `content/claims/${slugOf(i)}.yaml`,
      claimYaml({ sources: LAB.source, evidence: LAB.link }).replace('water plant', `plant ${i}`),
    );
  repo.commit('Every claim', '2026-10-01T10:00:00Z');
  for (let i = 1; i < CLAIMS; i++) {
    const file = `content/claims/${slugOf(i)}.yaml`;
    repo.write(
      file,
      claimYaml({ sources: `${LAB.source}\n${GAZETTE.source}`, evidence: `${LAB.link}\n${GAZETTE.link}` }).replace(
        'water plant',
        `plant ${i}`,
      ),
    );
    repo.commit(`A second source for ${slugOf(i)}`, `2026-10-${String(1 + i).padStart(2, '0')}T10:00:00Z`);
  }
});
afterAll(() => rmSync(repo.root, { recursive: true, force: true }));

function load() {
  const { ledger } = loadLedger({ content: repo.content, models: repo.models });
  return ledger!;
}

/** The feed of the `count` newest score changes under ledger@1.1.0, read two claims a batch. */
function newest(history: Parameters<typeof recentChangesOf>[0], ledger: ReturnType<typeof load>, count: number) {
  const { claims, models } = ledger;
  return recentChangesOf(
    history,
    claims,
    models,
    'ledger@1.1.0',
    engineCodeHash(),
    'https://example.org/',
    '2026-12-01',
    count,
    {
      batch: 2,
    },
  );
}

describe('the feed of the newest score changes', () => {
  it('caps the feed at 50 entries', () => {
    expect(FEED_ENTRIES).toBe(50);
  });

  it('lists the head of the whole feed, and reads only the claims of the newest revisions', () => {
    const ledger = load();
    const history = readHistory({ content: repo.content, models: repo.models });
    const claims = ledger.claims;
    const all = siteHistoryOf(history, claims, ledger.models, 'ledger@1.1.0', engineCodeHash(), () => null);
    const whole = changesFeed(all.claims, 'ledger@1.1.0', 'https://example.org/', '2026-12-01', 1000);
    // 12 first scorings and 11 second sources that each move a probability.
    expect(whole.entries.length).toBe(23);
    const fresh = readHistory({ content: repo.content, models: repo.models });
    const recent = newest(fresh, ledger, 3);
    expect(recent.feed.entries).toEqual(whole.entries.slice(0, 3));
    expect(recent.feed.entries.map((e) => e.category)).toEqual([slugOf(11), slugOf(10), slugOf(9)]);
    // Two claims a batch: the three newest changes are three claims', so two batches, four claims of twelve.
    expect(recent.claimsRead).toBe(4);
    expect(recent.feed.updated).toBe('2026-10-12T10:00:00Z');
  });

  it('reads no claim file beyond the ones its batch needs', () => {
    const ledger = load();
    const history = readHistory({ content: repo.content, models: repo.models });
    const asked: string[] = [];
    const counting = {
      ...history,
      revisions: (name: string) => {
        asked.push(name);
        return history.revisions(name);
      },
    };
    newest(counting, ledger, 1);
    expect(asked[0]).toBe(`${slugOf(11)}.yaml`);
    expect(asked).toEqual([`${slugOf(11)}.yaml`, `${slugOf(10)}.yaml`]);
    expect(new Set(asked).size).toBe(asked.length);
    expect(ledger.claims.map((c) => basename(c.file))).toContain(asked[0]);
  });
});
