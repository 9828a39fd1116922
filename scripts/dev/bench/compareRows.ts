/**
 * `npx tsx scripts/dev/bench/compareRows.ts [N]`: the compare pass of a server build alone, on the
 * bench's N synthetic claims (default 2,000) under the repository's models: every claim scored
 * under every model, then every ordered pair's rows (everyPairRows, from rank 25 on, as a store
 * takes them) each written as JSON, as storeWriter does, without SQLite. Prints one JSON line: the
 * pass's CPU and wall seconds (the scoring before it not counted) and a digest of the rows, which
 * two versions of the code must give alike.
 */
import { createHash } from 'node:crypto';
import { createScorer } from '../../../src/engine/index.ts';
import { engineCodeHash } from '../../../src/lib/input/codeHash.ts';
import { loadModels } from '../../../src/lib/input/load.ts';
import { everyPairRows } from '../../../src/lib/model/comparePages.ts';
import { summarise, type TraceSummary } from '../../../src/lib/site/records.ts';
import { orderModels } from '../../../src/lib/site/site.ts';
import { syntheticClaim, syntheticSlug } from './synthetic.ts';

const n = Number(process.argv[2] ?? 2000);
const loaded = loadModels('models');
const models = orderModels(loaded.models, loaded.defaultModel!);
const codeHash = engineCodeHash();
const claims = Array.from({ length: n }, (_, i) => ({ slug: syntheticSlug(i), file: '', claim: syntheticClaim(i) }));
const summaries = new Map<string, TraceSummary>();
const scorers = new Map(models.map(({ id, model }) => [id, createScorer(model, codeHash)]));
for (const { slug, claim } of claims)
  for (const [id, scorer] of scorers) summaries.set(`${slug} ${id}`, summarise(scorer.score(slug, claim)));
const bySlug = new Map(claims.map((c) => [c.slug, c.claim]));
const byId = new Map(models.map((m) => [m.id, m]));
const site = {
  claims,
  summary: (slug: string, model: string): TraceSummary => summaries.get(`${slug} ${model}`)!,
  model: (id: string) => byId.get(id)!,
  trace: (slug: string, model: string) => scorers.get(model)!.score(slug, bySlug.get(slug)!),
};

const cpu = process.cpuUsage();
const started = performance.now();
const { counts, rows } = everyPairRows(
  site,
  models.map((m) => m.id),
  25,
);
const digest = createHash('sha256');
for (const c of counts) digest.update(`\n${c.a} ${c.b} ${c.differ} ${c.agree}`);
let written = 0;
for (const { a, b, rank, row } of rows) {
  digest.update(`\n${a} ${b} ${rank} ${JSON.stringify(row)}`);
  written += 1;
}
const used = process.cpuUsage(cpu);
process.stdout.write(
  `${JSON.stringify({
    claims: n,
    rows: written,
    cpu_seconds: Math.round((used.user + used.system) / 1e4) / 100,
    wall_seconds: Math.round((performance.now() - started) / 10) / 100,
    digest: digest.digest('hex').slice(0, 16),
  })}\n`,
);
