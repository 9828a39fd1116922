/**
 * Both verify commands on hostile sites: a number changed inside one trace's working, a trace made
 * by other engine code, decimals and numbers beyond the bounds in a trace or a model.json, and
 * symbolic links among the files; plus the Python reference's working, checked against the
 * engine's on random cases.
 */
import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, readFileSync, rmSync, symlinkSync, unlinkSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { canonicalJson, createScorer, modelId, type Trace } from '../../../src/engine/index.ts';
import { modelJsonPath, tracePath } from '../../../src/lib/paths.ts';
import { directoryFiles, traceFiles } from '../../../src/lib/verify/index.ts';
import { tempDir } from '../../support/cli.ts';
import { caseFromSeed } from '../../support/random.ts';
import { REFERENCE } from '../differential/differential.ts';
import { fewClaims, repositoryContent, writeSiteLayout } from './layout.ts';
import { verifyLines } from '../snapshot/made.ts';

const folders: string[] = [];
let pristine: string;
let count: number;

beforeAll(() => {
  pristine = tempDir('ledger-hostile-site-');
  folders.push(pristine);
  // Each test changes one file; the other claims' traces would be bystanders.
  count = writeSiteLayout(pristine, fewClaims(repositoryContent()));
});
afterAll(() => folders.forEach((dir) => rmSync(dir, { recursive: true, force: true })), 60_000);

function copySite(): string {
  const dir = tempDir('ledger-hostile-');
  folders.push(dir);
  cpSync(pristine, dir, { recursive: true });
  return dir;
}

function python(dir: string): { code: number | null; lines: string[]; stderr: string } {
  const run = spawnSync('python3', [REFERENCE, 'verify', dir], { encoding: 'utf8', timeout: 60_000 });
  return { code: run.status, lines: run.stdout.split('\n').filter((l) => l !== ''), stderr: run.stderr };
}

/** `ledger verify <dir>` run in-process from the repository's root. */
const typescript = verifyLines;

/** The first published trace (in path order) that carries a probability. */
function scoredTrace(dir: string): { path: string; trace: Trace } {
  for (const path of traceFiles(directoryFiles(dir))) {
    const trace = JSON.parse(readFileSync(join(dir, path), 'utf8')) as Trace;
    if (trace.result.probability !== null && trace.input.votes.length > 0) return { path, trace };
  }
  throw new Error('no scored trace with votes in the repository content');
}

describe("a number changed inside one trace's working", () => {
  it('is a difference naming the trace file and the JSON path, in both implementations', async () => {
    const dir = copySite();
    const { path, trace } = scoredTrace(dir);
    // The working's rounded probability is the result's probability (docs/design.md §4 step 7): a page shows both.
    const genuine = trace.result.probability!;
    const edited = {
      ...trace,
      working: { ...trace.working, probability: { ...trace.working.probability!, rounded: '0.1111' } },
    };
    writeFileSync(join(dir, path), JSON.stringify(edited, null, 2));
    const expected = `${path}: working.probability.rounded: expected "${genuine}", published "0.1111"`;
    expect(await typescript(dir)).toEqual({
      code: 1,
      lines: [`${count - 1} traces reproduced, 1 differ`, expected],
      stderr: '',
    });
    expect(python(dir)).toMatchObject({ code: 1, lines: [`${count - 1} traces reproduced, 1 differ`, expected] });
  });

  it('is found wherever in the working it is: a vote weight, a link factor', async () => {
    const dir = copySite();
    const { path, trace } = scoredTrace(dir);
    const votes = trace.working.gradient.votes.map((v, i) => (i === 0 ? { ...v, lnOnePlusReputation: '1' } : v));
    const links = trace.working.links.map((l, i) =>
      i === 0 ? { ...l, relevance: { ...l.relevance, factor: '9' } } : l,
    );
    const edited = { ...trace, working: { ...trace.working, links, gradient: { ...trace.working.gradient, votes } } };
    writeFileSync(join(dir, path), JSON.stringify(edited, null, 2));
    for (const run of [await typescript(dir), python(dir)]) {
      expect(run.code).toBe(1);
      expect(run.lines).toContain(
        `${path}: working.links[0].relevance.factor: expected ${JSON.stringify(trace.working.links[0]!.relevance.factor)}, published "9"`,
      );
      expect(
        run.lines.some((l) => l.startsWith(`${path}: working.gradient.votes[0].lnOnePlusReputation: expected "`)),
      ).toBe(true);
    }
  });
});

