/** The site offers the Python reference for download byte for byte, so what a stranger runs is what was tested. */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { APIContext } from 'astro';
import { describe, expect, it } from 'vitest';
import * as endpoint from '../../../src/pages/reference/[file].ts';
import { referenceFiles } from '../../../src/pages/reference/_files.ts';
import { referenceFilePath } from '../../../src/lib/paths.ts';
import { REPO_ROOT } from '../../support/cli.ts';

describe('/reference/<file>', () => {
  it('publishes every Python file of reference/ and its README, ledger.py first', () => {
    const files = referenceFiles(REPO_ROOT);
    const expected = readdirSync(join(REPO_ROOT, 'reference')).filter((f) => f.endsWith('.py') || f === 'README.md');
    expect([...files].sort()).toEqual(expected.sort());
    expect(files.slice(0, 2)).toEqual(['ledger.py', 'ledger_addresses.py']);
    expect(files).toEqual(expect.arrayContaining(['explain.py', 'explain_verify.py', 'test_ledger.py', 'fixtures.py']));
    expect(endpoint.getStaticPaths().map(({ params }) => params.file)).toEqual(files);
  });
});

describe.each(referenceFiles(REPO_ROOT))('/reference/%s', (file) => {
  it('is published at its own URL with the same bytes as reference/', async () => {
    expect(referenceFilePath(file)).toBe(`/reference/${file}`);
    const response = await endpoint.GET({ params: { file } } as unknown as APIContext);
    const published = new Uint8Array(await response.arrayBuffer());
    expect(Buffer.from(published).equals(readFileSync(join(REPO_ROOT, 'reference', file)))).toBe(true);
    expect(response.headers.get('Content-Type')).toMatch(/charset=utf-8$/);
  });
});
