/**
 * Every revision of every claim file in the repository's history, read with one `git log` walk over
 * the claims folder and the site's default (`site.yaml`), and one `git cat-file --batch` for the
 * contents: never one process per claim or per commit. Renames are followed; the model that was
 * the default at each revision comes from `site.yaml` as it was then.
 */
import { join } from 'node:path';
import { defaultOf } from './ledgerFromFiles.ts';
import { findRepository, logChanges, pathInRepository, readBlobs, type LogCommit, type RawChange } from './git.ts';

/** One committed revision of one claim file. */
export interface Revision {
  readonly commit: string;
  /** The commit's first 12 hex digits: how pages and URLs name it. */
  readonly short: string;
  /** The committer's date, RFC 3339 in UTC (`2026-11-30T15:24:04Z`). */
  readonly date: string;
  /** The first line of the commit message. */
  readonly subject: string;
  /** The file's path then, relative to the repository's top. */
  readonly path: string;
  /** The claim's slug then (its file name without `.yaml`). */
  readonly slug: string;
  /** The file's bytes then. */
  readonly bytes: Uint8Array;
  /** The model `site.yaml` named as the default at that commit, or null when it named none. */
  readonly defaultModel: string | null;
}

/** What the history could not see, in words for a reader; null when it saw the whole history. */
export type HistoryGap =
  | { readonly kind: 'no-git' | 'not-a-repository' | 'outside-repository' | 'unreadable'; readonly detail: string }
  | { readonly kind: 'shallow'; readonly detail: string };

/** The history of a content folder. */
export interface ContentHistory {
  /** What could not be seen (no repository at all, or a shallow clone), or null. */
  readonly gap: HistoryGap | null;
  /** How many commits the walk read. */
  readonly commits: number;
  /** Every committed revision of the claim whose file is now `<claims>/<name>`, oldest first. */
  revisions(name: string): readonly Revision[];
  /**
   * When each revision of `<claims>/<name>` was committed, oldest first, from the log alone (no
   * file read): what the changes feed orders by before it reads and scores the few it lists. A
   * revision whose contents git no longer has is listed here but not in `revisions`.
   */
  stamps(name: string): readonly RevisionStamp[];
  /** Reads, in one go, the contents the revisions of these claims need (otherwise every claim's are read at the first ask). */
  prefetch(names: readonly string[]): void;
}

/** A revision as the log names it, before its contents are read. */
export interface RevisionStamp {
  readonly short: string;
  readonly date: string;
}

const ZERO = /^0+$/;

/** An RFC 3339 UTC timestamp from seconds since the epoch. */
export function utcStamp(seconds: number): string {
  return `${new Date(seconds * 1000).toISOString().slice(0, 19)}Z`;
}

const none = (gap: HistoryGap): ContentHistory => ({
  gap,
  commits: 0,
  revisions: () => [],
  stamps: () => [],
  prefetch: () => undefined,
});

/** Reads the history of `<content>/claims` and `<models>/site.yaml`. */
export function readHistory(options: { content: string; models: string }): ContentHistory {
  const found = findRepository(options.content);
  if (!('repo' in found)) return none({ kind: found.reason, detail: found.detail });
  const { repo } = found;
  const claimsDir = pathInRepository(repo, join(options.content, 'claims'));
  const modelsDir = pathInRepository(repo, options.models);
  if (claimsDir === null || modelsDir === null) {
    return none({ kind: 'outside-repository', detail: `the content is not inside the repository at ${repo.top}` });
  }
  const sitePath = modelsDir === '' ? 'site.yaml' : `${modelsDir}/site.yaml`;
  const log = logChanges(repo, [claimsDir === '' ? '.' : claimsDir, sitePath]);
  if ('error' in log) return none({ kind: 'unreadable', detail: log.error });
  return historyFromLog(log, claimsDir, sitePath, repo.shallow, (ids) => readBlobs(repo, ids));
}

/** A revision before its contents are read. */
interface Pending {
  readonly index: number;
  readonly change: RawChange;
}

/**
 * The history from a parsed log (newest commit first): the pure part of `readHistory`, with the
 * blob reader passed in so that one call reads every content wanted.
 */
