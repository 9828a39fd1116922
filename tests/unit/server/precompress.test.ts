/**
 * A server build's files compressed once (src/lib/site/store/precompress.ts), with a folder written
 * beside the compression (Pagefind's bundle): that folder's files are compressed too, once it is
 * written, and listed after the others; a failure of what writes it is the outcome (or what it
 * threw is thrown) only once every file being compressed is written.
 */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { precompress } from '../../../src/lib/site/store/precompress.ts';

const root = mkdtempSync(join(tmpdir(), 'ledger-precompress-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

/** A client folder with two pages of repetitive HTML, and the manifest's path beside it. */
function built(name: string): { client: string; manifest: string } {
  const client = join(root, name, 'client');
  mkdirSync(join(client, 'claims'), { recursive: true });
  writeFileSync(join(client, 'index.html'), `<!doctype html>${'<p>the index</p>'.repeat(200)}`);
  writeFileSync(join(client, 'claims', 'index.html'), `<!doctype html>${'<p>the claims</p>'.repeat(200)}`);
  return { client, manifest: join(root, name, 'static-files.json') };
}

describe('precompress', () => {
  it('compresses the folder written alongside once it is written, listed after the other files', async () => {
    const { client, manifest } = built('alongside');
    const bundle = `{"entry": ${JSON.stringify('x'.repeat(4000))}}`;
    const outcome = await precompress(client, manifest, {
      folder: 'pagefind',
      run: async () => {
        await new Promise((resolve) => setTimeout(resolve, 20));
        mkdirSync(join(client, 'pagefind'));
        writeFileSync(join(client, 'pagefind', 'pagefind-entry.json'), bundle);
        return null;
      },
    });
    expect(outcome).toMatchObject({ files: 3 });
    const files = (JSON.parse(readFileSync(manifest, 'utf8')) as { files: Record<string, { br?: number }> }).files;
    expect(Object.keys(files).sort()).toEqual(['/claims/index.html', '/index.html', '/pagefind/pagefind-entry.json']);
    expect(Object.keys(files).at(-1)).toBe('/pagefind/pagefind-entry.json');
    const entry = join(client, 'pagefind', 'pagefind-entry.json');
    expect(brotliDecompressSync(readFileSync(`${entry}.br`)).toString()).toBe(bundle);
    expect(gunzipSync(readFileSync(`${entry}.gz`)).toString()).toBe(bundle);
    expect(files['/pagefind/pagefind-entry.json']?.br).toBe(readFileSync(`${entry}.br`).length);
  });

  it('returns the failure of what writes alongside, after the other files are written, and no manifest', async () => {
    const { client, manifest } = built('failing');
    const outcome = await precompress(client, manifest, {
      folder: 'pagefind',
      run: () => Promise.resolve({ errors: ['Pagefind could not write its bundle'] }),
    });
    expect(outcome).toEqual({ failed: { errors: ['Pagefind could not write its bundle'] } });
    expect(existsSync(join(client, 'index.html.br'))).toBe(true);
    expect(existsSync(join(client, 'claims', 'index.html.gz'))).toBe(true);
    expect(existsSync(manifest)).toBe(false);
  });

  it('throws what the writing alongside threw, only once every other file is written', async () => {
    const { client, manifest } = built('throwing');
    await expect(
      precompress(client, manifest, { folder: 'pagefind', run: () => Promise.reject(new Error('Pagefind ended')) }),
    ).rejects.toThrow('Pagefind ended');
    expect(existsSync(join(client, 'index.html.br'))).toBe(true);
    expect(existsSync(join(client, 'claims', 'index.html.br'))).toBe(true);
    expect(existsSync(manifest)).toBe(false);
  });
});
