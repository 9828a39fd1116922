/**
 * The compact listing of every claim under the default model, which filter.js filters in place:
 * a classic script that sets `window.ledgerListing`, so that it loads from file:// too, where an
 * offline snapshot cannot fetch().
 */
import type { APIRoute } from 'astro';
import { defaultListing } from '../../lib/listing/browse.ts';
import { compactListing } from '../../lib/listing/compact.ts';
import { claimPath } from '../../lib/paths.ts';
import { getSite } from '../../lib/site/site.ts';

export const GET: APIRoute = () =>
  new Response(
    `window.ledgerListing = ${JSON.stringify(compactListing(defaultListing(getSite()).rows, (slug) => claimPath(slug)))};\n`,
    { headers: { 'Content-Type': 'text/javascript' } },
  );
