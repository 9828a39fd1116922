/**
 * Bundles the what-if panel (src/client/whatif/panel.ts, with the engine, decimal.js and the hash
 * it imports) and the /contribute/ playground (with the YAML reader and the validation too) each
 * into one minified classic script with esbuild, the bundler Vite already runs: an
 * IIFE with no module syntax and no fetch, so that it loads from file:// in an offline snapshot.
 * The build writes them into `public/what-if/` before Astro copies `public/` into the site.
 */
import { buildSync } from 'esbuild';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** The scripts bundled, by the file they are written to, and their entry points under the project's root. */
export const ENTRIES = {
  'panel.js': join('src', 'client', 'whatif', 'panel.ts'),
  'playground.js': join('src', 'client', 'playground', 'playground.ts'),
} as const;

/** One script as text (minified unless `minify` is false). */
export function bundleScript(root: string, file: keyof typeof ENTRIES, minify = true): string {
  const result = buildSync({
    entryPoints: [join(root, ENTRIES[file])],
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

/** Writes the panel's and the playground's scripts into `<root>/public/what-if/`. */
export function writePanel(root: string): void {
  const target = join(root, 'public', 'what-if');
  mkdirSync(target, { recursive: true });
  for (const file of Object.keys(ENTRIES) as (keyof typeof ENTRIES)[])
    writeFileSync(join(target, file), bundleScript(root, file));
}
