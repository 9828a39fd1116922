/**
 * The commented claim file that `ledger new claim <slug>` writes. Every field is explained in a
 * comment (its schema description and the longer prose of contribute.ts), the default model's
 * levels are listed with their factors, and every required value the contributor must supply is
 * left empty (`""`, or nothing at all for a level, so that an empty level is one problem rather
 * than one per model), so that `check` fails, naming each such field, until the claim is filled in.
 * Pure: the model and the date come in as data.
 */
import type { Model } from '../../engine/index.ts';
import { CHECK_MEANINGS, claimFields, LEVEL_MEANINGS, type FieldDoc, type LevelTable } from './contribute.ts';
import { interpretationRows, priorRows, weightTable } from '../model/modelView.ts';
import { claimPath } from '../paths.ts';

/** What a claim's file name must look like: lower-case words joined by hyphens (it is the claim's URL). */
export const CLAIM_SLUG = /^[a-z0-9]+(-[a-z0-9]+)*$/;

/** What the template is written for. */
export interface TemplateOptions {
  readonly slug: string;
  /** The site's default model, whose levels the comments list. */
  readonly modelId: string;
  readonly model: Model;
  /** The date written as `recorded` (YYYY-MM-DD). */
  readonly today: string;
  /** The file's path as the contributor will see it, for the header. */
  readonly file: string;
  /** The absolute URL of the published claim JSON Schema, for editors (yaml-language-server). */
  readonly schemaUrl: string;
}

const WIDTH = 100;

/** Wraps text into comment lines at `indent`, with `hang` more spaces on every line after the first. */
function comment(indent: number, text: string, hang = 0, first = ''): string[] {
  const lines: string[] = [];
  const pad = ' '.repeat(indent);
  let line = `${pad}# ${first}`;
  let fresh = true;
  for (const word of text.split(/\s+/).filter(Boolean)) {
    if (!fresh && line.length + 1 + word.length > WIDTH) {
      lines.push(line);
      line = `${pad}# ${' '.repeat(hang)}${word}`;
    } else {
      line += fresh ? word : ` ${word}`;
    }
    fresh = false;
  }
  lines.push(line);
  return lines;
}

/** The comment block above a field: its label, whether it is required, its description and prose. */
function explain(field: FieldDoc, indent: number, extra: readonly string[] = []): string[] {
  const head = `${field.label} (${field.required ? 'required' : 'optional'}): ${field.description}`;
  return [...comment(indent, head, 2), ...(field.prose ? comment(indent, field.prose, 2, '  ') : []), ...extra];
}

/** A model's level table as comment lines: level, factor, meaning. */
function levelLines(indent: number, modelId: string, model: Model, table: LevelTable): string[] {
  const entries = Object.entries(model[table]);
  const width = Math.max(...entries.map(([level]) => level.length));
  const factorWidth = Math.max(...entries.map(([, factor]) => factor.length));
  const out = comment(indent, `Levels under ${modelId}, with the factor each is worth:`, 2, '  ');
  for (const [level, factor] of entries) {
    const meaning = Object.hasOwn(LEVEL_MEANINGS[table], level) ? LEVEL_MEANINGS[table][level]!.meaning : '';
    const lead = `    ${level.padEnd(width)}  ${factor.padStart(factorWidth)}  `;
    out.push(...comment(indent, meaning, lead.length, lead));
  }
  return out;
}

