/**
 * A past revision's ledger, read with `git ls-tree` and `git cat-file --batch` (no checkout): its
 * claim files, model files, released lock and site default, validated as the loader would.
 */
import type { LoadedClaim } from '../input/load.ts';
import type { Problem } from '../input/problems.ts';
import type { LedgerSide } from './diff.ts';
import { listTree, readBlobs, type Repository, type TreeFile } from './git.ts';
import { claimFromBytes, lockFromBytes, modelsFromBytes, type FileBytes } from './ledgerFromFiles.ts';

/** A revision's ledger and the lock it records. */
export interface RevisionLedger {
  readonly side: LedgerSide;
  readonly lock: ReadonlyMap<string, string>;
  readonly problems: readonly Problem[];
}

const isYaml = (name: string): boolean => /\.ya?ml$/.test(name);

/** The file's name inside `folder`, or null when it is not directly in that folder. */
function nameIn(folder: string, path: string): string | null {
  const prefix = folder === '' ? '' : `${folder}/`;
  if (!path.startsWith(prefix)) return null;
  const name = path.slice(prefix.length);
  return name.includes('/') ? null : name;
}

/**
 * Reads the claims (`claimsDir`) and models (`modelsDir`, both relative to the repository's top)
 * of one commit; `label` is how messages name the revision (what the user typed).
 */
export function readRevision(
  repo: Repository,
  commit: string,
  label: string,
  claimsDir: string,
  modelsDir: string,
): RevisionLedger | { error: string } {
  const tree = listTree(repo, commit, [claimsDir, modelsDir]);
  if ('error' in tree) return tree;
  const claimFiles: { file: TreeFile; name: string }[] = [];
  const modelFiles: { file: TreeFile; name: string }[] = [];
  const problems: Problem[] = [];
  for (const file of tree) {
    const claimName = nameIn(claimsDir, file.path);
    const modelName = nameIn(modelsDir, file.path);
    const name = claimName ?? modelName;
    if (name === null) continue;
    // A symbolic link among the content is refused (docs/design.md §3), in the past as now.
    if (file.mode === '120000') {
      problems.push({
        file: `${label}:${file.path}`,
        line: 1,
        field: '(file)',
        message: 'is a symbolic link, which the ledger refuses',
      });
      continue;
    }
    if (claimName !== null && isYaml(claimName)) claimFiles.push({ file, name: claimName });
    else if (modelName !== null && (isYaml(modelName) || modelName === 'released.lock'))
      modelFiles.push({ file, name: modelName });
  }
  const blobs = readBlobs(
    repo,
    [...claimFiles, ...modelFiles].map(({ file }) => file.blob),
  );
  const bytesOf = ({ file, name }: { file: TreeFile; name: string }): FileBytes => ({
    label: `${label}:${file.path}`,
    name,
    bytes: blobs.get(file.blob) ?? new Uint8Array(),
  });
  const site = modelFiles.find((f) => f.name === 'site.yaml');
  const lockFile = modelFiles.find((f) => f.name === 'released.lock');
  const {
    models,
    defaultModel,
    problems: modelProblems,
  } = modelsFromBytes(modelFiles.filter((f) => f !== site && f !== lockFile).map(bytesOf), site ? bytesOf(site) : null);
  problems.push(...modelProblems);
  const claims: LoadedClaim[] = [];
  for (const file of claimFiles) {
    const { loaded, problems: invalid } = claimFromBytes(bytesOf(file), models);
    problems.push(...invalid);
    if (loaded) claims.push(loaded);
  }
  const lock = lockFromBytes(lockFile ? (blobs.get(lockFile.file.blob) ?? null) : null);
  return { side: { claims, models, defaultModel }, lock, problems };
}