describe('a site whose traces were made by other engine code', () => {
  it('passes with one warning line naming the code hashes, the numbers all compared', async () => {
    const dir = tempDir('ledger-other-code-');
    folders.push(dir);
    const other = `sha256:${'c'.repeat(64)}`;
    const written = writeSiteLayout(dir, fewClaims(repositoryContent()), other);
    const run = await typescript(dir);
    expect(run.code).toBe(0);
    expect(run.lines).toHaveLength(2);
    expect(run.lines[0]).toBe(`${written} traces reproduced, 0 differ`);
    expect(run.lines[1]).toMatch(
      new RegExp(
        `^warning: \\S+/trace\\.json: codeHash: this and ${written - 1} more traces were made by other engine code \\(${other}, not this engine's sha256:[0-9a-f]{64}\\)`,
      ),
    );
  });
});

describe('numbers beyond the bounds', () => {
  const cases: [string, (trace: Trace) => unknown, string, RegExp][] = [
    [
      'a vote reputation of 1e100000000',
      (t) => ({
        ...t,
        input: { ...t.input, votes: t.input.votes.map((v, i) => (i === 0 ? { ...v, reputation: '1e100000000' } : v)) },
      }),
      'input.votes[0].reputation',
      /decimal out of bounds: exponent/,
    ],
    [
      'a vote value of 41 significant digits',
      (t) => ({
        ...t,
        input: {
          ...t.input,
          votes: t.input.votes.map((v, i) => (i === 0 ? { ...v, value: `0.${'3'.repeat(41)}` } : v)),
        },
      }),
      'input.votes[0].value',
      /41 significant digits, more than 40/,
    ],
  ];
  it.each(cases)('in a trace (%s) are refused, naming the file and the field', async (_what, edit, field, why) => {
    const dir = copySite();
    const { path, trace } = scoredTrace(dir);
    writeFileSync(join(dir, path), JSON.stringify(edit(trace), null, 2));
    for (const run of [await typescript(dir), python(dir)]) {
      expect(run.code).toBe(1);
      const line = run.lines.find((l) => l.startsWith(`${path}: ${field}: refused: `));
      expect(line, run.lines.join('\n')).toMatch(why);
    }
  });

  it('as a JSON number in a trace are refused, naming the field', async () => {
    const dir = copySite();
    const { path } = scoredTrace(dir);
    const text = readFileSync(join(dir, path), 'utf8');
    writeFileSync(join(dir, path), text.replace('"traceFormat": 1', '"traceFormat": 1e100000000'));
    for (const run of [await typescript(dir), python(dir)]) {
      expect(run.code).toBe(1);
      expect(run.lines.find((l) => l.startsWith(`${path}: traceFormat: refused: `))).toBeDefined();
    }
  });

  it('in a model.json are refused, naming the model file and the field', async () => {
    const dir = copySite();
    const { trace } = scoredTrace(dir);
    const file = `models/${trace.model}/model.json`;
    const model = JSON.parse(readFileSync(join(dir, file), 'utf8')) as { interpretation: Record<string, string> };
    model.interpretation['stepCost'] = '1e-100000000';
    writeFileSync(join(dir, file), JSON.stringify(model));
    for (const run of [await typescript(dir), python(dir)]) {
      expect(run.code).toBe(1);
      const line = run.lines.find((l) =>
        l.includes(`${file}: interpretation.stepCost: refused: decimal out of bounds: exponent`),
      );
      expect(line, run.lines.join('\n')).toBeDefined();
    }
  });
});

