/**
 * `npx tsx scripts/dev/amplification.ts`: how much a one-claim site grows per byte of the claim's
 * file, with fields at the bounds of src/schemas/limits.ts. It builds a one-claim site under the
 * repository's models for a small claim (content/claims/eastbrook-lead-limit.yaml), then for the same
 * claim with one field at its bound (the statement, the note, the links with their passages and
 * locators, the votes), then with every field at its bound, and prints for each the claim's bytes,
 * the site's bytes (HTML and all files) and the growth ratio: the site's extra bytes over the
 * claim's extra bytes. A build takes a minute or so; the runs are one after another.
 */
import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse, stringify } from 'yaml';
import { MAX_ITEMS, MAX_LENGTH } from '../../src/schemas/limits.ts';

type Claim = Record<string, unknown> & { evidence: Record<string, unknown>[] };
const base = readFileSync('content/claims/eastbrook-lead-limit.yaml', 'utf8');
/** Text of `n` characters that is words (so that nothing compresses it away or breaks it oddly). */
const words = (n: number, seed: string): string => `${seed} ${'lorem ipsum dolor sit amet '.repeat(n)}`.slice(0, n);

const links = (c: Claim): void => {
  c.evidence = Array.from({ length: MAX_ITEMS.evidence }, (_, i) => ({
    ...c.evidence[i % c.evidence.length],
    id: `link-${i}`,
    passage: words(MAX_LENGTH.passage, `p${i}`),
    locator: words(MAX_LENGTH.locator, `l${i}`),
  }));
};
const votes = (c: Claim): void => {
  c['votes'] = Array.from({ length: MAX_ITEMS.votes }, (_, i) => ({ voter: `voter-${i}`, reputation: i, value: 0.5 }));
};
const cases: [string, (c: Claim) => void][] = [
  ['baseline (eastbrook-lead-limit)', () => undefined],
  ['statement at 1,000 characters', (c) => (c['statement'] = words(MAX_LENGTH.statement, 'S'))],
  ['note at 10,000 characters', (c) => (c['note'] = words(MAX_LENGTH.note, 'N'))],
  ['200 links, passages and locators at their bounds', links],
  ['1,000 votes', votes],
  [
    'every field at its bound',
    (c) => {
      c['statement'] = words(MAX_LENGTH.statement, 'S');
      c['note'] = words(MAX_LENGTH.note, 'N');
      links(c);
      votes(c);
    },
  ],
];

/** The bytes of every file under `dir`, and of its `.html` files. */
function sizes(dir: string): { all: number; html: number } {
  let all = 0;
  let html = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile()) continue;
    const size = statSync(join(entry.parentPath, entry.name)).size;
    all += size;
    if (entry.name.endsWith('.html')) html += size;
  }
  return { all, html };
}

const work = mkdtempSync(join(tmpdir(), 'ledger-amplification-'));
const rows: { name: string; claim: number; all: number; html: number }[] = [];
try {
  for (const [name, edit] of cases) {
    const claim = parse(base) as Claim;
    edit(claim);
    const text = stringify(claim, { lineWidth: 0 });
    const content = join(work, 'content');
    rmSync(content, { recursive: true, force: true });
    mkdirSync(join(content, 'claims'), { recursive: true });
    writeFileSync(join(content, 'claims', 'amplified.yaml'), text);
    cpSync('models', join(work, 'models'), { recursive: true });
    const dist = join(work, 'dist');
    const build = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/build.ts'], {
      encoding: 'utf8',
      env: {
        ...process.env,
        LEDGER_SITE: 'https://example.org',
        LEDGER_CONTENT: content,
        LEDGER_MODELS: join(work, 'models'),
        LEDGER_DIST: dist,
      },
    });
    if (build.status !== 0) throw new Error(`${name}: the build failed: ${build.stderr.trim().slice(-500)}`);
    rows.push({ name, claim: Buffer.byteLength(text), ...sizes(dist) });
  }
} finally {
  rmSync(work, { recursive: true, force: true });
}
const [first] = rows;
process.stdout.write('case\tclaim bytes\tsite bytes\thtml bytes\tsite/claim growth\thtml/claim growth\n');
for (const row of rows) {
  const extra = row.claim - first!.claim;
  const ratio = (site: number): string => (extra === 0 ? '-' : (site / extra).toFixed(1));
  process.stdout.write(
    `${row.name}\t${row.claim}\t${row.all}\t${row.html}\t${ratio(row.all - first!.all)}\t${ratio(row.html - first!.html)}\n`,
  );
}
