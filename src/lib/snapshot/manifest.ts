/**
 * `MANIFEST.sha256`: every file of a snapshot but itself, with its SHA-256, in the format
 * `sha256sum -c` reads (`<64 hex>  <path>`), sorted by path; and the check `verify` makes of it.
 */
import { createHash } from 'node:crypto';
import { byBytes } from '../input/folderWalk.ts';

/** The manifest's name, at the snapshot's root. */
export const MANIFEST = 'MANIFEST.sha256';

/** The files of a snapshot, by path relative to its root (with `/`). */
export interface FileSource {
  /** Every file's path. */
  list(): readonly string[];
  /** A file's bytes, or null when there is no such file. */
  read(path: string): Uint8Array | null;
}

/** One thing wrong with a snapshot's files, named by the file it is about. */
export interface ManifestFinding {
  readonly file: string;
  readonly field: null;
  readonly message: string;
}

/** The SHA-256 of some bytes, as 64 lowercase hex digits with no `sha256:` prefix (the engine's `sha256Hex` writes one). */
export function sha256Digits(bytes: Uint8Array): string {
  return createHash('sha256').update(bytes).digest('hex');
}

/** A path `sha256sum` can list as written: no newline, no backslash, relative, no `..`. */
export function listablePath(path: string): boolean {
  return (
    path !== '' &&
    !/[\n\r\\]/.test(path) &&
    !path.startsWith('/') &&
    !path.split('/').some((s) => s === '' || s === '.' || s === '..')
  );
}

/** Why a manifest path is not a plain relative path inside the snapshot, or null when it is one. */
export function unlistableReason(path: string): string | null {
  if (path.startsWith('/') || /^[A-Za-z]:/.test(path)) return 'an absolute path';
  if (path.includes('\\')) return 'a backslash in a path';
  if (/[\n\r]/.test(path)) return 'a line break in a path';
  if (path.split('/').includes('..')) return 'climbs out of the snapshot with `..`';
  if (!listablePath(path)) return 'an empty or `.` segment in a path';
  return null;
}

/** Writes the manifest of some files (any entry named MANIFEST.sha256 is left out). */
export function makeManifest(files: ReadonlyMap<string, Uint8Array>): string {
  const paths = [...files.keys()].filter((path) => path !== MANIFEST).sort(byBytes);
  for (const path of paths)
    if (!listablePath(path)) throw new Error(`cannot list ${JSON.stringify(path)} in ${MANIFEST}`);
  return paths.map((path) => `${sha256Digits(files.get(path)!)}  ${path}\n`).join('');
}

/** A manifest's entries, and a finding for each line that is not `<64 hex>  <path>`. */
export function parseManifest(text: string): { entries: Map<string, string>; findings: ManifestFinding[] } {
  const entries = new Map<string, string>();
  const findings: ManifestFinding[] = [];
  const lines = text.split('\n');
  if (lines[lines.length - 1] === '') lines.pop();
  lines.forEach((line, i) => {
    const match = /^([0-9a-fA-F]{64}) [ *](.+)$/.exec(line.replace(/\r$/, ''));
    if (match === null) {
      findings.push({
        file: MANIFEST,
        field: null,
        message: `line ${i + 1}: not "<sha256>  <path>": ${JSON.stringify(line.slice(0, 80))}`,
      });
      return;
    }
    const path = match[2]!.replace(/^\.\//, '');
    // A listed path is never looked up unless it names a file inside the snapshot: a line such as
    // `../../etc/passwd` would otherwise have verify hash (and print the digest of) a file outside it.
    const unsafe = unlistableReason(path);
    if (unsafe !== null)
      findings.push({
        file: MANIFEST,
        field: null,
        message: `line ${i + 1}: refused path ${JSON.stringify(path)}: ${unsafe}`,
      });
    else if (entries.has(path))
      findings.push({ file: MANIFEST, field: null, message: `line ${i + 1}: ${path} is listed twice` });
    else entries.set(path, match[1]!.toLowerCase());
  });
  return { entries, findings };
}

/** Whether a set of files carries a manifest (a snapshot does; a built site does not). */
export function hasManifest(files: FileSource): boolean {
  return files.list().includes(MANIFEST);
}

/**
 * Checks a snapshot's files against its manifest: every listed file is present with that hash,
 * and no file is there that the manifest does not list. No findings means it is intact.
 */
export function checkManifest(files: FileSource): ManifestFinding[] {
  const bytes = files.read(MANIFEST);
  if (bytes === null)
    return [{ file: MANIFEST, field: null, message: 'missing: this is not a snapshot, or its manifest was removed' }];
  const { entries, findings } = parseManifest(new TextDecoder().decode(bytes));
  for (const [path, expected] of entries) {
    const content = files.read(path);
    if (content === null)
      findings.push({
        file: path,
        field: null,
        message: `listed in ${MANIFEST} but missing (removed after the snapshot was made)`,
      });
    else {
      const actual = sha256Digits(content);
      if (actual !== expected)
        findings.push({
          file: path,
          field: null,
          message: `changed after the snapshot was made: SHA-256 is ${actual}, ${MANIFEST} lists ${expected}`,
        });
    }
  }
  for (const path of files.list()) {
    if (path !== MANIFEST && !entries.has(path))
      findings.push({
        file: path,
        field: null,
        message: `not listed in ${MANIFEST} (added after the snapshot was made)`,
      });
  }
  return findings.sort((a, b) => byBytes(a.file, b.file));
}
