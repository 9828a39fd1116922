/** What the server's unit tests check every page rendered on request for, and an old store for them to refuse. */
import Database from 'better-sqlite3';
import { join } from 'node:path';
import { expect } from 'vitest';
import { CLAIM_CACHE } from '../../src/lib/site/store/http.ts';
import { claimHeaders, type ServedLocals } from '../../src/lib/site/store/serve.ts';
import type { StoreMeta } from '../../src/lib/site/store/store.ts';

/** A stand-in for Astro's rendering of a page, counting how often it was asked to render. */
export function countingRender(): { count: number; page: () => Promise<Response> } {
  const render = {
    count: 0,
    page: (): Promise<Response> => {
      render.count += 1;
      return Promise.resolve(new Response('<p>page</p>', { status: 200, headers: { 'Content-Type': 'text/html' } }));
    },
  };
  return render;
}

/**
 * Requests `path` (rendered by `page`, handed `locals`): a 200 HTML page with the claim pages'
 * Cache-Control and a strong ETag, and a 304 with that ETag, without a body, when a client names
 * it among others. Returns the ETag.
 */
export async function expectServed(path: string, page: () => Promise<Response>, locals: ServedLocals): Promise<string> {
  const response = await claimHeaders(path, null, page, locals);
  expect([response.status, await response.text()]).toEqual([200, '<p>page</p>']);
  expect(response.headers.get('cache-control')).toBe(CLAIM_CACHE);
  expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
  const etag = response.headers.get('etag')!;
  expect(etag).toMatch(/^"[^"]+"$/);
  const again = await claimHeaders(path, `"other", ${etag}`, page, {});
  expect([again.status, again.body, again.headers.get('etag')]).toEqual([304, null, etag]);
  return etag;
}

/** Requests each of `paths`: an empty 404 (the site's 404 page) for each, with nothing rendered. */
export async function expectNotServed(
  paths: readonly string[],
  render: ReturnType<typeof countingRender>,
): Promise<void> {
  render.count = 0;
  for (const path of paths) {
    const response = await claimHeaders(path, null, render.page, {});
    expect([path, response.status, response.body]).toEqual([path, 404, null]);
  }
  expect(render.count).toBe(0);
}

/**
 * Writes `<dir>/old.sqlite`, a store whose meta is `meta` said to be of format `format` (a store
 * an older build wrote), and returns its path.
 */
export function storeOfFormat(dir: string, meta: StoreMeta, format: number): string {
  const old = join(dir, 'old.sqlite');
  const db = new Database(old);
  db.exec('CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL) WITHOUT ROWID;');
  db.prepare('INSERT INTO meta (key, value) VALUES (?, ?)').run('meta', JSON.stringify({ ...meta, format }));
  db.close();
  return old;
}
