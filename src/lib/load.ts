/**
 * Reading the repository: model files, the released lock, the site's default model and claim
 * files, validated into engine inputs. Nothing here scores; everything here may report problems.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { basename, dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { codeHashOf, hashOf, modelId, type Claim, type Json, type Model } from '../engine/index.ts';
import type { Problem } from './problems.ts';
import { checkLevels, idFromFileName, validateClaim, validateModel } from './validate.ts';
import { parseYaml, type Parsed } from './yamlSource.ts';

/** A model file that validated. */
export interface LoadedModel {
  readonly id: string;
  readonly file: string;
  readonly model: Model;
  readonly configHash: string;
}

/** A claim file that validated. */
export interface LoadedClaim {
  readonly slug: string;
  readonly file: string;
  readonly claim: Claim;
  readonly parsed: Parsed;
}

/** Everything the site is built from. */
export interface Ledger {
  readonly models: readonly LoadedModel[];
  readonly defaultModel: string;
  readonly claims: readonly LoadedClaim[];
}

/** The name of the file that records every released model's config hash. */
export const LOCK_FILE = 'released.lock';
/** The name of the file that names the site's default model. */
export const SITE_FILE = 'site.yaml';

/** Shows a path relative to the working directory, as problems name files. */
export function display(path: string): string {
  const rel = relative(process.cwd(), path);
  return rel === '' || rel.startsWith('..') ? path : rel;
}

function readText(path: string): { text: string | null; problems: Problem[] } {
  try {
    return { text: readFileSync(path, 'utf8'), problems: [] };
  } catch (error) {
    const reason = (error as NodeJS.ErrnoException).code === 'ENOENT' ? 'file not found' : (error as Error).message;
    return { text: null, problems: [{ file: display(path), line: 1, field: '(file)', message: reason }] };
  }
}

function parseFile(path: string): { parsed: Parsed | null; problems: Problem[] } {
  const { text, problems } = readText(path);
  if (text === null) return { parsed: null, problems };
  return parseYaml(display(path), text);
}

/** A line of `released.lock`: a model id and the config hash it was released with. */
export interface LockEntry {
  readonly id: string;
  readonly configHash: string;
  readonly line: number;
}

