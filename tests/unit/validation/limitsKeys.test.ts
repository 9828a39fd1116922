/**
 * The limits that keep a hostile file harmless (docs/design.md §3) on keys and names: mappings without
 * a prototype, lookups that never find a property every object has, ids that are safe URL segments,
 * short claim types, and a lock that only grows.
 */
import { describe, expect, it } from 'vitest';
import { notScoredReason, score } from '../../../src/engine/index.ts';
import { claimTemplate } from '../../../src/lib/authoring/claimTemplate.ts';
import { checkRows, levelRows } from '../../../src/lib/authoring/contribute.ts';
import { lockChanges, parseLock } from '../../../src/lib/input/lock.ts';
import { formatProblem } from '../../../src/lib/input/problems.ts';
import { validateModel } from '../../../src/lib/input/validateModel.ts';
import { parseYaml } from '../../../src/lib/input/yamlSource.ts';
import { strictModel } from '../../support/model.ts';
import { CLAIM, MODEL, claimProblems, modelProblems } from '../../support/limits.ts';

describe('keys every object already has are ordinary keys, never properties', () => {
  it('refuses a __proto__ key instead of letting its fields become the claim’s own', () => {
    const text = CLAIM.replace('statement: The', '__proto__:\n  statement: The');
    expect(claimProblems(text)).toEqual([
      'c.yaml:1: statement: is required',
      'c.yaml:1: __proto__: is not a field here (check its spelling)',
    ]);
  });

  it('keeps a __proto__ key as a key of a prototype-less mapping', () => {
    const { parsed } = parseYaml('x.yaml', '__proto__: { polluted: yes }\nconstructor: 1\n');
    const data = parsed!.data as Record<string, unknown>;
    expect(Object.getPrototypeOf(data)).toBeNull();
    expect(Object.keys(data)).toEqual(['__proto__', 'constructor']);
    expect(({} as Record<string, unknown>)['polluted']).toBeUndefined();
  });

  it('refuses __proto__ as a key of a model table (it could not be held, and would vanish)', () => {
    expect(modelProblems(MODEL.replace('  factual: 0.5', '  factual: 0.5\n  __proto__: 0.5'))).toEqual([
      'm.yaml:26: priors.__proto__: __proto__ cannot be a key here; choose another name',
    ]);
  });

  it.each(['constructor', 'toString', 'valueOf', 'hasOwnProperty', '__proto__'])(
    'does not score a claim of type %s, and says why',
    (type) => {
      const model = strictModel();
      expect(notScoredReason(model, type)).toBe(`this model does not score claims of type ${type}`);
      const claim = {
        statement: 's',
        type,
        author: 'a',
        recorded: '2026-01-01',
        note: null,
        sources: [],
        evidence: [],
        reviews: [],
        votes: [],
      };
      const trace = score(model, 'x', claim, 'sha256:test');
      expect(trace.result.state).toBe('not-applicable');
      expect(trace.result.reason).toBe(`this model does not score claims of type ${type}`);
    },
  );

  it('scores a type named constructor when the model gives it a prior', () => {
    const text = MODEL.replace('  factual: 0.5', '  constructor: 0.5');
    const { parsed } = parseYaml('m.yaml', text);
    const { model, problems } = validateModel(parsed!);
    expect(problems).toEqual([]);
    expect(Object.keys(model!.priors)).toContain('constructor');
  });
});

describe('the words shown for a model’s levels and checks are looked up as own keys', () => {
  it('gives a check or a level named after an Object property no meaning, not a function’s source', () => {
    const base = strictModel();
    const model = strictModel({
      review: { checks: ['constructor', 'toString'] },
      relevance: { ...base.relevance, constructor: '1', valueOf: '1' },
    });
    expect(checkRows(model)).toEqual([
      { check: 'constructor', meaning: '' },
      { check: 'toString', meaning: '' },
    ]);
    const rows = levelRows(model, 'relevance', []).filter(
      (row) => row.level === 'constructor' || row.level === 'valueOf',
    );
    expect(rows.map(({ level, meaning, illustration }) => ({ level, meaning, illustration }))).toEqual([
      { level: 'constructor', meaning: '', illustration: '' },
      { level: 'valueOf', meaning: '', illustration: '' },
    ]);
    const template = claimTemplate({
      slug: 'x',
      modelId: 'ledger-strict@0.1.0',
      model,
      today: '2026-12-01',
      file: 'content/claims/x.yaml',
      schemaUrl: 'https://claim-ledger.example.org/schemas/claim.schema.json',
    });
    expect(template).toContain('constructor: a check this model declares.');
    expect(template).not.toContain('[native code]');
  });
});

