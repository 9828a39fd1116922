/**
 * `public/` is copied into the site as it is, and Vite follows symbolic links while copying: a
 * link there would publish whatever it points at, anywhere on the machine (and prepare-assets
 * would write through a linked `public/katex/`). So a link anywhere under it stops the build.
 */
import { lstatSync } from 'node:fs';
import { join } from 'node:path';
import { findSymlinks } from '../../input/symlinks.ts';
import { shownPath } from './paths.ts';

/** One sentence per symbolic link in the project's `public/` (or `public/` itself being one). */
export function publicLinks(root: string): string[] {
  const folder = join(root, 'public');
  const stat = lstatSync(folder, { throwIfNoEntry: false });
  if (stat === undefined) return [];
  const advice = 'and the build would publish what it points at: put the file or folder itself there instead';
  if (stat.isSymbolicLink()) return [`${shownPath(folder)} is a symbolic link, ${advice}`];
  return findSymlinks(folder).map(
    ({ path, target }) => `${shownPath(join(folder, ...path.split('/')))} is a symbolic link (to ${target}), ${advice}`,
  );
}
