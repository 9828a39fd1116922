/**
 * Vitest's global setup: the unit tests' temporary folders (and their children's) all go under one
 * folder of this run, which is removed when the run ends, so that a run leaves nothing in the
 * machine's temporary folder, whatever a test forgot to remove.
 */
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** Points TMPDIR at a fresh folder for the run's workers; returns the teardown that removes it. */
export default function setup(): () => void {
  const root = mkdtempSync(join(tmpdir(), 'ledger-unit-'));
  // Open to all with the sticky bit, as /tmp is: some tests run a build as another user
  // (tests/unit/faults/writable.test.ts), whose tsx keeps its cache in TMPDIR too.
  chmodSync(root, 0o1777);
  process.env['TMPDIR'] = root;
  return () => rmSync(root, { recursive: true, force: true });
}