/** Reads `released.lock` (`<id> sha256:<hex>` per line; `#` starts a comment). */
export function readLock(dir: string): { entries: LockEntry[]; problems: Problem[] } {
  const path = join(dir, LOCK_FILE);
  if (!existsSync(path)) return { entries: [], problems: [] };
  const { text, problems } = readText(path);
  const entries: LockEntry[] = [];
  (text ?? '').split('\n').forEach((raw, i) => {
    const line = raw.replace(/#.*/, '').trim();
    if (line === '') return;
    const match = /^(\S+@\d+\.\d+\.\d+)\s+(sha256:[0-9a-f]{64})$/.exec(line);
    if (!match) {
      problems.push({ file: display(path), line: i + 1, field: '(lock)', message: 'each line must be `<model id> sha256:<64 hex digits>`' });
      return;
    }
    entries.push({ id: match[1]!, configHash: match[2]!, line: i + 1 });
  });
  return { entries, problems };
}

/** Problems for a released model whose file no longer hashes to what the lock recorded. */
function lockProblems(loaded: LoadedModel, lockDir: string, entries: readonly LockEntry[]): Problem[] {
  const entry = entries.find((e) => e.id === loaded.id);
  if (!entry || entry.configHash === loaded.configHash) return [];
  return [
    {
      file: loaded.file,
      line: 1,
      field: '(model)',
      message:
        `released model ${loaded.id} was edited: ${display(join(lockDir, LOCK_FILE))} records ${entry.configHash} ` +
        `but the file now hashes to ${loaded.configHash}. A released model never changes; release a new version as a new file instead.`,
    },
  ];
}

/** Reads one model file (YAML or the published JSON) and checks it against a lock beside it. */
export function loadModelFile(path: string, options: { requireIdMatchesFile?: boolean } = {}): { loaded: LoadedModel | null; problems: Problem[] } {
  const { parsed, problems } = parseFile(path);
  if (!parsed) return { loaded: null, problems };
  const expected = options.requireIdMatchesFile ? idFromFileName(path) : undefined;
  const { model, problems: invalid } = validateModel(parsed, expected);
  if (!model) return { loaded: null, problems: invalid };
  const loaded = { id: modelId(model), file: parsed.file, model, configHash: hashOf(model as unknown as Json) };
  const lock = readLock(dirname(path));
  return { loaded, problems: lockProblems(loaded, dirname(path), lock.entries) };
}

/** Lists the files in a folder with one of the given endings, sorted by name. */
export function listFiles(dir: string, endings: readonly string[]): string[] {
  if (!existsSync(dir) || !statSync(dir).isDirectory()) return [];
  return readdirSync(dir)
    .filter((name) => endings.some((ending) => name.endsWith(ending)))
    .sort()
    .map((name) => join(dir, name));
}

/** Reads every model of a folder, the lock and the site's default. */
export function loadModels(dir: string): { models: LoadedModel[]; defaultModel: string | null; problems: Problem[] } {
  const problems: Problem[] = [];
  if (!existsSync(dir)) {
    return { models: [], defaultModel: null, problems: [{ file: display(dir), line: 1, field: '(folder)', message: 'models folder not found' }] };
  }
  const lock = readLock(dir);
  problems.push(...lock.problems);
  const models: LoadedModel[] = [];
  for (const file of listFiles(dir, ['.yaml', '.yml']).filter((f) => basename(f) !== SITE_FILE)) {
    const { parsed, problems: unreadable } = parseFile(file);
    problems.push(...unreadable);
    if (!parsed) continue;
    const { model, problems: invalid } = validateModel(parsed, idFromFileName(file));
    problems.push(...invalid);
    if (!model) continue;
    const loaded = { id: modelId(model), file: parsed.file, model, configHash: hashOf(model as unknown as Json) };
    models.push(loaded);
    problems.push(...lockProblems(loaded, dir, lock.entries));
    if (!lock.entries.some((e) => e.id === loaded.id)) {
      problems.push({
        file: loaded.file,
        line: 1,
        field: '(model)',
        message: `model ${loaded.id} is not released: record it with \`npm run -s ledger -- release ${display(file)}\``,
      });
    }
  }
  for (const entry of lock.entries) {
    if (!models.some((m) => m.id === entry.id) && !problems.some((p) => p.file.endsWith(`${entry.id}.yaml`))) {
      problems.push({ file: display(join(dir, LOCK_FILE)), line: entry.line, field: entry.id, message: `released model ${entry.id} has no file ${entry.id}.yaml; a released model is never removed` });
    }
  }
  for (const { model, file } of models) {
    if (model.basedOn !== null && !models.some((m) => m.id === model.basedOn) && !lock.entries.some((e) => e.id === model.basedOn)) {
      problems.push({ file, line: 1, field: 'basedOn', message: `names ${model.basedOn}, which is not a model in ${display(dir)}` });
    }
  }
  const site = parseFile(join(dir, SITE_FILE));
  problems.push(...site.problems);
  let defaultModel: string | null = null;
  if (site.parsed) {
    const data = site.parsed.data;
    const value = data !== null && typeof data === 'object' && !Array.isArray(data) ? data['default'] : undefined;
    if (typeof value !== 'string') {
      problems.push({ file: site.parsed.file, line: site.parsed.lineOf(['default']), field: 'default', message: 'must name the default model, e.g. default: ledger@1.1.0' });
    } else if (!models.some((m) => m.id === value)) {
      problems.push({ file: site.parsed.file, line: site.parsed.lineOf(['default']), field: 'default', message: `names ${value}, which is not a model in ${display(dir)}` });
    } else {
      defaultModel = value;
    }
  }
  return { models, defaultModel, problems };
}

/** The slug of a claim file: its name without the extension. */
export function slugOf(file: string): string {
  return basename(file).replace(/\.(ya?ml|json)$/, '');
}

/** Reads and validates one claim file, and checks its levels against the given models. */
export function loadClaimFile(path: string, models: readonly LoadedModel[]): { loaded: LoadedClaim | null; problems: Problem[] } {
  const { parsed, problems } = parseFile(path);
  if (!parsed) return { loaded: null, problems };
  const { claim, problems: invalid } = validateClaim(parsed);
  // Levels and the file name are checked even when the claim has other mistakes, so that one
  // report lists every problem of the file.
  const levels = models.flatMap(({ model }) => checkLevels(parsed, claim, model));
  const slug = slugOf(path);
  const slugProblems: Problem[] = /^[a-z0-9]+(-[a-z0-9]+)*$/.test(slug)
    ? []
    : [{ file: parsed.file, line: 1, field: '(file name)', message: `the file name ${slug} must be lower-case words joined by hyphens, since it is the claim's URL` }];
  const all = [...invalid, ...levels, ...slugProblems];
  return { loaded: claim === null || all.length > 0 ? null : { slug, file: parsed.file, claim, parsed }, problems: all };
}

/** Reads the whole ledger: every model, the default, every claim of `<content>/claims`. */
export function loadLedger(options: { content: string; models: string }): { ledger: Ledger | null; problems: Problem[] } {
  const { models, defaultModel, problems } = loadModels(options.models);
  const claimsDir = join(options.content, 'claims');
  const files = listFiles(claimsDir, ['.yaml', '.yml']);
  if (files.length === 0) problems.push({ file: display(claimsDir), line: 1, field: '(folder)', message: 'no claim files (*.yaml) found' });
  const claims: LoadedClaim[] = [];
  for (const file of files) {
    const { loaded, problems: invalid } = loadClaimFile(file, models);
    problems.push(...invalid);
    if (loaded) claims.push(loaded);
  }
  if (problems.length > 0 || defaultModel === null) return { ledger: null, problems };
  return { ledger: { models, defaultModel, claims }, problems };
}

/** Where the engine's source is: beside this module when run from source, else under the working directory. */
function engineDir(): string {
  const beside = fileURLToPath(new URL('../engine/', import.meta.url));
  return existsSync(join(beside, 'score.ts')) ? beside : join(process.cwd(), 'src', 'engine');
}

/** The engine's code hash, over the TypeScript files of `src/engine`. */
export function engineCodeHash(dir: string = engineDir()): string {
  const files: { path: string; bytes: Uint8Array }[] = [];
  const walk = (folder: string): void => {
    for (const name of readdirSync(folder)) {
      const full = join(folder, name);
      if (statSync(full).isDirectory()) walk(full);
      else if (name.endsWith('.ts')) files.push({ path: relative(dir, full).split('\\').join('/'), bytes: readFileSync(full) });
    }
  };
  walk(dir);
  return codeHashOf(files);
}
