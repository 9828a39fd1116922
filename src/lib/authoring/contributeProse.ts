/**
 * The prose of `/contribute/` and the claim template, kept as content in
 * `src/content/contribute.yaml` so that it can be edited without touching code: per field a longer
 * explanation and an example, per level of the default model what it means, per review check what
 * it asks for. Read once, when first imported.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import { LEVEL_TABLES, type LevelTableName } from '../model/levelTables.ts';

/** Where the prose lives, from the project's root (the build and the CLI both run there). */
export const CONTRIBUTE_PROSE_FILE = join('src', 'content', 'contribute.yaml');

/** A field's explanation beyond the schema's one line, and an example value as written in a file. */
export interface FieldProse {
  readonly prose: string;
  readonly example: string;
}

/** A level's meaning and an illustration of it. */
export interface LevelMeaning {
  readonly meaning: string;
  readonly illustration: string;
}

/** Everything the prose file holds. */
export interface ContributeProse {
  readonly fields: Readonly<Record<string, FieldProse>>;
  readonly levels: Readonly<Record<LevelTableName, Readonly<Record<string, LevelMeaning>>>>;
  readonly checks: Readonly<Record<string, string>>;
}

const isText = (value: unknown): value is string => typeof value === 'string';
const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Parses and checks the prose file; a malformed one names the file and the entry. */
export function parseContributeProse(text: string, file: string = CONTRIBUTE_PROSE_FILE): ContributeProse {
  const fail = (where: string, what: string): never => {
    throw new Error(`${file}: ${where}: ${what}`);
  };
  const doc: unknown = parse(text);
  if (!isRecord(doc)) return fail('(file)', 'must be a mapping of fields, levels and checks');
  const { fields, levels, checks } = doc;
  if (!isRecord(fields)) return fail('fields', 'must be a mapping');
  if (!isRecord(levels)) return fail('levels', 'must be a mapping');
  if (!isRecord(checks)) return fail('checks', 'must be a mapping');
  for (const [path, entry] of Object.entries(fields)) {
    if (!isRecord(entry) || !isText(entry['prose']) || !isText(entry['example'])) {
      fail(`fields.${path}`, 'must have text prose and example');
    }
  }
  for (const table of LEVEL_TABLES) {
    const entries = levels[table];
    if (!isRecord(entries)) return fail(`levels.${table}`, 'must be a mapping');
    for (const [level, entry] of Object.entries(entries)) {
      if (!isRecord(entry) || !isText(entry['meaning']) || !isText(entry['illustration'])) {
        fail(`levels.${table}.${level}`, 'must have text meaning and illustration');
      }
    }
  }
  for (const [check, meaning] of Object.entries(checks)) {
    if (!isText(meaning)) fail(`checks.${check}`, 'must be text');
  }
  return doc as unknown as ContributeProse;
}

/** The prose, read from the project's `src/content/contribute.yaml`. */
export const CONTRIBUTE_PROSE: ContributeProse = parseContributeProse(
  readFileSync(join(process.cwd(), CONTRIBUTE_PROSE_FILE), 'utf8'),
);
