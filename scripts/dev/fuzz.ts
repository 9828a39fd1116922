/**
 * `npm run fuzz -- --cases N [--seed S]`: scores N random valid cases with the TypeScript engine and
 * with the Python reference, and prints the seed of every case they disagree on. Case i uses seed
 * S + i, so `--seed <that seed> --cases 1` regenerates one case alone. Run by hand, not in tests.
 */
import { randomInt } from 'node:crypto';
import { parseArgs } from 'node:util';
import { describeMismatch, differential, type Mismatch } from '../../tests/unit/differential/differential.ts';

const CHUNK = 2000;
const SHOWN = 10;

function usage(message: string): never {
  process.stderr.write(`fuzz: ${message}\nUsage: npm run fuzz -- --cases <N> [--seed <S>]\n`);
  process.exit(2);
}

let values: { cases?: string | undefined; seed?: string | undefined };
try {
  ({ values } = parseArgs({ options: { cases: { type: 'string', default: '2000' }, seed: { type: 'string' } } }));
} catch (error) {
  usage((error as Error).message);
}
const cases = Number(values.cases);
if (!Number.isSafeInteger(cases) || cases < 1)
  usage(`--cases must be a whole number of at least 1, not ${values.cases}`);
const seed = values.seed === undefined ? randomInt(2 ** 31 - 1) : Number(values.seed);
if (!Number.isSafeInteger(seed) || Math.abs(seed) > 2 ** 31) usage(`--seed must be a whole number, not ${values.seed}`);

process.stdout.write(`fuzz: ${cases} cases from seed ${seed}\n`);
const started = Date.now();
const mismatches: Mismatch[] = [];
for (let done = 0; done < cases; done += CHUNK) {
  const count = Math.min(CHUNK, cases - done);
  try {
    mismatches.push(...differential(seed + done, count));
  } catch (error) {
    process.stderr.write(`fuzz: ${(error as Error).message}\n`);
    process.exit(1);
  }
  if (process.stderr.isTTY)
    process.stderr.write(`\r${done + count} of ${cases}${done + count === cases ? '\r\x1b[K' : ''}`);
}
const seconds = ((Date.now() - started) / 1000).toFixed(1);
for (const mismatch of mismatches.slice(0, SHOWN)) process.stdout.write(`\n${describeMismatch(mismatch)}\n`);
if (mismatches.length > SHOWN)
  process.stdout.write(
    `\n... and ${mismatches.length - SHOWN} more; their seeds: ${mismatches
      .slice(SHOWN)
      .map((m) => m.seed)
      .join(' ')}\n`,
  );
process.stdout.write(
  `\n${cases - mismatches.length} of ${cases} cases agree, ${mismatches.length} differ (seed ${seed}, ${seconds} s)\n`,
);
process.exitCode = mismatches.length > 0 ? 1 : 0;
