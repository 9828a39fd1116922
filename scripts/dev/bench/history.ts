/**
 * The benchmark's measure of the history: in a project whose content is in git, the time to read
 * every claim's revisions (one `git log` walk, one `git cat-file --batch`) and score them under the
 * default then and today's, as a build does. Prints one JSON object.
 */
import { performance } from 'node:perf_hooks';
import { engineCodeHash } from '../../../src/lib/input/codeHash.ts';
import { loadLedger } from '../../../src/lib/input/load.ts';
import { readHistory } from '../../../src/lib/history/read.ts';
import { readSiteHistory } from '../../../src/lib/history/siteHistory.ts';

const loadStart = process.cpuUsage();
const { ledger, problems } = loadLedger({ content: 'content', models: 'models' });
const loadCpu = process.cpuUsage(loadStart);
if (!ledger) {
  process.stderr.write(`${problems.length} problems in the synthetic content\n`);
  process.exit(1);
}
const codeHash = engineCodeHash();
const started = performance.now();
const history = readHistory({ content: 'content', models: 'models' });
const read = performance.now();
const cpuStart = process.cpuUsage();
const site = readSiteHistory(
  { content: 'content', models: 'models' },
  ledger.claims,
  ledger.models,
  ledger.defaultModel,
  codeHash,
);
const done = performance.now();
const cpu = process.cpuUsage(cpuStart);
const cpuSeconds = (cpu.user + cpu.system) / 1e6;
// The loader's own time over the same claims, for scale: the history reads more files than it.
const loadCpuSeconds = (loadCpu.user + loadCpu.system) / 1e6;
const seconds = (done - read) / 1000;
const revisions = site.claims.reduce((sum, c) => sum + c.entries.length, 0);
process.stdout.write(
  `${JSON.stringify({ seconds, cpuSeconds, loadCpuSeconds, readSeconds: (read - started) / 1000, commits: history.commits, revisions, traces: site.traces.length })}\n`,
);
