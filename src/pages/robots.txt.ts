/** `/robots.txt`: every page may be crawled; the sitemap index names every page. */
import type { APIRoute } from 'astro';
import { absoluteUrl, sitemapIndexPath } from '../lib/paths.ts';

/** Allows everything and points at the sitemap index on the published site. */
export const GET: APIRoute = ({ site }) =>
  new Response(`User-agent: *\nAllow: /\n\nSitemap: ${absoluteUrl(sitemapIndexPath(), site!)}\n`, {
    headers: { 'Content-Type': 'text/plain; charset=utf-8' },
  });
