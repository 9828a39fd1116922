/** `/data/claims.json`: every claim's inputs as the loader normalised them, by slug. */
import type { APIRoute } from 'astro';
import { claimsJson } from '../../lib/publish/exports.ts';
import { getSite } from '../../lib/site/site.ts';

/** Each claim with its input hash (the one its traces carry), so a download can be checked against them. */
export const GET: APIRoute = () => {
  const ledger = getSite();
  const claims = ledger.claims.map(({ slug, claim }) => ({
    slug,
    inputHash: ledger.summary(slug, ledger.defaultModel.id).inputHash,
    claim,
  }));
  return new Response(claimsJson(ledger.buildDate, claims), {
    headers: { 'Content-Type': 'application/json; charset=utf-8' },
  });
};
