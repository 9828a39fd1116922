/** `/data/scores.json`: the rows of `/data/scores.csv` as JSON, with what they were scored by. */
import type { APIRoute } from 'astro';
import { scoreRows, scoresJson } from '../../lib/publish/exports.ts';
import { getSite } from '../../lib/site/site.ts';

/** The same rows, in the same order, as the CSV; numbers stay decimal strings, absent values null. */
export const GET: APIRoute = ({ site }) => {
  const ledger = getSite();
  const models = ledger.models.map((m) => m.id);
  const rows = scoreRows(
    ledger.claims.map((c) => c.slug),
    models,
    (slug, model) => ledger.summary(slug, model),
    site!.href,
  );
  const meta = { buildDate: ledger.buildDate, codeHash: ledger.codeHash, defaultModel: ledger.defaultModel.id, models };
  return new Response(scoresJson(meta, rows), { headers: { 'Content-Type': 'application/json; charset=utf-8' } });
};
