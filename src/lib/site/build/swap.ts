/**
 * Putting a finished site in place of the old one: moved beside `out` if it was built elsewhere
 * (copied when that is another file system), then two renames, so the site is never half-written;
 * if a step fails, everything is put back as it was and the new site is removed.
 */
import { cpSync, existsSync, renameSync, rmSync } from 'node:fs';
import type { BuildPaths } from './paths.ts';

/** How a swap ended: done (perhaps with a warning), or refused with the folder that could not be written. */
export type SwapResult = { readonly warning: string | null } | { readonly failed: string; readonly code: string };

const codeOf = (error: unknown): string => (error as NodeJS.ErrnoException).code ?? String(error);
const pathOf = (error: unknown, fallback: string): string => (error as NodeJS.ErrnoException).path ?? fallback;

/** Moves a folder, copying it when a rename cannot cross file systems. */
function move(from: string, to: string): void {
  try {
    renameSync(from, to);
  } catch (error) {
    if (codeOf(error) !== 'EXDEV') throw error;
    cpSync(from, to, { recursive: true, verbatimSymlinks: true, errorOnExist: true });
    rmSync(from, { recursive: true, force: true });
  }
}

/** Swaps the site built in `paths.astroOut` in for `paths.out`; the old site is deleted once the new one is there. */
export function swapIn(paths: BuildPaths): SwapResult {
  const { out, staging, previous, astroOut } = paths;
  const discard = (): void => {
    rmSync(astroOut, { recursive: true, force: true });
    rmSync(staging, { recursive: true, force: true });
  };
  try {
    if (astroOut !== staging) move(astroOut, staging);
  } catch (error) {
    discard();
    return { failed: pathOf(error, staging), code: codeOf(error) };
  }
  const hadSite = existsSync(out);
  try {
    rmSync(previous, { recursive: true, force: true });
    if (hadSite) renameSync(out, previous);
  } catch (error) {
    discard();
    return { failed: pathOf(error, out), code: codeOf(error) };
  }
  try {
    renameSync(staging, out);
  } catch (error) {
    if (hadSite) renameSync(previous, out);
    discard();
    return { failed: pathOf(error, out), code: codeOf(error) };
  }
  try {
    rmSync(previous, { recursive: true, force: true });
    return { warning: null };
  } catch (error) {
    return { warning: `${pathOf(error, previous)} (${codeOf(error)})` };
  }
}
