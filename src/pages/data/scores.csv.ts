/** `/data/scores.csv`: every claim under every released model, one row each (RFC 4180 CSV). */
import type { APIRoute } from 'astro';
import { scoreRows, scoresCsv } from '../../lib/publish/exports.ts';
import { getSite } from '../../lib/site/site.ts';

/** Rows by claim slug, then model (the default first); trace URLs absolute on the published site. */
export const GET: APIRoute = ({ site }) => {
  const ledger = getSite();
  const rows = scoreRows(
    ledger.claims.map((c) => c.slug),
    ledger.models.map((m) => m.id),
    (slug, model) => ledger.summary(slug, model),
    site!.href,
  );
  return new Response(scoresCsv(rows), { headers: { 'Content-Type': 'text/csv; charset=utf-8; header=present' } });
};
