/**
 * Released models stay released: once `released.lock` records a model's config hash, editing one
 * number of its file makes `check` and `score` refuse it, and `verify` names a published model.json
 * that no longer hashes to what was released — each naming the model and both hashes.
 */
import { cpSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { canonicalJson, type Json } from '../../../src/engine/index.ts';
import { checkCommand } from '../../../src/cli/check.ts';
import { scoreCommand } from '../../../src/cli/score.ts';
import { listFiles } from '../../../src/lib/input/ledgerFiles.ts';
import { loadModelFile } from '../../../src/lib/input/load.ts';
import { readLock } from '../../../src/lib/input/lock.ts';
import { directoryFiles, reportLines, verifySite } from '../../../src/lib/verify/index.ts';
import { REPO_ROOT, runInProcess, tempDir } from '../../support/cli.ts';
import { repositoryContent, writeSiteLayout } from './layout.ts';

let root: string;
let models: string;
let id: string;
let recorded: string;
let edited: string;
let editedModel: Json;

beforeAll(() => {
  root = tempDir('ledger-released-');
  models = join(root, 'models');
  cpSync(join(REPO_ROOT, 'models'), models, { recursive: true });
  const entry = readLock(models).entries[0];
  if (!entry) throw new Error('models/released.lock records no model');
  ({ id, configHash: recorded } = entry);
  // Edit one number: the interpretation step cost gains a trailing digit.
  const file = join(models, `${id}.yaml`);
  const text = readFileSync(file, 'utf8');
  const changed = text.replace(
    /(stepCost:\s*)(\d+(?:\.\d+)?)/,
    (_, key: string, value: string) => `${key}${value.includes('.') ? value : `${value}.`}1`,
  );
  expect(changed).not.toBe(text);
  writeFileSync(file, changed);
  rmSync(join(models, 'released.lock'));
  // Loaded without the lock beside it, the edited file gives its new hash and model.
  const { loaded } = loadModelFile(file);
  if (!loaded) throw new Error('the edited model no longer validates');
  edited = loaded.configHash;
  editedModel = loaded.model as unknown as Json;
  cpSync(join(REPO_ROOT, 'models', 'released.lock'), join(models, 'released.lock'));
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('a released model whose file was edited', () => {
  it('has a new config hash', () => {
    expect(edited).not.toBe(recorded);
  });

  it('makes check fail, naming the model and both hashes', async () => {
    const run = await runInProcess((io) => checkCommand(io, { content: join(REPO_ROOT, 'content'), models }));
    expect(run.code).toBe(1);
    const line = run.stderr.split('\n').find((l) => l.includes(`released model ${id} was edited`));
    expect(line).toBeDefined();
    expect(line).toContain(recorded);
    expect(line).toContain(edited);
  });

  it('makes score --model refuse it, naming the model and both hashes', async () => {
    const claim = listFiles(join(REPO_ROOT, 'content', 'claims'), ['.yaml'])[0]!;
    const run = await runInProcess((io) => scoreCommand(io, [claim], { model: id, models }));
    expect(run.code).toBe(1);
    expect(run.stdout).toBe('');
    expect(run.stderr).toContain(`released model ${id} was edited`);
    expect(run.stderr).toContain(recorded);
    expect(run.stderr).toContain(edited);
  });

  it('makes verify fail on a site publishing it, naming the model and both hashes', () => {
    const site = join(root, 'site');
    writeSiteLayout(site, repositoryContent());
    writeFileSync(join(site, 'models', id, 'model.json'), canonicalJson(editedModel));
    const released = readLock(models).entries.map((e) => ({
      id: e.id,
      configHash: e.configHash,
      lockFile: 'models/released.lock',
    }));
    const report = verifySite(directoryFiles(site), { codeHash: 'sha256:test', released });
    expect(report.ok).toBe(false);
    const lines = reportLines(report, Infinity);
    expect(lines).toContain(
      `models/${id}/model.json: released model ${id} was edited: models/released.lock records ${recorded} but the published model.json hashes to ${edited}`,
    );
    // Every trace under the edited model now differs in its config hash, and says so.
    expect(lines.some((line) => line.includes(`configHash: expected "${edited}", published "${recorded}"`))).toBe(true);
  });
});
