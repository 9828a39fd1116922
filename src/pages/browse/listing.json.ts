/** The compact listing of every claim under the default model, which filter.js filters in place. */
import type { APIRoute } from 'astro';
import { compactListing, defaultListing } from '../../lib/listing/browse.ts';
import { claimPath } from '../../lib/paths.ts';
import { getSite } from '../../lib/site/site.ts';

export const GET: APIRoute = () =>
  new Response(JSON.stringify(compactListing(defaultListing(getSite()).rows, (slug) => claimPath(slug))), {
    headers: { 'Content-Type': 'application/json' },
  });
