/** What a snapshot is of, and the name it is filed under. */

/** What a snapshot records about the site it copies. */
export interface SnapshotInfo {
  /** The build's date, `YYYY-MM-DD`. */
  readonly date: string;
  /** The commit the site was built from, or null outside a git checkout. */
  readonly commit: string | null;
  /** The default model's id. */
  readonly defaultModel: string;
  /** The engine's code hash, `sha256:<64 hex>`. */
  readonly codeHash: string;
  /** The site's public address, `https://…` with no trailing slash. */
  readonly origin: string;
}

/** The first 12 hex digits of a code hash. */
export const shortHash = (codeHash: string): string => codeHash.replace(/^sha256:/, '').slice(0, 12);

/** `claim-ledger-<date>-<default model>-<code hash, 12 hex>`: the archive's name without extension. */
export function snapshotName(info: Pick<SnapshotInfo, 'date' | 'defaultModel' | 'codeHash'>): string {
  return `claim-ledger-${info.date}-${info.defaultModel}-${shortHash(info.codeHash)}`;
}