describe('a released.lock inside the site', () => {
  it('is checked against every published model.json, in both implementations', async () => {
    const dir = copySite();
    const { trace } = scoredTrace(dir);
    const recorded = `sha256:${'e'.repeat(64)}`;
    writeFileSync(join(dir, 'models', 'released.lock'), `# a site's own record\n${trace.model} ${recorded}\n`);
    const expected =
      `models/${trace.model}/model.json: released model ${trace.model} was edited: models/released.lock records ` +
      `${recorded} but the published model.json hashes to ${trace.configHash}`;
    for (const run of [await typescript(dir), python(dir)]) {
      expect(run.code).toBe(1);
      expect(run.lines).toContain(expected);
    }
  });
});

describe("symbolic links among a site's files", () => {
  it('are refused by name and never followed, in both implementations', async () => {
    const dir = copySite();
    const { trace } = scoredTrace(dir);
    const outside = tempDir('ledger-outside-');
    folders.push(outside);
    const file = `models/${trace.model}/model.json`;
    cpSync(join(dir, file), join(outside, 'model.json'));
    unlinkSync(join(dir, file));
    symlinkSync(join(outside, 'model.json'), join(dir, file));
    symlinkSync(outside, join(dir, 'claims', 'elsewhere'));
    for (const run of [await typescript(dir), python(dir)]) {
      expect(run.code).toBe(1);
      expect(run.lines).toContain(`${file}: is a symbolic link; verify reads nothing through a link`);
      expect(run.lines).toContain('claims/elsewhere: is a symbolic link; verify reads nothing through a link');
      expect(run.lines.some((l) => l.endsWith(`${file}: file not found`))).toBe(true);
    }
  });
});

describe("the reference's working", () => {
  it("is the engine's on 300 random cases, so the reference verify reproduces every one", () => {
    const dir = tempDir('ledger-random-site-');
    folders.push(dir);
    const write = (root: string, urlPath: string, text: string): void => {
      const file = join(root, ...urlPath.split('/').filter(Boolean));
      mkdirSync(dirname(file), { recursive: true });
      writeFileSync(file, text);
    };
    for (let seed = 1; seed <= 300; seed++) {
      const c = caseFromSeed(seed);
      // Each case has a model of its own, told apart by its version.
      const model = { ...c.model, version: `1.0.${seed}` };
      write(dir, modelJsonPath(modelId(model)), canonicalJson(model));
      write(
        dir,
        tracePath(c.slug, modelId(model)),
        JSON.stringify(createScorer(model, `sha256:${'a'.repeat(64)}`).score(c.slug, c.claim)),
      );
    }
    const run = python(dir);
    expect(run.lines.slice(0, 21)).toEqual(['300 traces reproduced, 0 differ']);
    expect(run.code).toBe(0);
    // And it is compared: the last working figure of one case, changed, is found. On a site of that
    // case alone: the other 299 were reproduced above, and a second run would only re-derive them.
    const one = tempDir('ledger-random-case-');
    folders.push(one);
    const modelPath = modelJsonPath('fuzz@1.0.7');
    write(one, modelPath, readFileSync(join(dir, ...modelPath.split('/').filter(Boolean)), 'utf8'));
    const path = tracePath(caseFromSeed(7).slug, `fuzz@1.0.7`).slice(1);
    const trace = JSON.parse(readFileSync(join(dir, path), 'utf8')) as Trace;
    write(
      one,
      `/${path}`,
      JSON.stringify({ ...trace, working: { ...trace.working, rounding: { ...trace.working.rounding, weight: 99 } } }),
    );
    expect(python(one).lines).toEqual([
      '0 traces reproduced, 1 differ',
      `${path}: working.rounding.weight: expected ${trace.working.rounding.weight}, published 99`,
    ]);
  }, 60_000);
});
