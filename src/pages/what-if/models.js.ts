/**
 * Every released model, for the what-if panel of a claim page: a classic script that sets
 * `window.ledgerWhatIfModels`, loaded only when a reader opens the panel (and from file:// too,
 * where an offline snapshot cannot fetch()).
 */
import type { APIRoute } from 'astro';
import { modelsScript } from '../../lib/whatif/models.ts';
import { getSite } from '../../lib/site/site.ts';

export const GET: APIRoute = () =>
  new Response(modelsScript(getSite()), { headers: { 'Content-Type': 'text/javascript' } });
