/** The site offers the Python reference for download byte for byte, so what a stranger runs is what was tested. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { APIContext } from 'astro';
import { describe, expect, it } from 'vitest';
import * as readme from '../../../src/pages/reference/README.md.ts';
import * as ledger from '../../../src/pages/reference/ledger.py.ts';
import * as tests from '../../../src/pages/reference/test_ledger.py.ts';
import * as explain from '../../../src/pages/reference/explain.py.ts';
import * as explainVerify from '../../../src/pages/reference/explain_verify.py.ts';
import { referenceFilePath } from '../../../src/lib/paths.ts';
import { REPO_ROOT } from '../../support/cli.ts';

describe.each([
  ['ledger.py', ledger],
  ['explain.py', explain],
  ['explain_verify.py', explainVerify],
  ['test_ledger.py', tests],
  ['README.md', readme],
] as const)('/reference/%s', (file, endpoint) => {
  it('is published at its own URL with the same bytes as reference/', async () => {
    expect(referenceFilePath(file)).toBe(`/reference/${file}`);
    const response = await endpoint.GET({} as APIContext);
    const published = new Uint8Array(await response.arrayBuffer());
    expect(Buffer.from(published).equals(readFileSync(join(REPO_ROOT, 'reference', file)))).toBe(true);
    expect(response.headers.get('Content-Type')).toMatch(/charset=utf-8$/);
  });
});
