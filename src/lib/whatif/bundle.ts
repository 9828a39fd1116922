/**
 * Bundles the what-if panel (src/client/whatif/panel.ts, with the engine, decimal.js and the hash
 * it imports) into one minified classic script with esbuild, the bundler Vite already runs: an
 * IIFE with no module syntax and no fetch, so that it loads from file:// in an offline snapshot.
 * The build writes it into `public/what-if/panel.js` before Astro copies `public/` into the site.
 */
import { buildSync } from 'esbuild';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** Where the panel's entry point is, under the project's root. */
export const PANEL_ENTRY = join('src', 'client', 'whatif', 'panel.ts');

/** The panel's script as text (minified unless `minify` is false). */
export function bundlePanel(root: string, minify = true): string {
  const result = buildSync({
    entryPoints: [join(root, PANEL_ENTRY)],
    absWorkingDir: root,
    bundle: true,
    format: 'iife',
    platform: 'browser',
    target: ['es2020'],
    minify,
    write: false,
    charset: 'utf8',
    legalComments: 'none',
    logLevel: 'silent',
  });
  return new TextDecoder().decode(result.outputFiles[0]!.contents);
}

/** Writes the panel's script into `<root>/public/what-if/panel.js`. */
export function writePanel(root: string): string {
  const target = join(root, 'public', 'what-if');
  mkdirSync(target, { recursive: true });
  const file = join(target, 'panel.js');
  writeFileSync(file, bundlePanel(root));
  return file;
}
