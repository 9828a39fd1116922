/**
 * `npm run dev` shows content changes live. Pages read the ledger through `getSite()`, which
 * loads, validates and scores every claim once per process; claim and model files are read from
 * disk, not imported, so Vite does not know pages depend on them. This integration watches
 * `<content>/claims/` and the models folder (LEDGER_CONTENT and LEDGER_MODELS, as getSite reads
 * them) while `astro dev` runs; when a file there is added, changed or removed, it invalidates
 * `src/lib/site/site.ts` in the dev server's module graph (Vite then drops every module that imports
 * it, so the next request loads and scores the ledger afresh) and tells the browser to reload.
 * A file with a mistake shows Astro's error overlay with the `check` message until it is fixed.
 */
import { isAbsolute, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';
import type { Plugin, ViteDevServer } from 'vite';
import { ledgerFolders } from '../lib/input/folders.ts';

/** Where the content lives and which module holds the memoised site. */
export interface LiveContentOptions {
  /** Folders whose files the site is built from (absolute). */
  readonly roots: readonly string[];
  /** The module whose memo must be dropped (absolute path of `src/lib/site/site.ts`). */
  readonly siteModule: string;
  /** How long to wait for more changes before reloading once (editors often write twice). */
  readonly settleMs?: number;
}

/** The module that memoises the site. */
export const SITE_MODULE = fileURLToPath(new URL('../lib/site/site.ts', import.meta.url));

/** The folders to watch: `<content>/claims` and the models folder, from the environment like getSite. */
export function liveContentRoots(
  root: string,
  env: Readonly<Record<string, string | undefined>> = process.env,
): string[] {
  const folders = ledgerFolders(env);
  return [resolve(root, folders.content, 'claims'), resolve(root, folders.models)];
}

/** Whether a file lies inside one of the roots (a root itself is not a file of it). */
export function isLiveContent(file: string, roots: readonly string[]): boolean {
  return roots.some((root) => {
    const rel = relative(root, resolve(file));
    return rel !== '' && !rel.startsWith('..') && !isAbsolute(rel);
  });
}

/** The parts of Vite's dev server this integration uses (so tests can pass a stand-in). */
export type DevServer = Pick<ViteDevServer, 'moduleGraph' | 'ws'>;

/**
 * Drops the memoised site from the dev server's module graph (with every module that imports it)
 * and asks each open page to reload. Returns how many module nodes were invalidated.
 */
export function reloadSite(server: DevServer, siteModule: string): number {
  const modules = server.moduleGraph.getModulesByFile(siteModule) ?? new Set();
  for (const mod of modules) server.moduleGraph.invalidateModule(mod);
  server.ws.send({ type: 'full-reload', path: '*' });
  return modules.size;
}

/** The Vite plugin that watches the roots while the dev server runs. */
export function liveContentPlugin(options: LiveContentOptions): Plugin {
  return {
    name: 'ledger:live-content',
    apply: 'serve',
    configureServer(server) {
      server.watcher.add([...options.roots]);
      let timer: ReturnType<typeof setTimeout> | null = null;
      const changed = (file: string): void => {
        if (!isLiveContent(file, options.roots)) return;
        if (timer !== null) clearTimeout(timer);
        timer = setTimeout(() => {
          timer = null;
          reloadSite(server, options.siteModule);
          server.config.logger.info(`content changed (${relative(server.config.root, file)}): reloading`, {
            timestamp: true,
          });
        }, options.settleMs ?? 40);
      };
      for (const event of ['add', 'change', 'unlink'] as const) server.watcher.on(event, changed);
    },
  };
}

/** The Astro integration: adds the plugin to `astro dev` only. */
export default function liveContent(): AstroIntegration {
  return {
    name: 'ledger:live-content',
    hooks: {
      'astro:config:setup': ({ command, config, updateConfig }) => {
        if (command !== 'dev') return;
        const root = fileURLToPath(config.root);
        updateConfig({
          vite: {
            plugins: [liveContentPlugin({ roots: liveContentRoots(root), siteModule: SITE_MODULE })],
            // Built sites and snapshots are not sources: a build running beside the dev server
            // would otherwise send every open page a reload for each page it writes.
            server: { watch: { ignored: ['**/dist/**', '**/dist-*/**', '**/dist.*/**', '**/snapshots/**'] } },
          },
        });
      },
    },
  };
}
