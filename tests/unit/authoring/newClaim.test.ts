/**
 * `ledger new claim <slug>`: the template explains every field and lists the default model's
 * levels; `check` fails on it, naming every field still to fill in with a help line to
 * /contribute/, and passes once the placeholders are replaced. A taken or bad slug is refused with
 * exit 1 and nothing written.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseDocument } from 'yaml';
import { describe, expect, it } from 'vitest';
import { checkCommand } from '../../../src/cli/check.ts';
import { newCommand } from '../../../src/cli/new.ts';
import { claimFields, LEVEL_TABLES } from '../../../src/lib/authoring/contribute.ts';
import { loadModels } from '../../../src/lib/input/load.ts';
import {
  helpLines,
  looksLikeStackTrace,
  problemLines,
  REPO_ROOT,
  runChild,
  runInProcess,
  shown,
  tempDir,
} from '../../support/cli.ts';

const MODELS = join(REPO_ROOT, 'models');
const TODAY = '2026-12-01';

/** An existing, empty content folder (`new` refuses a mistyped --content; it makes claims/ itself). */
function withContent(): { dir: string; file: (slug: string) => string } {
  const dir = join(tempDir(), 'content');
  mkdirSync(dir);
  return { dir, file: (slug) => join(dir, 'claims', `${slug}.yaml`) };
}

const make = (dir: string, ...args: string[]) =>
  runInProcess((io) => newCommand(io, ['claim', ...args], { content: dir, models: MODELS, today: TODAY }));
const check = (dir: string) => runInProcess((io) => checkCommand(io, { content: dir, models: MODELS }));

describe('the template', () => {
  const { models, defaultModel } = loadModels(MODELS);
  const model = models.find((m) => m.id === defaultModel)!;

  it('is written to <content>/claims/<slug>.yaml and explains every field of a claim', async () => {
    const { dir, file } = withContent();
    const outcome = await make(dir, 'eastbrook-new-library');
    expect(outcome.code).toBe(0);
    expect(outcome.stdout).toContain(`Wrote ${shown(file('eastbrook-new-library'))}`);
    const text = readFileSync(file('eastbrook-new-library'), 'utf8');
    // Every field but a review's `on`, the older name of its date, which a new file does not use.
    for (const field of claimFields().filter((f) => f.path !== 'reviews.on')) {
      expect(text, field.label).toContain(`# ${field.label} (${field.required ? 'required' : 'optional'}): `);
    }
    expect(text).toContain(`recorded: ${TODAY}`);
    expect(text).toContain(`by: someone-else, date: ${TODAY} }`);
    expect(text).not.toMatch(/\bon: \d/);
    expect(text).toContain(`the site's default model, ${model.id}`);
  });

  it('lists every level of the default model with its factor', async () => {
    const { dir, file } = withContent();
    await make(dir, 'levels');
    const text = readFileSync(file('levels'), 'utf8');
    for (const table of LEVEL_TABLES) {
      for (const [level, factor] of Object.entries(model.model[table])) {
        expect(text, `${table} ${level}`).toMatch(new RegExp(`#\\s+${level}\\s+${factor.replace('.', '\\.')}\\s+\\S`));
      }
    }
    for (const check of model.model.review.checks) expect(text).toContain(`${check}: `);
  });

  it('fails check, naming every field still to fill in, each with a line to its section of /contribute/', async () => {
    const { dir, file } = withContent();
    await make(dir, 'to-fill-in');
    const outcome = await check(dir);
    expect(outcome.code).toBe(1);
    expect(looksLikeStackTrace(outcome.stderr)).toBe(false);
    const shownFile = shown(file('to-fill-in'));
    const lines = problemLines(outcome.stderr).map((line) => {
      expect(line.startsWith(`${shownFile}:`)).toBe(true);
      const [, , , field, message] = /^(.*?):(\d+): ([^:]+): (.*)$/.exec(line)!;
      return [field, message];
    });
    expect(lines).toEqual([
      ['statement', 'must not be empty'],
      ['type', 'must not be empty'],
      ['author', 'must not be empty'],
      ['sources[0].id', 'must be letters, digits and hyphens, such as city-lab'],
      ['sources[0].name', 'must not be empty'],
      ['evidence[0].id', 'must be letters, digits and hyphens, such as city-lab'],
      ['evidence[0].source', 'must be letters, digits and hyphens, such as city-lab'],
      ['evidence[0].direction', 'must be supports or opposes'],
      ['evidence[0].passage', 'must not be empty'],
      ['evidence[0].relevance', 'must be text'],
      ['evidence[0].observation', 'must be text'],
    ]);
    // Each problem line is followed by its help line.
    const all = outcome.stderr.split('\n').filter((line) => line !== '');
    expect(helpLines(outcome.stderr)).toHaveLength(lines.length);
    lines.forEach(([field], i) => {
      const anchor = `field-${field!.replace(/\[\d+\]/g, '').replaceAll('.', '-')}`;
      expect(all[2 * i + 1]).toBe(`  see https://claim-ledger.example.org/contribute/#${anchor}`);
    });
  });

  it('passes check once the placeholders are replaced (comments and all)', async () => {
    const { dir, file } = withContent();
    await make(dir, 'filled-in');
    const path = file('filled-in');
    const doc = parseDocument(readFileSync(path, 'utf8'));
    const fill: [readonly (string | number)[], string][] = [
      [['statement'], 'The Quay Street library will open before the end of 2027.'],
      [['type'], 'prediction'],
      [['author'], 's.byrne'],
      [['sources', 0, 'id'], 'council'],
      [['sources', 0, 'name'], 'Eastbrook Town Council'],
      [['evidence', 0, 'id'], 'programme-date'],
      [['evidence', 0, 'source'], 'council'],
      [['evidence', 0, 'direction'], 'supports'],
      [['evidence', 0, 'passage'], 'Opening to the public autumn 2027.'],
      [['evidence', 0, 'relevance'], 'states-outright'],
      [['evidence', 0, 'observation'], 'official-record'],
    ];
    for (const [at, value] of fill) doc.setIn(at, value);
    const filled = doc.toString();
    expect(filled).toContain('# evidence[].relevance (required)');
    writeFileSync(path, filled);
    const outcome = await check(dir);
    // The claimant is left commented out: check only warns that it is missing.
    expect(outcome.stderr).toMatch(/^warning: \S+filled-in\.yaml:\d+: claimant: no claimant: [^\n]*\n$/);
    expect(outcome).toMatchObject({ code: 0 });
    expect(outcome.stdout).toMatch(/^ok: 6 models and 1 claims are valid/);
  });
});