/** The template's text. */
export function claimTemplate({ slug, modelId, model, today, file, schemaUrl }: TemplateOptions): string {
  const fields = new Map(claimFields().map((f) => [f.path, f]));
  const f = (path: string): FieldDoc => {
    const found = fields.get(path);
    if (!found) throw new Error(`the claim schema has no field ${path}`);
    return found;
  };
  const priors = priorRows(model)
    .map((p) => `${p.type} (prior ${p.probability})`)
    .join(', ');
  const refused = Object.keys(model.notScored).join(', ');
  const steps = interpretationRows(model)
    .map((row) => `${row.steps}→${row.factor}`)
    .join(', ');
  const weights = weightTable(model)
    .map((row) => `${row.reputation}→${row.weight}`)
    .join(', ');
  const checks = model.review.checks.map(
    (check) =>
      `${check}: ${Object.hasOwn(CHECK_MEANINGS, check) ? CHECK_MEANINGS[check] : 'a check this model declares.'}`,
  );

  const out: string[] = [
    // Editors with the YAML language server (VS Code's YAML extension, among others) read this line
    // and complete and check every field from the published schema.
    `# yaml-language-server: $schema=${schemaUrl}`,
    `# A claim for the claim ledger: ${file}`,
    '#',
    '# Fill in every value left empty ("" or nothing after the colon); the lines starting with #',
    '# explain each field (keep them or delete them). Then run',
    '#   npm run -s ledger -- check',
    '# which names every field still to fill in, with a link to where /contribute/ explains it.',
    `# While \`npm run dev\` runs, ${claimPath(slug)} shows the claim as you save.`,
    `# Levels, factors and checks below are those of the site's default model, ${modelId}.`,
    '',
    ...explain(f('statement'), 0),
    'statement: ""',
    '',
    ...explain(f('type'), 0, [
      ...comment(0, `Scored under ${modelId}: ${priors}.`, 2, '  '),
      ...(refused ? comment(0, `Refused with a reason: ${refused}.`, 2, '  ') : []),
    ]),
    'type: ""',
    '',
    ...explain(f('author'), 0),
    'author: ""',
    '',
    ...explain(f('recorded'), 0),
    `recorded: ${today}`,
    '',
    ...explain(f('claimant'), 0),
    ...explain(f('claimant.name'), 2),
    ...explain(f('claimant.url'), 2),
    ...explain(f('claimant.type'), 2),
    '# claimant:',
    '#   name: who made the claim',
    '#   url: https://example.org/their-own-page',
    '#   type: organization',
    '',
    ...explain(f('appearances'), 0),
    ...explain(f('appearances.url'), 2),
    ...explain(f('appearances.date'), 2),
    '# appearances:',
    `#   - { url: https://example.org/where-it-was-said, date: ${today} }`,
    '',
    ...explain(f('note'), 0),
    '# note: >-',
    '#   What a reader should know to follow the working.',
    '',
    ...explain(f('sources'), 0),
    'sources:',
    ...explain(f('sources.id'), 2),
    '  - id: ""',
    ...explain(f('sources.name'), 4),
    '    name: ""',
    ...explain(f('sources.url'), 4),
    '    # url: https://example.org/where-the-source-is',
    '',
    ...explain(f('evidence'), 0),
    'evidence:',
    ...explain(f('evidence.id'), 2),
    '  - id: ""',
    ...explain(f('evidence.source'), 4),
    '    source: ""',
    ...explain(f('evidence.direction'), 4),
    '    direction: ""',
    ...explain(f('evidence.passage'), 4),
    '    passage: ""',
    ...explain(f('evidence.locator'), 4),
    '    # locator: page, table or section',
    ...explain(f('evidence.relevance'), 4, levelLines(4, modelId, model, 'relevance')),
    '    relevance:',
    ...explain(f('evidence.observation'), 4, levelLines(4, modelId, model, 'observation')),
    '    observation:',
    ...explain(f('evidence.interpretationSteps'), 4, [
      ...comment(
        4,
        `Under ${modelId} each step costs ${model.interpretation.stepCost}, never below ${model.interpretation.floor}: steps → factor ${steps}.`,
        2,
        '  ',
      ),
    ]),
    '    interpretationSteps: 0',
    ...explain(f('evidence.authenticity'), 4, levelLines(4, modelId, model, 'authenticity')),
    '    # authenticity: verified',
    ...explain(f('evidence.extraction'), 4, levelLines(4, modelId, model, 'extraction')),
    '    # extraction: verified',
    ...explain(f('evidence.recordedBy'), 4),
    '    # recordedBy: your-handle',
    '',
    ...explain(f('reviews'), 0),
    ...explain(f('reviews.check'), 0, [
      ...comment(0, `Checks ${modelId} declares:`, 2, '  '),
      ...checks.flatMap((line) => comment(0, line, 6, '    ')),
    ]),
    ...explain(f('reviews.by'), 0),
    ...explain(f('reviews.date'), 0),
    '# reviews:',
    `#   - { check: ${model.review.checks[0] ?? 'primary-source-reviewed'}, by: someone-else, date: ${today} }`,
    '',
    ...explain(f('votes'), 0),
    ...explain(f('votes.voter'), 0),
    ...explain(f('votes.reputation'), 0, [
      ...comment(0, `Under ${modelId}, reputation → weight: ${weights}.`, 2, '  '),
    ]),
    ...explain(f('votes.value'), 0),
    '# votes:',
    '#   - { voter: a-voter, reputation: 100, value: 0.8 }',
    '',
  ];
  return out.join('\n');
}
