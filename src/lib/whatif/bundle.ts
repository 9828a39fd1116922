/**
 * Bundles the what-if panel (src/client/whatif/panel.ts, with the engine, decimal.js and the hash
 * it imports), the /contribute/ playground (with the YAML reader and the validation too) and the
 * claim pages' picture downloads (src/client/pictures/downloads.ts) each into one minified
 * classic script with esbuild, the bundler Vite already runs: an IIFE with no module syntax and no
 * fetch, so that it loads from file:// in an offline snapshot.
 * The build writes them into `public/what-if/` before Astro copies `public/` into the site.
 */
import { build, type Plugin } from 'esbuild';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** The scripts bundled, by the file they are written to, and their entry points under the project's root. */
export const ENTRIES = {
  'panel.js': join('src', 'client', 'whatif', 'panel.ts'),
  'playground.js': join('src', 'client', 'playground', 'playground.ts'),
  'pictures.js': join('src', 'client', 'pictures', 'downloads.ts'),
} as const;

/**
 * Marks the modules under src/lib/ as free of effects when imported, as a package's
 * `"sideEffects": false` does: they define functions and constants (some read the environment,
 * which a browser has not). The panel draws its pictures with two functions of the page renderer,
 * and esbuild then leaves out the modules the panel does not call, above all the formulas' (KaTeX
 * and its cache, some 90 KB gzip, reached through the escaping helpers) and the site's paths
 * (which read `process.env` at once), which it would otherwise keep for their top-level code. A
 * module imported for its effect alone would be dropped: esbuild warns, and the bundle stops.
 */
const LIBRARY: Plugin = {
  name: 'library-without-effects',
  setup(bundle) {
    bundle.onResolve({ filter: /\.ts$/ }, async (args) => {
      if (args.pluginData === LIBRARY) return undefined;
      const { path, errors } = await bundle.resolve(args.path, {
        resolveDir: args.resolveDir,
        kind: args.kind,
        importer: args.importer,
        pluginData: LIBRARY,
      });
      if (errors.length > 0 || !/[\\/]src[\\/]lib[\\/]/.test(path)) return undefined;
      return { path, sideEffects: false };
    });
  },
};

/** One script as text (minified unless `minify` is false). */
export async function bundleScript(root: string, file: keyof typeof ENTRIES, minify = true): Promise<string> {
  const result = await build({
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
    plugins: [LIBRARY],
  });
  const dropped = result.warnings.filter((w) => w.id === 'ignored-bare-import');
  if (dropped.length > 0) throw new Error(`${file}: ${dropped.map((w) => w.text).join('; ')}`);
  return new TextDecoder().decode(result.outputFiles[0]!.contents);
}

/** Writes the bundled scripts into `<root>/public/what-if/`. */
export async function writePanel(root: string): Promise<void> {
  const target = join(root, 'public', 'what-if');
  mkdirSync(target, { recursive: true });
  for (const file of Object.keys(ENTRIES) as (keyof typeof ENTRIES)[])
    writeFileSync(join(target, file), await bundleScript(root, file));
}
