/**
 * `npx tsx scripts/dev/bench/compareRows.ts [N]`: the compare pass of a server build alone, on the
 * bench's N synthetic claims (default 2,000) under the repository's models: every claim scored
 * under every model, then every ordered pair's rows (everyPairRows, from rank 25 on, as a store
 * takes them) each written as JSON, as storeWriter does, without SQLite. Prints one JSON line: the
 * pass's CPU and wall seconds (the scoring before it not counted) and a digest of the rows, which
 * two versions of the code must give alike.
 */
import { createHash } from 'node:crypto';
import { engineCodeHash } from '../../../src/lib/input/codeHash.ts';
import { loadModels } from '../../../src/lib/input/load.ts';
import { everyPairRows } from '../../../src/lib/model/comparePages.ts';
import { orderModels } from '../../../src/lib/site/site.ts';
import { compareSiteOf } from '../../../src/lib/site/store/compareApart.ts';
import { syntheticClaim, syntheticSlug } from './synthetic.ts';

const n = Number(process.argv[2] ?? 2000);
const loaded = loadModels('models');
const models = orderModels(loaded.models, loaded.defaultModel!);
const codeHash = engineCodeHash();
const claims = Array.from({ length: n }, (_, i) => ({ slug: syntheticSlug(i), file: '', claim: syntheticClaim(i) }));
const site = compareSiteOf(models, claims, codeHash);

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
