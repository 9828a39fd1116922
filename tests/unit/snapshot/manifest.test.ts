import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { folderSource, writeAtomically } from '../../../src/lib/snapshot/files.ts';
import { byBytes } from '../../../src/lib/input/folderWalk.ts';
import {
  checkManifest,
  makeManifest,
  MANIFEST,
  parseManifest,
  type FileSource,
} from '../../../src/lib/snapshot/manifest.ts';

const encoder = new TextEncoder();
const FILES = new Map([
  ['index.html', encoder.encode('<p>home</p>\n')],
  ['claims/a/trace.json', encoder.encode('{"result":{"probability":"0.9370"}}\n')],
  ['katex/fonts/Main.woff2', Uint8Array.of(0, 1, 2, 255)],
  ['Zeta.txt', encoder.encode('z')],
]);

function source(files: ReadonlyMap<string, Uint8Array>): FileSource {
  return { list: () => [...files.keys()].sort(byBytes), read: (path) => files.get(path) ?? null };
}

function withManifest(files: ReadonlyMap<string, Uint8Array>): Map<string, Uint8Array> {
  return new Map([...files, [MANIFEST, encoder.encode(makeManifest(files))]]);
}

describe('makeManifest', () => {
  it('lists every file as "<sha256>  <path>", sorted by bytes', () => {
    expect(
      makeManifest(FILES)
        .split('\n')
        .map((line) => line.slice(66)),
    ).toEqual(['Zeta.txt', 'claims/a/trace.json', 'index.html', 'katex/fonts/Main.woff2', '']);
    expect(makeManifest(FILES)).toMatch(
      /^594e519ae499312b29433b7dd8a97ff068defcba9755b6d5d00e84c524d67b06 {2}Zeta\.txt\n/,
    );
  });

  it('leaves itself out', () => {
    expect(makeManifest(withManifest(FILES))).toBe(makeManifest(FILES));
  });

  it('refuses a path sha256sum would have to escape', () => {
    expect(() => makeManifest(new Map([['a\\b', new Uint8Array()]]))).toThrow(/cannot list/);
  });
});

describe('checkManifest', () => {
  it('finds nothing wrong with an intact snapshot', () => {
    expect(checkManifest(source(withManifest(FILES)))).toEqual([]);
  });

  it('names a file with one byte changed', () => {
    const files = withManifest(FILES);
    const trace = files.get('claims/a/trace.json')!.slice();
    trace[trace.indexOf(0x37)] = 0x38;
    files.set('claims/a/trace.json', trace);
    const findings = checkManifest(source(files));
    expect(findings).toHaveLength(1);
    expect(findings[0]!.file).toBe('claims/a/trace.json');
    expect(findings[0]!.message).toMatch(
      /^changed after the snapshot was made: SHA-256 is [0-9a-f]{64}, MANIFEST.sha256 lists [0-9a-f]{64}$/,
    );
  });

  it('names a removed file', () => {
    const files = withManifest(FILES);
    files.delete('katex/fonts/Main.woff2');
    expect(checkManifest(source(files))).toEqual([
      {
        file: 'katex/fonts/Main.woff2',
        field: null,
        message: 'listed in MANIFEST.sha256 but missing (removed after the snapshot was made)',
      },
    ]);
  });

  it('names an added file', () => {
    const files = withManifest(FILES);
    files.set('claims/b/trace.json', encoder.encode('{}'));
    expect(checkManifest(source(files))).toEqual([
      {
        file: 'claims/b/trace.json',
        field: null,
        message: 'not listed in MANIFEST.sha256 (added after the snapshot was made)',
      },
    ]);
  });

  it('says so when there is no manifest', () => {
    expect(checkManifest(source(FILES))).toEqual([
      { file: MANIFEST, field: null, message: 'missing: this is not a snapshot, or its manifest was removed' },
    ]);
  });

  it('names a line that is not a manifest line', () => {
    const files = new Map([...FILES]);
    files.set(MANIFEST, encoder.encode(`${makeManifest(FILES)}not a line\n`));
    expect(checkManifest(source(files))).toEqual([
      { file: MANIFEST, field: null, message: 'line 5: not "<sha256>  <path>": "not a line"' },
    ]);
  });

  it('reads binary-mode lines (" *path") and CRLF line ends as sha256sum does', () => {
    const text = makeManifest(FILES).replaceAll('  ', ' *').replaceAll('\n', '\r\n');
    const { entries, findings } = parseManifest(text);
    expect(findings).toEqual([]);
    expect([...entries.keys()]).toHaveLength(FILES.size);
  });
});

describe('MANIFEST.sha256 on disk', () => {
  const root = mkdtempSync(join(tmpdir(), 'ledger-manifest-'));
  afterAll(() => rmSync(root, { recursive: true, force: true }));
  for (const [path, bytes] of withManifest(FILES)) writeAtomically(join(root, ...path.split('/')), bytes);

  it('is checked the same way through a folder', () => {
    expect(checkManifest(folderSource(root))).toEqual([]);
  });

  it.skipIf(spawnSync('sha256sum', ['--version']).status !== 0)('is accepted by sha256sum -c', () => {
    const run = spawnSync('sha256sum', ['-c', '--strict', MANIFEST], { cwd: root, encoding: 'utf8' });
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
  });
});
