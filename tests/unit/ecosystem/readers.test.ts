/**
 * Claim files as a stranger's pipeline reads them, the way docs/validating-claim-files.md says:
 * every repository claim (and a file still dated with `on:`) loaded with PyYAML and with js-yaml's
 * default schema, and validated against the published claim schema with jsonschema and with Ajv.
 * A file the schema refuses is named, and makes each example exit 1.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { claimJsonSchema } from '../../../src/lib/publish/jsonSchema.ts';
import { REPO_ROOT } from '../../support/cli.ts';

const dir = mkdtempSync(join(tmpdir(), 'ledger-readers-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const schema = join(dir, 'claim.schema.json');
writeFileSync(schema, JSON.stringify(claimJsonSchema('https://ledger.test/')));
const claimsDir = join(REPO_ROOT, 'content', 'claims');
const claims = readdirSync(claimsDir)
  .filter((name) => name.endsWith('.yaml'))
  .map((name) => join(claimsDir, name));
// A file written before the key was named date: still valid, as its reader reads it.
const older = join(dir, 'older.yaml');
writeFileSync(older, readFileSync(join(REPO_ROOT, 'tests', 'fixtures', 'claims', 'water-plant.yaml'), 'utf8'));
// A file the schema refuses: a review with no date at all.
const broken = join(dir, 'broken.yaml');
writeFileSync(
  broken,
  readFileSync(join(claimsDir, 'ashcombe-clinic-waiting-times.yaml'), 'utf8').replace(/, date: [0-9-]+ \}/, ' }'),
);

const readers = [
  ['PyYAML and jsonschema', '/usr/bin/python3', join(REPO_ROOT, 'docs', 'examples', 'validate_claim.py')],
  ['js-yaml and Ajv', process.execPath, join(REPO_ROOT, 'docs', 'examples', 'validate-claim.mjs')],
] as const;

describe.each(readers)('claim files read with %s', (_name, command, example) => {
  const run = (files: readonly string[]) =>
    spawnSync(command, [example, schema, ...files], { encoding: 'utf8', cwd: REPO_ROOT, timeout: 60_000 });

  it('validate, every repository claim and a file still dated with on:', () => {
    expect(claims.length).toBeGreaterThan(20);
    const outcome = run([...claims, older]);
    expect(outcome.stdout + outcome.stderr).toBe('');
    expect(outcome.status).toBe(0);
  });

  it('name a file the schema refuses, and exit 1', () => {
    const outcome = run([claims[0]!, broken]);
    expect(outcome.stdout).toContain('broken.yaml');
    expect(outcome.stdout).not.toContain(claims[0]!);
    expect(outcome.status).toBe(1);
  });
});