describe('new refuses, with exit 1 and nothing written', () => {
  it('a slug that is already a claim', async () => {
    const { dir, file } = withContent();
    await make(dir, 'taken');
    writeFileSync(file('taken'), 'statement: mine\n');
    const outcome = await make(dir, 'taken');
    expect(outcome.code).toBe(1);
    expect(problemLines(outcome.stderr)).toEqual([
      `${shown(file('taken'))}:1: (file name): a claim with this slug already exists; edit it, or pick another slug (nothing was written)`,
    ]);
    expect(helpLines(outcome.stderr)).toEqual(['  see https://claim-ledger.example.org/contribute/#file-name']);
    expect(readFileSync(file('taken'), 'utf8')).toBe('statement: mine\n');
    expect(readdirSync(join(dir, 'claims'))).toEqual(['taken.yaml']);
  });

  it.each(['Bad_Slug', 'eastbrook--lead', '-lead', 'lead-', 'lead.yaml', '../escape', 'a/b', 'ümlaut', ''])(
    'the slug %j',
    async (slug) => {
      const { dir } = withContent();
      const outcome = await make(dir, slug);
      expect(outcome.code).toBe(1);
      expect(problemLines(outcome.stderr)).toHaveLength(1);
      expect(problemLines(outcome.stderr)[0]).toMatch(
        /: \(file name\): the slug .* must be lower-case words joined by hyphens/,
      );
      expect(existsSync(join(dir, 'claims'))).toBe(false);
    },
  );

  it('a content folder that does not exist', async () => {
    const missing = join(tempDir(), 'no-such-content');
    const outcome = await make(missing, 'fine');
    expect(outcome.code).toBe(1);
    expect(problemLines(outcome.stderr)[0]).toMatch(/: \(folder\): content folder not found/);
    expect(existsSync(missing)).toBe(false);
  });
});

describe('the command line', () => {
  it('runs new claim from scripts/ledger.ts, and says what is missing with exit 2', () => {
    const { dir, file } = withContent();
    const made = runChild(['new', 'claim', 'from-the-cli', '--content', dir]);
    expect(made).toMatchObject({ code: 0, stderr: '' });
    expect(existsSync(file('from-the-cli'))).toBe(true);
    const usage = runChild(['new', 'claim']);
    expect(usage.code).toBe(2);
    expect(usage.stderr).toMatch(/^ledger: new claim needs a slug/);
    expect(runChild(['new', 'model', 'x']).code).toBe(2);
  });
});
