/**
 * `npx tsx scripts/dev/explain-cost.ts [N]`: what the explanations (docs/design.md §6a) cost the
 * engine alone, by hand, never in `npm test`. It explains the bench's N synthetic claims (default
 * 1,000) under every released model in this one thread, twice (the first run cold, the second with
 * the models' boundaries and substituted rules already worked out), and prints each run's CPU
 * time, the time per explanation and the mean size of an explain.json. A build works each
 * explanation twice (for the claim page and for its explain.json), on the pool's threads.
 */
import { join } from 'node:path';
import { createExplainer } from '../../src/engine/explain/index.ts';
import { loadLedger } from '../../src/lib/input/load.ts';
import { syntheticClaim, syntheticSlug } from './bench/synthetic.ts';

const { ledger } = loadLedger({ content: join(process.cwd(), 'content'), models: join(process.cwd(), 'models') });
if (ledger === null || ledger === undefined) throw new Error('the repository’s models do not load');
const models = ledger.models;
const n = Number(process.argv[2] ?? '1000');
const claims = Array.from({ length: n }, (_, i) => syntheticClaim(i));
for (const run of ['cold', 'warm']) {
  const explainer = createExplainer(models.map((m) => m.model));
  const start = process.cpuUsage();
  let bytes = 0;
  claims.forEach((claim, i) => {
    for (const m of models) bytes += JSON.stringify(explainer.explain(syntheticSlug(i), claim, m.id)).length + 1;
  });
  const used = process.cpuUsage(start);
  const seconds = (used.user + used.system) / 1e6;
  const count = n * models.length;
  console.log(
    `${run}: ${n} claims × ${models.length} models: ${seconds.toFixed(2)} s CPU, ${((seconds * 1000) / count).toFixed(3)} ms an explanation, ${(bytes / count / 1024).toFixed(1)} KB of JSON each`,
  );
}
