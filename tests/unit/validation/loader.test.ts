import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadClaimFile, loadModelFile, loadModels } from '../../../src/lib/input/load.ts';
import { formatProblem } from '../../../src/lib/input/problems.ts';
import { checkLevels, validateClaim } from '../../../src/lib/input/validate.ts';
import { validateModel } from '../../../src/lib/input/validateModel.ts';
import { parseYaml, type Parsed } from '../../../src/lib/input/yamlSource.ts';
import { FIXTURE_MODELS, FIXTURES } from '../../support/cli.ts';
import { strictModel } from '../../support/model.ts';

const parse = (text: string, file = 'x.yaml'): Parsed => {
  const { parsed, problems } = parseYaml(file, text);
  expect(problems).toEqual([]);
  return parsed!;
};

const STRICT_YAML = readFileSync(join(FIXTURE_MODELS, 'ledger-strict@0.1.0.yaml'), 'utf8');

describe('the loader reads models into exact decimal strings', () => {
  it('reads the fixture model into exactly the model the engine tests build in code', () => {
    const { loaded, problems } = loadModelFile(join(FIXTURE_MODELS, 'ledger-strict@0.1.0.yaml'));
    expect(problems).toEqual([]);
    expect(loaded?.model).toEqual(strictModel());
  });

  it('loads the fixture models folder with no problems and its default', () => {
    const { models, defaultModel, problems } = loadModels(FIXTURE_MODELS);
    expect(problems).toEqual([]);
    expect(models.map((m) => m.id)).toEqual(['ledger-strict@0.1.0']);
    expect(defaultModel).toBe('ledger-strict@0.1.0');
  });

  it.each([
    ['0.10', '0.1'],
    ['2.0', '2'],
    ['.5', '0.5'],
    ['1e-7', '0.0000001'],
    ['0.1000000000000000000000000001', '0.1000000000000000000000000001'],
    ['"0.35"', '0.35'],
  ])('keeps the digits written: %s becomes %s, never a binary float', (written, normalised) => {
    const text = STRICT_YAML.replace('touches-subject: 0.3', `touches-subject: ${written}`);
    const { model, problems } = validateModel(parse(text));
    expect(problems).toEqual([]);
    expect(model?.relevance['touches-subject']).toBe(normalised);
  });

  it.each([
    ['.inf', 'must be a decimal number such as 0.35'],
    ['.nan', 'must be a decimal number such as 0.35'],
    ['0x1F', 'must be a decimal number such as 0.35'],
    ['1_000', 'must be a decimal number such as 0.35'],
    ['true', 'must be a decimal number such as 0.35'],
    ['three tenths', 'must be a decimal number such as 0.35'],
  ])('refuses %s as a factor', (written, message) => {
    const text = STRICT_YAML.replace('touches-subject: 0.3', `touches-subject: ${written}`);
    const { model, problems } = validateModel(parse(text, 'm.yaml'));
    expect(model).toBeNull();
    expect(problems.map(formatProblem)).toEqual([`m.yaml:10: relevance.touches-subject: ${message}`]);
  });
});

describe('the loader normalises claims', () => {
  const minimal = [
    'statement: A claim.',
    'type: factual',
    'author: a.b',
    'recorded: 2026-10-02',
    'sources:',
    '  - { id: s1, name: A source }',
    'evidence:',
    '  - { id: l1, source: s1, direction: supports, passage: Words., relevance: bears-directly, observation: measurement, interpretationSteps: 2.0 }',
  ].join('\n');

  it('fills in every default and writes absent values as null', () => {
    const { claim, problems } = validateClaim(parse(minimal));
    expect(problems).toEqual([]);
    expect(claim).toEqual({
      statement: 'A claim.',
      type: 'factual',
      author: 'a.b',
      recorded: '2026-10-02',
      note: null,
      sources: [{ id: 's1', name: 'A source', url: null }],
      evidence: [
        {
          id: 'l1',
          source: 's1',
          direction: 'supports',
          passage: 'Words.',
          locator: null,
          relevance: 'bears-directly',
          observation: 'measurement',
          interpretationSteps: '2',
          authenticity: 'unverified',
          extraction: 'unverified',
          recordedBy: null,
        },
      ],
      reviews: [],
      votes: [],
    });
  });

  it('keeps a vote’s reputation and value as exact decimals, negative reputation included', () => {
    const { claim } = validateClaim(parse(`${minimal}\nvotes:\n  - { voter: v, reputation: -3.50, value: 0.90 }\n`));
    expect(claim?.votes).toEqual([{ voter: 'v', reputation: '-3.5', value: '0.9' }]);
  });

  it('reports a voter who votes twice', () => {
    const { problems } = validateClaim(
      parse(
        `${minimal}\nvotes:\n  - { voter: v, reputation: 1, value: 1 }\n  - { voter: v, reputation: 1, value: 0 }\n`,
      ),
    );
    expect(problems.map(formatProblem)).toEqual([
      'x.yaml:11: votes[1].voter: "v" has already voted on this claim (votes[0] is the same name)',
    ]);
  });
});

describe('malformed YAML names the line of the mistake', () => {
  it.each([
    ['a key repeated on line 3', 'a: 1\nb: 2\na: 3\n', 3, 'Map keys must be unique'],
    [
      'a mapping item out of line on line 4',
      'a: 1\nb:\n  - x\n c: 2\n',
      4,
      'All mapping items must start at the same column',
    ],
    ['a tab used for indentation on line 2', 'a:\n\tb: 1\n', 2, 'Tabs are not allowed as indentation'],
  ])('%s', (_name, text, line, message) => {
    const { parsed, problems } = parseYaml('bad.yaml', text);
    expect(parsed).toBeNull();
    expect(problems[0]).toMatchObject({ file: 'bad.yaml', line, field: '(yaml)' });
    expect(problems[0]?.message).toContain(message);
  });
});

describe('one mistake does not hide another', () => {
  it('reports cross-field model problems even when another section breaks the schema', () => {
    const text = STRICT_YAML.replace('mode: half-even', 'mode: half-down')
      .replace('  factual: 0.5', '  factual: 1')
      .replace('{ from: 0, state: very-unlikely }', '{ from: 0.01, state: very-unlikely }');
    const { model, problems } = validateModel(parse(text, 'm.yaml'));
    expect(model).toBeNull();
    expect(problems.map(formatProblem).sort()).toEqual([
      'm.yaml:25: priors.factual: a prior must be strictly between 0 and 1 (its log-odds would be infinite), not 1',
      'm.yaml:33: states[0].from: the first state must start at 0, not 0.01',
      'm.yaml:38: rounding.mode: must be half-even or half-up',
    ]);
  });

  it('checks the levels of a claim that has other mistakes against every model', () => {
    const file = join(FIXTURES, 'broken', 'claims', 'several-mistakes.yaml');
    const { loaded } = loadModelFile(join(FIXTURE_MODELS, 'ledger-strict@0.1.0.yaml'));
    const { problems } = loadClaimFile(file, [loaded!]);
    expect(problems.map((p) => p.field)).toContain('evidence[1].observation');
    const parsed = parse(readFileSync(file, 'utf8'));
    expect(checkLevels(parsed, null, strictModel()).map((p) => `${p.line}: ${p.field}`)).toEqual([
      '20: evidence[1].observation',
    ]);
  });
});
