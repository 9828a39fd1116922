/**
 * The JSON Schemas of claim and model files, as an editor uses them: every claim and model file of
 * the repository validates with a standard validator (Ajv, draft-07) after being parsed as YAML
 * the way an editor parses it (numbers as numbers), files broken in a way a schema can see do not,
 * and every field has a description to show while typing.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import Ajv, { type ValidateFunction } from 'ajv';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { claimJsonSchema, modelJsonSchema, schemaJson, type JsonSchema } from '../../../src/lib/publish/jsonSchema.ts';
import { claimTemplate } from '../../../src/lib/authoring/claimTemplate.ts';
import { BROKEN, FIXTURES, REPO_ROOT } from '../../support/cli.ts';
import { strictModel } from '../../support/model.ts';

const SITE = 'https://ledger.test/';
const claimSchema = claimJsonSchema(SITE);
const modelSchema = modelJsonSchema(SITE);

/** A validator as an editor's would be: strict about the schema itself, every error reported. */
function validator(schema: JsonSchema): ValidateFunction {
  return new Ajv({ strict: true, allErrors: true }).compile(schema);
}
const validClaim = validator(claimSchema);
const validModel = validator(modelSchema);

/** A YAML file parsed as an editor's language server parses it: plain YAML 1.2, numbers as numbers. */
const editorParse = (file: string): unknown => parse(readFileSync(file, 'utf8'));
const yamlIn = (dir: string, keep: (name: string) => boolean = () => true): string[] =>
  readdirSync(dir)
    .filter((name) => name.endsWith('.yaml') && keep(name))
    .sort()
    .map((name) => join(dir, name));

const errorsOf = (validate: ValidateFunction): string =>
  (validate.errors ?? []).map((e) => `${e.instancePath} ${e.message ?? ''}`).join('; ');

describe('every claim and model file of the repository validates', () => {
  const claims = [
    ...yamlIn(join(REPO_ROOT, 'content', 'claims')),
    ...yamlIn(join(FIXTURES, 'claims')),
    ...readdirSync(join(REPO_ROOT, 'tests', 'golden'))
      .filter((c) => !c.includes('.'))
      .map((c) => join(REPO_ROOT, 'tests', 'golden', c, 'claim.yaml')),
  ];
  const models = [
    ...yamlIn(join(REPO_ROOT, 'models'), (name) => name.includes('@')),
    ...yamlIn(join(FIXTURES, 'models'), (name) => name.includes('@')),
  ];

  it('finds the files', () => {
    expect(claims.length).toBeGreaterThanOrEqual(27);
    expect(models.length).toBeGreaterThanOrEqual(6);
  });

  it.each(claims.map((f) => [f.slice(REPO_ROOT.length + 1), f]))('claim %s', (_name, file) => {
    const ok = validClaim(editorParse(file));
    expect(errorsOf(validClaim)).toBe('');
    expect(ok).toBe(true);
  });

  it.each(models.map((f) => [f.slice(REPO_ROOT.length + 1), f]))('model %s', (_name, file) => {
    const ok = validModel(editorParse(file));
    expect(errorsOf(validModel)).toBe('');
    expect(ok).toBe(true);
  });
});