describe('ids that become URL segments are safe', () => {
  it.each([
    [
      'a state with a slash',
      '{ from: 0.1, state: unlikely }',
      '{ from: 0.1, state: un/likely }',
      34,
      'states[1].state',
    ],
    [
      'a state named all (the listing filter for every state)',
      '{ from: 0.1, state: unlikely }',
      '{ from: 0.1, state: all }',
      34,
      'states[1].state',
    ],
    ['a state in capitals', '{ from: 0.1, state: unlikely }', '{ from: 0.1, state: Unlikely }', 34, 'states[1].state'],
    ['a model name with a dot', 'name: ledger-strict', 'name: ledger.strict', 2, 'name'],
    [
      'a state id of 65 characters (a folder name of the built site)',
      '{ from: 0.1, state: unlikely }',
      `{ from: 0.1, state: ${'u'.repeat(65)} }`,
      34,
      'states[1].state',
    ],
  ])('refuses %s', (_name, from, to, line, field) => {
    const text = MODEL.replace(from, to);
    expect(text).not.toBe(MODEL);
    const problems = modelProblems(text);
    expect(problems).toHaveLength(1);
    expect(problems[0]!.startsWith(`m.yaml:${line}: ${field}: `)).toBe(true);
  });
});

describe('a claim type is a short label', () => {
  it('accepts a type of 64 characters and refuses one of 65, since the listing’s URLs carry it', () => {
    expect(claimProblems(CLAIM.replace('type: factual', `type: ${'t'.repeat(64)}`))).toEqual([]);
    expect(claimProblems(CLAIM.replace('type: factual', `type: ${'t'.repeat(65)}`))).toEqual([
      'c.yaml:2: type: must be at most 64 characters: it is a short label for a kind of claim, and stands in URLs',
    ]);
  });
});

describe('the lock is append-only', () => {
  const A = `sha256:${'a'.repeat(64)}`;
  const B = `sha256:${'b'.repeat(64)}`;
  const C = `sha256:${'c'.repeat(64)}`;
  const lock = (text: string) => parseLock(text, 'released.lock');
  const committed = lock(`# header\nx@1.0.0 ${A}\ny@1.0.0 ${B}\n`).entries;

  it('names a changed line with the model id and both hashes, and accepts lines added', () => {
    expect(
      lockChanges(lock(`# header\nx@1.0.0 ${A}\ny@1.0.0 ${B}\nz@1.0.0 ${C}\n`).entries, committed, 'released.lock'),
    ).toEqual([]);
    const problems = lockChanges(lock(`# header\nx@1.0.0 ${A}\ny@1.0.0 ${C}\n`).entries, committed, 'released.lock');
    expect(problems.map(formatProblem)).toEqual([
      `released.lock:3: y@1.0.0: was released as ${B} (line 3 of the committed lock, HEAD) but this line now records ${C}; released.lock is append-only, so release a new version as a new file instead`,
    ]);
  });

  it('names a removed line with the model id and its hash', () => {
    const problems = lockChanges(lock(`# header\ny@1.0.0 ${B}\n`).entries, committed, 'released.lock');
    expect(problems.map((p) => [p.line, p.field])).toEqual([[2, 'x@1.0.0']]);
    expect(problems[0]!.message).toContain(`x@1.0.0 ${A}, was removed`);
  });

  it('refuses a model recorded twice (a second line could shadow the first)', () => {
    expect(lock(`x@1.0.0 ${A}\nx@1.0.0 ${B}\n`).problems.map(formatProblem)).toEqual([
      'released.lock:2: x@1.0.0: is already recorded on line 1; a model is released once',
    ]);
  });
});
