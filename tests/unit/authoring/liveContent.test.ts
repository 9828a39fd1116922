/**
 * The dev server's live content: which files count as content, and what a change does (drop the
 * memoised site from Vite's module graph, then ask the browser to reload), with a stand-in server.
 */
import { EventEmitter } from 'node:events';
import { join, resolve } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import {
  isLiveContent,
  liveContentPlugin,
  liveContentRoots,
  reloadSite,
  SITE_MODULE,
  type DevServer,
} from '../../../src/integrations/liveContent.ts';
import { REPO_ROOT } from '../../support/cli.ts';

const ROOTS = [resolve('/repo/content/claims'), resolve('/repo/models')];

describe('which files are content', () => {
  it.each([
    ['/repo/content/claims/eastbrook-lead-limit.yaml', true],
    ['/repo/content/claims/new.yml', true],
    ['/repo/models/ledger@1.1.0.yaml', true],
    ['/repo/models/released.lock', true],
    ['/repo/models/site.yaml', true],
    ['/repo/content/claims', false],
    ['/repo/content/spec.mdx', false],
    ['/repo/content/claims-old/x.yaml', false],
    ['/repo/src/lib/site/site.ts', false],
    ['/repo/models-draft/x.yaml', false],
  ])('%s → %s', (file, expected) => {
    expect(isLiveContent(resolve(file), ROOTS)).toBe(expected);
  });

  it('watches <content>/claims and the models folder, as getSite reads them from the environment', () => {
    expect(liveContentRoots('/repo', {})).toEqual([resolve('/repo/content/claims'), resolve('/repo/models')]);
    expect(liveContentRoots('/repo', { LEDGER_CONTENT: '/tmp/c', LEDGER_MODELS: 'm' })).toEqual([
      resolve('/tmp/c/claims'),
      resolve('/repo/m'),
    ]);
  });

  it('names the module that memoises the site', () => {
    expect(SITE_MODULE).toBe(join(REPO_ROOT, 'src', 'lib', 'site', 'site.ts'));
  });
});

/** A stand-in for Vite's dev server: a module graph with the site module, a socket, a watcher. */
function fakeServer() {
  const siteNode = { id: SITE_MODULE };
  const invalidated: unknown[] = [];
  const sent: unknown[] = [];
  const watched: string[] = [];
  const watcher = Object.assign(new EventEmitter(), { add: (paths: string[]) => void watched.push(...paths) });
  const server = {
    moduleGraph: {
      getModulesByFile: (file: string) => (file === SITE_MODULE ? new Set([siteNode]) : undefined),
      invalidateModule: (mod: unknown) => void invalidated.push(mod),
    },
    ws: { send: (payload: unknown) => void sent.push(payload) },
    watcher,
    config: { root: '/repo', logger: { info: vi.fn() } },
  };
  return { server, siteNode, invalidated, sent, watched, watcher };
}

describe('a change to content', () => {
  it('invalidates the site module and asks every page to reload', () => {
    const { server, siteNode, invalidated, sent } = fakeServer();
    expect(reloadSite(server as unknown as DevServer, SITE_MODULE)).toBe(1);
    expect(invalidated).toEqual([siteNode]);
    expect(sent).toEqual([{ type: 'full-reload', path: '*' }]);
  });

  it('still reloads the page when no page has loaded the site yet', () => {
    const { server, invalidated, sent } = fakeServer();
    expect(reloadSite(server as unknown as DevServer, '/elsewhere/site.ts')).toBe(0);
    expect(invalidated).toEqual([]);
    expect(sent).toHaveLength(1);
  });

  it('reloads once for a burst of changes to content files, and never for other files', async () => {
    vi.useFakeTimers();
    try {
      const { server, invalidated, sent, watched, watcher } = fakeServer();
      const plugin = liveContentPlugin({ roots: ROOTS, siteModule: SITE_MODULE, settleMs: 40 });
      (plugin.configureServer as (s: unknown) => void)(server);
      expect(watched).toEqual(ROOTS);
      watcher.emit('change', resolve('/repo/src/pages/index.astro'));
      await vi.advanceTimersByTimeAsync(100);
      expect(sent).toEqual([]);
      watcher.emit('change', resolve('/repo/content/claims/a.yaml'));
      watcher.emit('unlink', resolve('/repo/content/claims/a.yaml'));
      watcher.emit('add', resolve('/repo/content/claims/b.yaml'));
      await vi.advanceTimersByTimeAsync(100);
      expect(sent).toHaveLength(1);
      expect(invalidated).toHaveLength(1);
      watcher.emit('change', resolve('/repo/models/ledger@1.1.0.yaml'));
      await vi.advanceTimersByTimeAsync(100);
      expect(sent).toHaveLength(2);
      expect(server.config.logger.info).toHaveBeenCalledTimes(2);
    } finally {
      vi.useRealTimers();
    }
  });

  it('is a plugin for the dev server only', () => {
    expect(liveContentPlugin({ roots: ROOTS, siteModule: SITE_MODULE }).apply).toBe('serve');
  });
});
