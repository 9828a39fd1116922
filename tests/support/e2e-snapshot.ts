/**
 * An offline snapshot for the browser tests of tests/e2e/offline-snapshot*.spec.ts: made from the
 * built site with `ledger snapshot` into a temporary folder and unpacked there from its ZIP.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from '@playwright/test';
import { snapshotCommand } from '../../src/cli/snapshot.ts';
import { writeAtomically } from '../../src/lib/snapshot/files.ts';
import { readZip } from '../../src/lib/snapshot/zip.ts';
import { distDir } from './e2e-env.ts';

/** A snapshot made for a test file: its temporary folder, the unpacked snapshot's top folder, and the ZIP. */
export interface MadeSnapshot {
  readonly work: string;
  readonly root: string;
  readonly zipPath: string;
}

/** Makes a snapshot of the built site in a new temporary folder and unpacks it there. */
export async function makeSnapshot(): Promise<MadeSnapshot> {
  const work = mkdtempSync(join(tmpdir(), 'ledger-offline-'));
  let err = '';
  const code = await snapshotCommand(
    { out: () => undefined, err: (text) => void (err += text) },
    { dist: distDir(), out: join(work, 'out') },
    { cwd: process.cwd(), progress: false, env: process.env },
  );
  expect(code, err).toBe(0);
  const zipPath = join(
    work,
    'out',
    readdirSync(join(work, 'out')).find((name) => name.endsWith('.zip'))!,
  );
  for (const [path, bytes] of readZip(readFileSync(zipPath)))
    writeAtomically(join(work, 'unpacked', ...path.split('/')), bytes);
  const [top] = readdirSync(join(work, 'unpacked'));
  return { work, root: join(work, 'unpacked', top!), zipPath };
}

/** Removes a snapshot's temporary folder. */
export function removeSnapshot(made: MadeSnapshot | undefined): void {
  if (made) rmSync(made.work, { recursive: true, force: true });
}