export function historyFromLog(
  log: readonly LogCommit[],
  claimsDir: string,
  sitePath: string,
  shallow: boolean,
  read: (ids: readonly string[]) => ReadonlyMap<string, Uint8Array | null>,
): ContentHistory {
  const prefix = claimsDir === '' ? '' : `${claimsDir}/`;
  // Every change to every path, newest first, and the site.yaml blob in force at each commit.
  const byPath = new Map<string, Pending[]>();
  log.forEach((commit, index) =>
    commit.changes.forEach((change) => {
      const list = byPath.get(change.path) ?? [];
      list.push({ index, change });
      byPath.set(change.path, list);
    }),
  );
  const siteBlobAt: (string | null)[] = new Array<string | null>(log.length).fill(null);
  let site: string | null = null;
  for (let i = log.length - 1; i >= 0; i--) {
    for (const change of log[i]!.changes) {
      if (change.path === sitePath) site = change.status === 'D' ? null : change.blob;
      else if (change.from === sitePath && change.status === 'R') site = null;
    }
    siteBlobAt[i] = site;
  }

  const chains = new Map<string, Pending[]>();
  const chainOf = (name: string): Pending[] => {
    const cached = chains.get(name);
    if (cached) return cached;
    const chain: Pending[] = [];
    let path = `${prefix}${name}`;
    let after = -1;
    for (;;) {
      const next = (byPath.get(path) ?? []).find((p) => p.index > after && p.change.status !== 'D');
      if (next === undefined) break;
      chain.push(next);
      after = next.index;
      if ((next.change.status === 'R' || next.change.status === 'C') && next.change.from !== null) {
        if (next.change.status === 'C') break;
        path = next.change.from;
      } else if (next.change.status === 'A') break;
    }
    chains.set(name, chain);
    return chain;
  };

  // Every blob any claim's chain may need, read in one go the first time a revision is asked for,
  // unless `prefetch` read the ones a few claims need first (the changes feed reads only those).
  const blobs = new Map<string, Uint8Array | null>();
  let everyBlob = false;
  const take = (ids: readonly string[]): void => {
    const wanted = [...new Set(ids)].filter((id) => !blobs.has(id));
    if (wanted.length === 0) return;
    const found = read(wanted);
    for (const id of wanted) blobs.set(id, found.get(id) ?? null);
  };
  const blobOf = (id: string): Uint8Array | null => {
    if (ZERO.test(id)) return null;
    if (!blobs.has(id) && !everyBlob) {
      const ids: string[] = [];
      for (const [path, list] of byPath) {
        if (path.startsWith(prefix) && !path.slice(prefix.length).includes('/')) {
          for (const { change } of list) if (!ZERO.test(change.blob)) ids.push(change.blob);
        }
      }
      for (const site of siteBlobAt) if (site !== null) ids.push(site);
      take(ids);
      everyBlob = true;
    }
    return blobs.get(id) ?? null;
  };
  const defaults = new Map<string, string | null>();
  const defaultAt = (index: number): string | null => {
    const blob = siteBlobAt[index] ?? null;
    if (blob === null) return null;
    if (!defaults.has(blob)) {
      const bytes = blobOf(blob);
      defaults.set(blob, bytes === null ? null : defaultOf({ label: sitePath, name: 'site.yaml', bytes }));
    }
    return defaults.get(blob) ?? null;
  };

  // The commits that changed a claim's file, oldest first, less those that left it as it was (as
  // `revisions` below, but from the log alone).
  const changesOf = (name: string): Pending[] => {
    const out: Pending[] = [];
    for (const pending of [...chainOf(name)].reverse()) {
      if (out.length > 0 && out[out.length - 1]!.change.blob === pending.change.blob) continue;
      out.push(pending);
    }
    return out;
  };
  const stamps = (name: string): RevisionStamp[] =>
    changesOf(name).map(({ index }) => ({ short: log[index]!.commit.slice(0, 12), date: utcStamp(log[index]!.time) }));
  const prefetch = (names: readonly string[]): void => {
    if (everyBlob) return;
    const ids = names.flatMap((name) =>
      changesOf(name).flatMap(({ index, change }) => [
        ...(ZERO.test(change.blob) ? [] : [change.blob]),
        ...(siteBlobAt[index] ? [siteBlobAt[index]] : []),
      ]),
    );
    take(ids);
  };

  const revisions = (name: string): Revision[] => {
    const out: { revision: Revision; blob: string }[] = [];
    for (const { index, change } of [...chainOf(name)].reverse()) {
      // A commit that leaves the file as it was (a merge bringing in a change already listed) is no revision.
      if (out.length > 0 && out[out.length - 1]!.blob === change.blob) continue;
      const bytes = blobOf(change.blob);
      if (bytes === null) continue;
      const commit = log[index]!;
      const file = change.path.slice(change.path.lastIndexOf('/') + 1);
      const revision: Revision = {
        commit: commit.commit,
        short: commit.commit.slice(0, 12),
        date: utcStamp(commit.time),
        subject: commit.subject,
        path: change.path,
        slug: file.replace(/\.ya?ml$/, ''),
        bytes,
        defaultModel: defaultAt(index),
      };
      out.push({ revision, blob: change.blob });
    }
    return out.map(({ revision }) => revision);
  };

  const oldest = log.length > 0 ? utcStamp(log[log.length - 1]!.time).slice(0, 10) : null;
  const gap: HistoryGap | null = shallow
    ? {
        kind: 'shallow',
        detail: oldest === null ? 'no commit is in this clone' : `nothing before ${oldest} is in this clone`,
      }
    : null;
  return { gap, commits: log.length, revisions, stamps, prefetch };
}
