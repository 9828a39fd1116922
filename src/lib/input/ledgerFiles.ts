/**
 * The files of the ledger's folders: the claim files of a claims folder and the model files of a
 * models folder, with a problem for a link, a folder or a file the build would not read.
 */
import { byCodeUnit } from '../../engine/order.ts';
import { existsSync, lstatSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { LOCK_FILE } from './lock.ts';
import type { Problem } from './problems.ts';
import { display, fileProblem, SYMLINK_MESSAGE } from './readText.ts';

/** The name of the file that names the site's default model. */
export const SITE_FILE = 'site.yaml';

/** The problem with a folder the ledger reads, if it is a symbolic link or not a folder; null if it is missing. */
export function folderProblem(dir: string, what: string): Problem | null {
  try {
    const stat = lstatSync(dir);
    if (stat.isSymbolicLink()) return fileProblem(dir, SYMLINK_MESSAGE, '(folder)');
    if (!stat.isDirectory()) return fileProblem(dir, `is not a folder, but the ${what} folder must be one`, '(folder)');
    return null;
  } catch {
    return null;
  }
}

/** Lists the files in a folder with one of the given endings, sorted by name. */
export function listFiles(dir: string, endings: readonly string[]): string[] {
  if (!existsSync(dir) || !statSync(dir).isDirectory()) return [];
  return readdirSync(dir)
    .filter((name) => endings.some((ending) => name.endsWith(ending)))
    .sort()
    .map((name) => join(dir, name));
}

/** A name YAML tools write for YAML but the ledger does not read, such as `x.yml` or `x.YAML`. */
const OTHER_YAML = /\.(ya?ml)$/i;

/**
 * The claim files of a claims folder (`<slug>.yaml`, sorted) and a problem for everything else in
 * it: a file the build would not read is a claim silently lost (`same.yml` beside `same.yaml`).
 * Hidden files (`.gitkeep`, `.DS_Store`) are left alone.
 */
export function claimFiles(dir: string): { files: string[]; problems: Problem[] } {
  const folder = folderProblem(dir, 'claims');
  if (folder !== null) return { files: [], problems: [folder] };
  if (!existsSync(dir)) return { files: [], problems: [] };
  const files: string[] = [];
  const problems: Problem[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) => byCodeUnit(a.name, b.name))) {
    const path = join(dir, entry.name);
    if (entry.name.startsWith('.')) continue;
    if (entry.isSymbolicLink()) problems.push(fileProblem(path, SYMLINK_MESSAGE));
    else if (entry.isDirectory())
      problems.push(fileProblem(path, `is a folder; ${display(dir)} holds claim files (<slug>.yaml) only`));
    else if (entry.name.endsWith('.yaml')) files.push(path);
    else {
      const rename = OTHER_YAML.test(entry.name) ? `; rename it to ${entry.name.replace(OTHER_YAML, '.yaml')}` : '';
      problems.push(
        fileProblem(
          path,
          `is not a claim file: a claim is <slug>.yaml (lower-case .yaml), and the build would not read this one${rename}`,
          '(file name)',
        ),
      );
    }
  }
  return { files, problems };
}

/** The model files of a models folder (`*.yaml` but site.yaml, sorted) and a problem for a link or a misnamed model file. */
export function modelFiles(dir: string): { files: string[]; problems: Problem[] } {
  const files: string[] = [];
  const problems: Problem[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) => byCodeUnit(a.name, b.name))) {
    const path = join(dir, entry.name);
    // The lock and site.yaml are refused as links when they are read.
    if (entry.name.startsWith('.') || entry.name === SITE_FILE || entry.name === LOCK_FILE) continue;
    if (entry.isSymbolicLink()) problems.push(fileProblem(path, SYMLINK_MESSAGE));
    else if (entry.name.endsWith('.yaml')) {
      files.push(path);
    } else if (OTHER_YAML.test(entry.name)) {
      problems.push(
        fileProblem(
          path,
          `is not read: a model file is <name>@<version>.yaml (lower-case .yaml); rename it to ${entry.name.replace(OTHER_YAML, '.yaml')}`,
          '(file name)',
        ),
      );
    }
  }
  return { files, problems };
}
