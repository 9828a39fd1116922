/**
 * `/healthz/` on a server: the store's hashes and counts as JSON, for a load balancer or a CDN to
 * ask whether this server is up and serving the build it should (never cached).
 */
import type { APIRoute } from 'astro';
import { installServedSite } from './storeSite.ts';

/** The store's identity: format, code hash, commit, date, models with config hashes, claims, traces and history traces. */
export const GET: APIRoute = () => {
  const { store } = installServedSite();
  return new Response(`${JSON.stringify({ status: 'ok', store: store.id, ...store.meta }, null, 2)}\n`, {
    headers: { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store' },
  });
};
