/**
 * What `LEDGER_DIST` may name. A build replaces the whole folder it is given (the old one is
 * renamed away and deleted once the new one is in place), so a folder that holds anything but a
 * site it built would be deleted with it: the project itself, the content, the home folder.
 */
import { existsSync, lstatSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { isWithin, shownPath } from './paths.ts';

/** The project's folders that a site may never be published over (besides the content and models). */
const SOURCE_FOLDERS = [
  '.git',
  '.cache',
  'content',
  'models',
  'node_modules',
  'public',
  'reference',
  'scripts',
  'src',
  'tests',
];

/**
 * Why `out` may not be built into, or null when it may: it must not be or hold the project or a
 * folder the build reads, and a folder already there must be empty or a site (with index.html, or a server build's store).
 */
export function targetProblem(out: string, root: string, reads: readonly string[]): string | null {
  const name = `LEDGER_DIST=${shownPath(out)}`;
  if (isWithin(root, out))
    return `${name} is the project folder or holds it, and a build replaces the whole folder it is given: set LEDGER_DIST to a folder of its own, such as dist`;
  for (const folder of [...SOURCE_FOLDERS.map((f) => join(root, f)), ...reads]) {
    if (isWithin(out, folder) || isWithin(folder, out))
      return `${name} is or holds ${shownPath(folder)}, which the build reads or keeps, and a build replaces the whole folder it is given: set LEDGER_DIST to a folder of its own, such as dist`;
  }
  if (!existsSync(out)) return null;
  const stat = lstatSync(out);
  if (stat.isSymbolicLink())
    return `${name} is a symbolic link, which a build would replace with a folder: set LEDGER_DIST to the folder it points at`;
  if (!stat.isDirectory()) return `${name} is a file, not a folder: remove it or set LEDGER_DIST to a folder`;
  const names = readdirSync(out);
  // A server build (npm run build:server) holds its trace store beside client/index.html.
  const serverBuild = names.includes('store.sqlite') && existsSync(join(out, 'client', 'index.html'));
  if (names.length > 0 && !names.includes('index.html') && !serverBuild)
    return `${name} holds files but no index.html, so it is not a site a build made, and a build replaces the whole folder it is given: empty it or set LEDGER_DIST to a folder of its own`;
  return null;
}
