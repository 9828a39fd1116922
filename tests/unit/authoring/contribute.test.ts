/**
 * What /contribute/, the claim template and `check`'s help lines share: every field of the claim
 * schema described and explained, every level and check of the default model given a meaning, and
 * each problem's field mapped to the section that explains it.
 */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  CHECK_MEANINGS,
  claimFields,
  explainedPaths,
  fieldGroups,
  helpOrigin,
  LEVEL_MEANINGS,
  LEVEL_TABLES,
  levelExample,
  levelRows,
  problemAnchor,
  problemHelp,
} from '../../../src/lib/authoring/contribute.ts';
import { loadLedger } from '../../../src/lib/input/load.ts';
import { REPO_ROOT } from '../../support/cli.ts';

const { ledger } = loadLedger({ content: join(REPO_ROOT, 'content'), models: join(REPO_ROOT, 'models') });
const defaultModel = ledger!.models.find((m) => m.id === ledger!.defaultModel)!;

describe('every field of a claim is documented', () => {
  const fields = claimFields();

  it('walks the schema in file order, lists first, then the fields of their entries', () => {
    expect(fields.map((f) => f.path)).toEqual([
      'statement',
      'type',
      'author',
      'recorded',
      'claimant',
      'claimant.name',
      'claimant.url',
      'claimant.type',
      'appearances',
      'appearances.url',
      'appearances.date',
      'note',
      'sources',
      'sources.id',
      'sources.name',
      'sources.url',
      'evidence',
      'evidence.id',
      'evidence.source',
      'evidence.direction',
      'evidence.passage',
      'evidence.locator',
      'evidence.relevance',
      'evidence.observation',
      'evidence.interpretationSteps',
      'evidence.authenticity',
      'evidence.extraction',
      'evidence.recordedBy',
      'reviews',
      'reviews.check',
      'reviews.by',
      'reviews.date',
      'reviews.on',
      'votes',
      'votes.voter',
      'votes.reputation',
      'votes.value',
    ]);
  });

  it.each(claimFields().map((f) => [f.path, f] as const))(
    '%s has a description from the schema, prose and an example',
    (_path, field) => {
      expect(field.description).toMatch(/^[A-Z].*\.$/);
      expect(field.prose).not.toBe('');
      expect(field.example).not.toBe('');
    },
  );

  it('has prose for no field the schema does not have', () => {
    expect(explainedPaths().sort()).toEqual(fields.map((f) => f.path).sort());
  });

  it('knows which fields are required and which are lists', () => {
    const by = new Map(fields.map((f) => [f.path, f]));
    expect(by.get('statement')).toMatchObject({
      required: true,
      list: false,
      label: 'statement',
      anchor: 'field-statement',
    });
    expect(by.get('note')).toMatchObject({ required: false });
    expect(by.get('reviews')).toMatchObject({ required: false, list: true });
    expect(by.get('evidence.relevance')).toMatchObject({
      required: true,
      label: 'evidence[].relevance',
      anchor: 'field-evidence-relevance',
      parent: 'evidence',
    });
    expect(by.get('evidence.authenticity')).toMatchObject({ required: false });
  });

  it('groups each list with the fields of its entries', () => {
    const groups = fieldGroups();
    expect(groups.map((g) => g.field.path)).toEqual([
      'statement',
      'type',
      'author',
      'recorded',
      'claimant',
      'appearances',
      'note',
      'sources',
      'evidence',
      'reviews',
      'votes',
    ]);
    expect(groups.find((g) => g.field.path === 'votes')!.children.map((c) => c.name)).toEqual([
      'voter',
      'reputation',
      'value',
    ]);
    expect(groups.find((g) => g.field.path === 'claimant')!.children.map((c) => c.label)).toEqual([
      'claimant.name',
      'claimant.url',
      'claimant.type',
    ]);
  });
});

describe('every level and check of the default model has a meaning', () => {
  it.each(
    LEVEL_TABLES.flatMap((table) => Object.keys(defaultModel.model[table]).map((level) => [table, level] as const)),
  )('%s level %s', (table, level) => {
    expect(LEVEL_MEANINGS[table][level]?.meaning).toMatch(/\.$/);
    expect(LEVEL_MEANINGS[table][level]?.illustration).not.toBe('');
  });

  it.each(defaultModel.model.review.checks)('check %s', (check) => {
    expect(CHECK_MEANINGS[check]).toMatch(/\.$/);
  });

  it('shows each level with the factor the model declares and a link of the ledger that uses it', () => {
    const rows = levelRows(defaultModel.model, 'relevance', ledger!.claims);
    expect(rows.map((r) => [r.level, r.factor])).toEqual(Object.entries(defaultModel.model.relevance));
    const example = rows.find((r) => r.level === 'states-outright')!.example!;
    const claim = ledger!.claims.find((c) => c.slug === example.slug)!.claim;
    expect(claim.evidence.find((e) => e.id === example.linkId)!.relevance).toBe('states-outright');
    expect(example.href).toBe(`/claims/${example.slug}/#link-${example.linkId}`);
  });

  it('finds no example for a level no link uses', () => {
    expect(levelExample(ledger!.claims, 'observation', 'no-such-level')).toBeNull();
  });
});

describe('a problem links to the section for its field', () => {
  const claim = 'content/claims/eastbrook-lead-limit.yaml';
  it.each([
    [claim, 'statement', 'field-statement'],
    [claim, 'evidence[2].relevance', 'field-evidence-relevance'],
    [claim, 'evidence[0].interpretationSteps', 'field-evidence-interpretationSteps'],
    [claim, 'sources[1].url', 'field-sources-url'],
    [claim, 'votes[0].value', 'field-votes-value'],
    [claim, 'reviews[3].check', 'field-reviews-check'],
    [claim, 'evidence', 'field-evidence'],
    [claim, 'evidence[0].weight', 'field-evidence'],
    [claim, 'evidence[0].weight.extra', 'field-evidence'],
    [claim, '(file name)', 'file-name'],
    [claim, '(yaml)', 'file-format'],
    [claim, '(file)', 'file-format'],
    ['/tmp/x/claims/a.yml', '(yaml)', 'file-format'],
    ['C:\\work\\content\\claims\\a.yaml', '(yaml)', 'file-format'],
    ['models/ledger@1.1.0.yaml', '(yaml)', null],
    ['models/ledger@1.1.0.yaml', 'relevance.states-outright', null],
    ['models/ledger@1.1.0.yaml', 'review.checks[1]', null],
    ['models/ledger@1.1.0.yaml', '(model)', null],
    ['models/released.lock', '(lock)', null],
    ['models/x.yaml', '--model', null],
    ['content/claims', '(folder)', null],
    [claim, 'weight', null],
  ])('%s, %s → %s', (file, field, anchor) => {
    expect(problemAnchor({ file, field })).toBe(anchor);
  });

  it('writes the help line with the site’s address', () => {
    expect(problemHelp({ file: claim, field: 'evidence[2].relevance' })).toBe(
      '  see https://claim-ledger.example.org/contribute/#field-evidence-relevance',
    );
    expect(problemHelp({ file: claim, field: 'statement' }, 'https://ledger.example.net/')).toBe(
      '  see https://ledger.example.net/contribute/#field-statement',
    );
    expect(problemHelp({ file: 'models/x.yaml', field: '(model)' })).toBeNull();
  });

  it('takes the address from LEDGER_SITE', () => {
    expect(helpOrigin({ LEDGER_SITE: 'https://mirror.example' })).toBe('https://mirror.example');
    expect(helpOrigin({})).toBe('https://claim-ledger.example.org');
  });
});
