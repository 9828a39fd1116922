import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { byBytes, walkFolder } from '../../../src/lib/input/folderWalk.ts';

const root = mkdtempSync(join(tmpdir(), 'walk-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('walkFolder', () => {
  it('lists whole paths in UTF-8 byte order, as `LC_ALL=C sort` does, and follows no link', () => {
    mkdirSync(join(root, 'a'));
    writeFileSync(join(root, 'a', 'b'), '');
    writeFileSync(join(root, 'a-c'), '');
    writeFileSync(join(root, 'é'), '');
    writeFileSync(join(root, 'z'), '');
    mkdirSync(join(root, 'outside'));
    writeFileSync(join(root, 'outside', 'secret'), '');
    symlinkSync(join(root, 'outside'), join(root, 'link'));
    const entries = walkFolder(root);
    // '-' (0x2D) sorts before '/' (0x2F), so `a-c` comes before `a/b`; 'é' (0xC3 0xA9) after 'z'.
    expect(entries.map((e) => `${e.path} ${e.kind}`)).toEqual([
      'a folder',
      'a-c file',
      'a/b file',
      'link link',
      'outside folder',
      'outside/secret file',
      'z file',
      'é file',
    ]);
  });

  it('compares by bytes, not by UTF-16 code units', () => {
    // U+FF5E is one code unit above U+D83D (a surrogate of 😀), but its UTF-8 bytes sort first.
    expect(['😀', '～'].sort(byBytes)).toEqual(['～', '😀']);
  });
});