describe('a broken file does not validate', () => {
  it.each([
    ['unknown-field.yaml', '/evidence/0'],
    ['missing-author.yaml', ''],
    ['javascript-url.yaml', '/sources/0/url'],
    ['unknown-direction.yaml', '/evidence/0/direction'],
    ['reputation-as-text.yaml', '/votes/0/reputation'],
    ['steps-as-text.yaml', '/evidence/0/interpretationSteps'],
    ['claimant-javascript-url.yaml', '/claimant'],
  ])('claim %s, at %j', (fixture, where) => {
    expect(validClaim(editorParse(join(BROKEN, 'claims', fixture)))).toBe(false);
    expect(validClaim.errors!.map((e) => e.instancePath)).toContain(where);
  });

  it.each([
    ['unknown-key.yaml', ''],
    ['step-cost-as-text.yaml', '/interpretation/stepCost'],
    ['unknown-rounding-mode.yaml', '/rounding/mode'],
  ])('model %s, at %j', (fixture, where) => {
    expect(validModel(editorParse(join(BROKEN, 'models', fixture)))).toBe(false);
    expect(validModel.errors!.map((e) => e.instancePath)).toContain(where);
  });

  it.each([
    ['a date that is not YYYY-MM-DD', { recorded: '2 October 2026' }],
    ['an appearance that is not http or https', { appearances: [{ url: 'ftp://example.org/x', date: '2026-01-14' }] }],
    ['a claimant with no name', { claimant: { url: 'https://example.org/x' } }],
  ])('claim with %s', (_name, change) => {
    const good = editorParse(join(REPO_ROOT, 'content', 'claims', 'eastbrook-lead-limit.yaml')) as Record<
      string,
      unknown
    >;
    expect(validClaim(good)).toBe(true);
    expect(validClaim({ ...good, ...change })).toBe(false);
  });
});

describe('decimals', () => {
  const vote = (reputation: unknown) => {
    const good = editorParse(join(REPO_ROOT, 'content', 'claims', 'eastbrook-lead-limit.yaml')) as Record<
      string,
      unknown
    >;
    return { ...good, votes: [{ voter: 'v', reputation, value: '0.5' }] };
  };

  it.each([[800], [0.5], ['800'], ['1e3'], ['-0.25']])('accept %j, as YAML or JSON may hold it', (value) => {
    expect(validClaim(vote(value))).toBe(true);
  });

  it.each([['a lot'], ['0.5.1'], [true], [null]])('refuse %j', (value) => {
    expect(validClaim(vote(value))).toBe(false);
  });
});

describe('the schemas describe every field', () => {
  /** Paths of properties without a description. */
  function undescribed(node: unknown, path = ''): string[] {
    if (node === null || typeof node !== 'object') return [];
    const schema = node as Record<string, unknown>;
    const out: string[] = [];
    const properties = schema['properties'] as Record<string, Record<string, unknown>> | undefined;
    for (const [name, child] of Object.entries(properties ?? {})) {
      if (typeof child['description'] !== 'string' || child['description'] === '') out.push(`${path}.${name}`);
      out.push(...undescribed(child, `${path}.${name}`));
    }
    for (const key of ['items', 'additionalProperties']) out.push(...undescribed(schema[key], `${path}[]`));
    for (const option of (schema['anyOf'] as unknown[] | undefined) ?? []) out.push(...undescribed(option, path));
    return out;
  }

  it.each([
    ['claim', claimSchema],
    ['model', modelSchema],
  ])('%s', (_kind, schema) => {
    expect(undescribed(schema)).toEqual([]);
    expect(schema['$id']).toMatch(/^https:\/\/ledger\.test\/schemas\/(claim|model)\.schema\.json$/);
    expect(schema['$schema']).toBe('http://json-schema.org/draft-07/schema#');
    expect(typeof schema['description']).toBe('string');
  });

  it('includes the claimant and appearances', () => {
    const properties = claimSchema['properties'] as Record<string, unknown>;
    expect(Object.keys(properties)).toEqual(expect.arrayContaining(['claimant', 'appearances']));
  });

  it('is published as two-space JSON that parses back to the schema', () => {
    const text = schemaJson(claimSchema);
    expect(text.endsWith('}\n')).toBe(true);
    expect(JSON.parse(text)).toEqual(claimSchema);
  });
});

describe('ledger new claim', () => {
  it('points the new file at the published claim schema, for editors', () => {
    const text = claimTemplate({
      slug: 'x',
      modelId: 'ledger-strict@0.1.0',
      model: strictModel(),
      today: '2026-12-01',
      file: 'content/claims/x.yaml',
      schemaUrl: 'https://ledger.test/schemas/claim.schema.json',
    });
    expect(text.split('\n')[0]).toBe('# yaml-language-server: $schema=https://ledger.test/schemas/claim.schema.json');
  });
});
