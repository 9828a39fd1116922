/**
 * In a worker: every file of one claim's pages, written whole into the build's output folder, where
 * Astro would have written them: `claims/<slug>/index.html` (the claim under the default model),
 * `claims/<slug>/<model>/index.html` under each model, and the trace.json and explain.json files
 * beside them. A page is its frame (rendered by Astro) with its parts and article filled in.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { explanationJson, explanationOf } from '../../claim/explanation.ts';
import { traceJson } from '../../claim/page.ts';
import type { Site } from '../types.ts';
import { claimFrameParts, cutFrame, fillFrame, type FrameKind } from './claimFrame.ts';
import type { PoolSite } from './claimSite.ts';
import { articleOf, type WholeClaimTask } from './claimTasks.ts';

/** The frames cut once per worker (every task carries the same two). */
const cut = new Map<string, ReturnType<typeof cutFrame>>();

function cutOnce(kind: FrameKind, html: string, siteUrl: URL): ReturnType<typeof cutFrame> {
  let found = cut.get(html);
  if (found === undefined) cut.set(html, (found = cutFrame(kind, html, siteUrl)));
  return found;
}

/** Where a claim's file is in the build's folder (`model` null: beside its page under the default model). */
export function claimFileAt(outDir: string, slug: string, model: string | null, name: string): string {
  const folder = join(outDir, 'claims', encodeURI(slug));
  return join(model === null ? folder : join(folder, encodeURI(model)), name);
}

/** Writes the claim's pages and files (its folder under `claims/`, as Astro names it); returns their paths. */
export function writeClaim(init: PoolSite, site: Site, task: WholeClaimTask): string[] {
  if (init.outDir === undefined) throw new Error('a whole claim task needs the build folder');
  const { slug } = task.claim;
  const siteUrl = new URL(init.siteUrl);
  const outDir = init.outDir;
  const written: string[] = [];
  const write = (model: string | null, name: string, text: string): void => {
    const file = claimFileAt(outDir, slug, model, name);
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, text);
    written.push(file);
  };
  const page = (modelId: string, onDefaultRoute: boolean): string => {
    const frame = cutOnce(
      onDefaultRoute ? 'default' : 'model',
      task.frames[onDefaultRoute ? 'default' : 'model'],
      siteUrl,
    );
    const article = articleOf(site, { slug, modelId, onDefaultRoute, siteUrl });
    return fillFrame(frame, claimFrameParts(site, slug, modelId, onDefaultRoute, siteUrl), article, siteUrl);
  };
  const defaultModel = task.models[0]!;
  write(null, 'index.html', page(defaultModel, true));
  write(null, 'trace.json', traceJson(site.trace(slug, defaultModel)));
  for (const model of task.models) {
    write(model, 'index.html', page(model, false));
    write(model, 'trace.json', traceJson(site.trace(slug, model)));
    write(model, 'explain.json', explanationJson(explanationOf(site, slug, model)));
  }
  return written;
}
