/**
 * The engine alone, in a process of its own (pinned to one core by the caller): every claim of a
 * content folder scored under every model of a models folder, as a build does it, timed by CPU and
 * by wall clock. The JIT is warmed first on other synthetic claims whose voters' reputations are
 * disjoint from the measured ones, so that nothing the measured pass needs is cached beforehand.
 * Prints one JSON line: { traces, cpuSeconds, wallSeconds }.
 */
import { createScorer, type Claim } from '../../src/engine/index.ts';
import { engineCodeHash, loadLedger } from '../../src/lib/load.ts';
import { syntheticClaim } from './synthetic.ts';

const [content, models] = process.argv.slice(2);
const { ledger, problems } = loadLedger({ content: content!, models: models! });
if (!ledger) {
  process.stderr.write(`${problems.length} problems in the synthetic content\n`);
  process.exit(1);
}
const codeHash = engineCodeHash();

// Warm-up: 300 claims of another seed, reputations moved past any the measured claims use.
const warm: Claim[] = Array.from({ length: 300 }, (_, i) => {
  const c = syntheticClaim(i, 7);
  return {
    ...c,
    votes: c.votes.map((v) => ({ ...v, reputation: `${1_000_000 + i}.${v.reputation.replace('.', '')}` })),
  };
});
for (const { model } of ledger.models) {
  const scorer = createScorer(model, codeHash);
  warm.forEach((claim, i) => scorer.score(`warm-${i}`, claim));
}

const cpu = process.cpuUsage();
const started = performance.now();
let traces = 0;
for (const { model } of ledger.models) {
  const scorer = createScorer(model, codeHash);
  for (const { slug, claim } of ledger.claims) {
    scorer.score(slug, claim);
    traces += 1;
  }
}
const wallSeconds = (performance.now() - started) / 1000;
const used = process.cpuUsage(cpu);
process.stdout.write(`${JSON.stringify({ traces, cpuSeconds: (used.user + used.system) / 1e6, wallSeconds })}\n`);
