import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkCommand } from '../../../src/cli/check.ts';
import { scoreCommand } from '../../../src/cli/score.ts';
import { canonicalJson, hashOf, type Json, type Trace } from '../../../src/engine/index.ts';
import { traceJson } from '../../../src/lib/claim/page.ts';
import {
  FIXTURE_MODELS,
  FIXTURES,
  problemLines,
  runChild,
  runInProcess,
  shown,
  tempDir,
  workspace,
} from '../../support/cli.ts';
import { strictModel } from '../../support/model.ts';

const WATER = join(FIXTURES, 'claims', 'water-plant.yaml');
const SCHOOL = join(FIXTURES, 'claims', 'school-closure.yaml');
const STRICT_YAML = join(FIXTURE_MODELS, 'ledger-strict@0.1.0.yaml');

const score = (files: string[], model: string, models = FIXTURE_MODELS) =>
  runInProcess((io) => scoreCommand(io, files, { model, models }));

describe('ledger score', () => {
  it('prints one trace for one claim file, on one line as its published trace.json holds it', async () => {
    const outcome = await score([WATER], 'ledger-strict@0.1.0');
    expect(outcome).toMatchObject({ code: 0, stderr: '' });
    const trace = JSON.parse(outcome.stdout) as Trace;
    expect(outcome.stdout).toBe(`${JSON.stringify(trace)}\n`);
    expect(outcome.stdout).toBe(traceJson(trace));
    expect(trace).toMatchObject({
      traceFormat: 1,
      claim: 'water-plant',
      model: 'ledger-strict@0.1.0',
      configHash: hashOf(strictModel() as unknown as Json),
    });
    expect(trace.codeHash).toMatch(/^sha256:[0-9a-f]{64}$/);
    expect(trace.links).toEqual([
      { id: 'lab-q1', weight: '1.800000', kept: true, keptLink: null },
      { id: 'gazette-report', weight: '0.245000', kept: true, keptLink: null },
    ]);
    expect(trace.result).toEqual({
      state: 'likely',
      probability: '0.8854',
      posteriorLogOdds: '2.045000',
      reason: null,
      stability: { spread: '0.1274', level: 'medium' },
      coverage: { done: 1, declared: 4, value: '0.25' },
      gradient: { value: '0.9000', status: 'consensus-true' },
    });
  });

  it('prints one compact trace per line (JSON Lines) for several files, in the order given', async () => {
    const outcome = await score([WATER, SCHOOL, WATER], 'ledger-strict@0.1.0');
    expect(outcome.code).toBe(0);
    const lines = outcome.stdout.split('\n');
    expect(lines.pop()).toBe('');
    expect(lines.map((line) => (JSON.parse(line) as Trace).claim)).toEqual([
      'water-plant',
      'school-closure',
      'water-plant',
    ]);
    for (const line of lines) expect(line).toBe(JSON.stringify(JSON.parse(line)));
    expect(lines[2]).toBe(lines[0]);
  });

  it('accepts the model as an id, a path to its YAML file or a path to its canonical JSON, with the same trace', async () => {
    const json = join(tempDir(), 'ledger-strict@0.1.0.json');
    writeFileSync(json, canonicalJson(strictModel() as unknown as Json));
    expect(canonicalJson(strictModel() as unknown as Json)).toMatch(/"stepCost":"0.15"/);
    const byId = await score([WATER], 'ledger-strict@0.1.0');
    const byYaml = await score([WATER], STRICT_YAML, join(tempDir(), 'unused'));
    const byJson = await score([WATER], json, join(tempDir(), 'unused'));
    expect(byId.code).toBe(0);
    expect(byYaml).toEqual(byId);
    expect(byJson).toEqual(byId);
  });

  it('names the known ids when the model id does not exist', async () => {
    const outcome = await score([WATER], 'ledger-strict@9.9.9');
    expect(outcome.code).toBe(1);
    expect(outcome.stdout).toBe('');
    expect(problemLines(outcome.stderr)).toEqual([
      `${shown(join(FIXTURE_MODELS, 'ledger-strict@9.9.9.yaml'))}:1: --model: no model ledger-strict@9.9.9 in ${shown(FIXTURE_MODELS)} (known: ledger-strict@0.1.0)`,
    ]);
  });

  it('says when a model path does not exist', async () => {
    const missing = join(tempDir(), 'nothing.yaml');
    const outcome = await score([WATER], missing);
    expect(problemLines(outcome.stderr)).toEqual([`${missing}:1: --model: model file not found`]);
  });

  it('prints the same bytes from a child process as in-process (a trace is reproducible)', async () => {
    const inProcess = await score([WATER, SCHOOL], 'ledger-strict@0.1.0');
    const child = runChild(['score', WATER, SCHOOL, '--model', 'ledger-strict@0.1.0', '--models', FIXTURE_MODELS]);
    expect(child).toMatchObject({ code: 0, stderr: '' });
    expect(child.stdout).toBe(inProcess.stdout);
  });
});

describe('ledger check', () => {
  it('passes a valid ledger and says what it checked', async () => {
    const ws = workspace();
    ws.copy(join('claims', 'water-plant.yaml'), join('content', 'claims', 'water-plant.yaml'));
    ws.copy(join('claims', 'school-closure.yaml'), join('content', 'claims', 'school-closure.yaml'));
    const outcome = await runInProcess((io) => checkCommand(io, { content: ws.content, models: ws.models }));
    expect(outcome.code).toBe(0);
    expect(outcome.stdout).toBe('ok: 1 models and 2 claims are valid (default model ledger-strict@0.1.0).\n');
    // Warnings, not problems: neither fixture names a claimant, and water-plant's reviews say `on:`.
    const noClaimant =
      'claimant: no claimant: say who made the claim out in the world, as claimant: { name, url, type }';
    const on = (i: number): string =>
      `reviews[${i}].on: the key on is read as the boolean true by YAML 1.1 readers (PyYAML, Ruby’s Psych, Go’s yaml.v2): rename it to date (the same day; only the key changes)`;
    const claims = join(ws.content, 'claims');
    expect(outcome.stderr).toBe(
      [
        `warning: ${join(claims, 'school-closure.yaml')}:1: ${noClaimant}`,
        `warning: ${join(claims, 'water-plant.yaml')}:1: ${noClaimant}`,
        `warning: ${join(claims, 'water-plant.yaml')}:27: ${on(0)}`,
        `warning: ${join(claims, 'water-plant.yaml')}:28: ${on(1)}`,
        '',
      ].join('\n'),
    );
  });
});
