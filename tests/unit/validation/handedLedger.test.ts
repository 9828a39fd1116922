/**
 * The checked content handed over by the build script (handedLedger.ts): read back, it is the
 * content the check read, claim for claim and model for model; a reader waits for it to be written
 * whole; a reader that is not to wait stops with a message.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { CHECKED_ENV, handedContent, handOver } from '../../../src/lib/input/handedLedger.ts';
import { loadLedger } from '../../../src/lib/input/load.ts';

const dir = mkdtempSync(join(tmpdir(), 'ledger-handed-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const { ledger } = loadLedger({ content: 'content', models: 'models' });

describe('the checked content handed over', () => {
  it('reads back as the content the check read: every claim, its file and slug, and every model', () => {
    const file = join(dir, 'content.v8');
    handOver(file, ledger!);
    const handed = handedContent({ [CHECKED_ENV]: file })!;
    expect(handed.defaultModel).toBe(ledger!.defaultModel);
    expect(handed.models).toEqual(ledger!.models);
    expect(handed.claims).toEqual(ledger!.claims.map(({ slug, file: path, claim }) => ({ slug, file: path, claim })));
    expect(handed.claims.length).toBeGreaterThan(20);
  });

  it('is nothing when no file is named, and a message when a named file is not there and not waited for', () => {
    expect(handedContent({})).toBeNull();
    const missing = join(dir, 'never.v8');
    expect(() => handedContent({ [CHECKED_ENV]: missing }, { wait: false })).toThrow(
      `the checked content was not handed over (${missing})`,
    );
  });

  it('is waited for until its writer has written it whole', async () => {
    const file = join(dir, 'later.v8');
    handOver(join(dir, 'source.v8'), ledger!);
    // Another process puts the file in place after half a second, as the build script does once its check ends.
    const writer = spawn(
      process.execPath,
      [
        '-e',
        `setTimeout(() => require('node:fs').copyFileSync(${JSON.stringify(join(dir, 'source.v8'))}, ${JSON.stringify(file)}), 500)`,
      ],
      { stdio: 'ignore' },
    );
    const ended = new Promise((done) => writer.on('exit', done));
    const started = Date.now();
    const handed = handedContent({ [CHECKED_ENV]: file })!;
    expect(Date.now() - started).toBeGreaterThanOrEqual(400);
    expect(handed.claims.map((c) => c.slug)).toEqual(ledger!.claims.map((c) => c.slug));
    await ended;
  });
});
