/**
 * The engine alone, in a process of its own (pinned to one core by the caller): every claim of a
 * content folder scored under every model of a models folder, as a build does it, timed by CPU and
 * by wall clock. The JIT is first warmed on `warm` other synthetic claims (third argument, default
 * 3000: V8 needs about that many before its optimising tier settles) whose voters' reputations are
 * disjoint from the measured ones, and the measured pass uses new scorers and claim objects, so
 * nothing it needs is cached beforehand: the figure is the steady rate of a cold scoring pass.
 * Prints one JSON line: { traces, cpuSeconds, wallSeconds }.
 */
import { createScorer, type Claim } from '../../../src/engine/index.ts';
import { engineCodeHash } from '../../../src/lib/input/codeHash.ts';
import { loadLedger } from '../../../src/lib/input/load.ts';
import { syntheticClaim } from './synthetic.ts';

const [content, models, warmCount] = process.argv.slice(2);
const { ledger, problems } = loadLedger({ content: content!, models: models! });
if (!ledger) {
  process.stderr.write(`${problems.length} problems in the synthetic content\n`);
  process.exit(1);
}
const codeHash = engineCodeHash();

// Warm-up: claims of another seed, reputations moved past any the measured claims use.
const warm: Claim[] = Array.from({ length: Number(warmCount ?? 3000) }, (_, i) => {
  const c = syntheticClaim(i, 7);
  return {
    ...c,
    votes: c.votes.map((v) => ({ ...v, reputation: `${1_000_000 + i}.${v.reputation.replace('.', '')}` })),
  };
});
const warmScorers = ledger.models.map(({ model }) => createScorer(model, codeHash));
warm.forEach((claim, i) => warmScorers.forEach((scorer) => scorer.score(`warm-${i}`, claim)));

const cpu = process.cpuUsage();
const started = performance.now();
let traces = 0;
const scorers = ledger.models.map(({ model }) => createScorer(model, codeHash));
for (const { slug, claim } of ledger.claims) {
  for (const scorer of scorers) {
    scorer.score(slug, claim);
    traces += 1;
  }
}
const wallSeconds = (performance.now() - started) / 1000;
const used = process.cpuUsage(cpu);
process.stdout.write(`${JSON.stringify({ traces, cpuSeconds: (used.user + used.system) / 1e6, wallSeconds })}\n`);
