/**
 * One large file in git history must not wipe the history or crash `diff`: a blob's size is read
 * (`git cat-file --batch-check`) before its bytes, one larger than a ledger file may be is never
 * read, and the revision that holds it is named with its size while the other revisions stay;
 * `ledger diff` against such a revision names the file instead of running out of buffer.
 */
import { rmSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { diffCommand } from '../../../src/cli/diff.ts';
import { findRepository, readBlobs, UnreadBlob } from '../../../src/lib/history/git.ts';
import { readHistory } from '../../../src/lib/history/read.ts';
import { looksLikeStackTrace, runInProcess } from '../../support/cli.ts';
import { claimYaml, LAB, testRepo } from './repo.ts';

const repos: string[] = [];
afterAll(() => repos.forEach((root) => rmSync(root, { recursive: true, force: true })), 60_000);

/** A repository whose claim was good, then 1.5 MiB, then good again. */
function bloated(): { repo: ReturnType<typeof testRepo>; big: string } {
  const repo = testRepo('ledger@1.1.0');
  repos.push(repo.root);
  const good = claimYaml({ sources: LAB.source, evidence: LAB.link });
  repo.write('content/claims/water.yaml', good);
  repo.commit('First recorded', '2026-10-01T10:00:00Z');
  repo.write('content/claims/water.yaml', `${good}note: ${'x'.repeat(1.5 * 2 ** 20)}\n`);
  const big = repo.commit('A huge note', '2026-10-02T10:00:00Z');
  repo.write('content/claims/water.yaml', good.replace('every quarterly test', 'all quarterly tests'));
  repo.commit('Note removed', '2026-10-03T10:00:00Z');
  return { repo, big };
}

describe('a blob larger than a ledger file', () => {
  it('is sized before it is read, and not read', () => {
    const { repo } = bloated();
    const found = findRepository(repo.root);
    if (!('repo' in found)) throw new Error('no repository');
    const [small, large] = ['HEAD:content/claims/water.yaml', 'HEAD~1:content/claims/water.yaml'].map((rev) =>
      repo.git('rev-parse', rev).trim(),
    );
    const blobs = readBlobs(found.repo, [small!, large!], 4096);
    expect(blobs.get(small!)).toBeInstanceOf(Buffer);
    const unread = blobs.get(large!);
    expect(unread).toBeInstanceOf(UnreadBlob);
    expect((unread as UnreadBlob).reason).toMatch(
      /^is 157\d{4} bytes in this revision; a ledger file may be at most 4096 bytes/,
    );
  });

  it('names the one revision that holds it, and keeps the others', () => {
    const { repo, big } = bloated();
    const revisions = readHistory({ content: repo.content, models: repo.models }).revisions('water.yaml');
    expect(revisions.map((r) => r.commit)).toHaveLength(3);
    const bloatedRevision = revisions.find((r) => r.commit === big)!;
    expect(bloatedRevision.bytes).toBeInstanceOf(UnreadBlob);
    expect(revisions.filter((r) => r.bytes.length > 0)).toHaveLength(2);
  });

  it('makes ledger diff name the file, not crash', async () => {
    const { repo } = bloated();
    const run = await runInProcess((io) =>
      diffCommand(io, ['HEAD~1'], { content: repo.content, models: repo.models, format: 'text' }),
    );
    expect(looksLikeStackTrace(run.stderr)).toBe(false);
    expect(run.stderr).toMatch(
      /content\/claims\/water\.yaml:1: \(file\): is 157\d{4} bytes; a ledger file may be at most 1 MiB/,
    );
  });
});
