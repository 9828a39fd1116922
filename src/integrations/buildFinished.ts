/**
 * The Astro build's last step: once every other integration's `astro:build:done` has run (the
 * sitemap's among them) and Astro has taken its own server files out of a static site, writes the
 * file `LEDGER_ASTRO_DONE` names. scripts/build.ts publishes a site only when that file is there: an
 * Astro process that ends with status 0 before the end of its build (as one did while a hook
 * awaited the claim pages, pool.ts) would otherwise leave a site without its sitemap and with
 * Astro's server files in it. Last in astro.config.mjs's integrations, so its hook runs last.
 */
import { writeFileSync } from 'node:fs';
import type { AstroIntegration } from 'astro';

/** The variable scripts/build.ts names the file in. */
export const DONE_ENV = 'LEDGER_ASTRO_DONE';

/** Writes `LEDGER_ASTRO_DONE`'s file when the build is done (nothing when it is unset). */
export default function buildFinished(): AstroIntegration {
  return {
    name: 'ledger-build-finished',
    hooks: {
      'astro:build:done': () => {
        const file = process.env[DONE_ENV];
        if (file !== undefined && file !== '') writeFileSync(file, 'done\n');
      },
    },
  };
}
