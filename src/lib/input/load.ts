/**
 * Reading the repository: model files, the released lock, the site's default model and claim
 * files, validated into engine inputs. Nothing here scores; everything here may report problems.
 */
import './nodeSha256.ts';
import { existsSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { hashOf, modelId, type Claim, type Json, type Model } from '../../engine/index.ts';
import { checkClaimText } from './claimText.ts';
import { claimFiles, folderProblem, modelFiles, SITE_FILE } from './ledgerFiles.ts';
import { committedLock, lockBase, lockChanges, LOCK_FILE, parseLock, readLock, type LockEntry } from './lock.ts';
import type { Problem } from './problems.ts';
import { display, parseFile, readText } from './readText.ts';
import { idFromFileName, validateModel } from './validateModel.ts';
import type { Parsed } from './yamlSource.ts';

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

export { MAX_FILE_BYTES, SLUG_PATTERN, tooLarge } from './claimText.ts';

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
export function loadModelFile(
  path: string,
  options: { requireIdMatchesFile?: boolean } = {},
): { loaded: LoadedModel | null; problems: Problem[] } {
  const { parsed, problems } = parseFile(path);
  if (!parsed) return { loaded: null, problems };
  const expected = options.requireIdMatchesFile ? idFromFileName(path) : undefined;
  const { model, problems: invalid } = validateModel(parsed, expected);
  if (!model) return { loaded: null, problems: invalid };
  const loaded = { id: modelId(model), file: parsed.file, model, configHash: hashOf(model as unknown as Json) };
  const lock = readLock(dirname(path));
  return { loaded, problems: lockProblems(loaded, dirname(path), lock.entries) };
}

/** Reads every model of a folder, the lock and the site's default. */
export function loadModels(dir: string): { models: LoadedModel[]; defaultModel: string | null; problems: Problem[] } {
  const problems: Problem[] = [];
  const folder = folderProblem(dir, 'models');
  if (folder !== null) return { models: [], defaultModel: null, problems: [folder] };
  if (!existsSync(dir)) {
    return {
      models: [],
      defaultModel: null,
      problems: [{ file: display(dir), line: 1, field: '(folder)', message: 'models folder not found' }],
    };
  }
  const listed = modelFiles(dir);
  problems.push(...listed.problems);
  const lock = readLock(dir);
  problems.push(...lock.problems);
  if (lock.problems.length === 0) {
    const revision = lockBase();
    const committed = committedLock(dir, revision);
    if (committed !== null)
      problems.push(
        ...lockChanges(
          lock.entries,
          parseLock(committed, display(join(dir, LOCK_FILE))).entries,
          display(join(dir, LOCK_FILE)),
          revision,
        ),
      );
  }
  const models: LoadedModel[] = [];
  for (const file of listed.files) {
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
      problems.push({
        file: display(join(dir, LOCK_FILE)),
        line: entry.line,
        field: entry.id,
        message: `released model ${entry.id} has no file ${entry.id}.yaml; a released model is never removed`,
      });
    }
  }
  for (const { model, file } of models) {
    if (
      model.basedOn !== null &&
      !models.some((m) => m.id === model.basedOn) &&
      !lock.entries.some((e) => e.id === model.basedOn)
    ) {
      problems.push({
        file,
        line: 1,
        field: 'basedOn',
        message: `names ${model.basedOn}, which is not a model in ${display(dir)}`,
      });
    }
  }
  const site = parseFile(join(dir, SITE_FILE));
  problems.push(...site.problems);
  let defaultModel: string | null = null;
  if (site.parsed) {
    const data = site.parsed.data;
    const value = data !== null && typeof data === 'object' && !Array.isArray(data) ? data['default'] : undefined;
    if (typeof value !== 'string') {
      problems.push({
        file: site.parsed.file,
        line: site.parsed.lineOf(['default']),
        field: 'default',
        message: 'must name the default model, e.g. default: ledger@1.1.0',
      });
    } else if (!models.some((m) => m.id === value)) {
      problems.push({
        file: site.parsed.file,
        line: site.parsed.lineOf(['default']),
        field: 'default',
        message: `names ${value}, which is not a model in ${display(dir)}`,
      });
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
export function loadClaimFile(
  path: string,
  models: readonly LoadedModel[],
): { loaded: LoadedClaim | null; problems: Problem[] } {
  const { text, problems } = readText(path);
  if (text === null) return { loaded: null, problems };
  const slug = slugOf(path);
  const { claim, parsed, problems: found } = checkClaimText(display(path), slug, text, models);
  return {
    loaded: claim === null || parsed === null ? null : { slug, file: parsed.file, claim, parsed },
    problems: found,
  };
}

/** What a ledger is read from before its claim files: the models, the default, the claim files to read. */
export interface LedgerParts {
  readonly models: LoadedModel[];
  readonly defaultModel: string | null;
  readonly files: readonly string[];
  /** The problems so far: of the models, the folders and the listing. */
  readonly problems: Problem[];
}

/** Reads the models and lists the claim files of `<content>/claims`. */
export function ledgerParts(options: { content: string; models: string }): LedgerParts {
  const { models, defaultModel, problems } = loadModels(options.models);
  const claimsDir = join(options.content, 'claims');
  const contentFolder = folderProblem(options.content, 'content');
  if (contentFolder !== null) problems.push(contentFolder);
  const { files, problems: listing } = contentFolder === null ? claimFiles(claimsDir) : { files: [], problems: [] };
  problems.push(...listing);
  if (files.length === 0 && contentFolder === null && listing.every((p) => p.file !== display(claimsDir))) {
    problems.push({ file: display(claimsDir), line: 1, field: '(folder)', message: 'no claim files (*.yaml) found' });
  }
  return { models, defaultModel, files, problems };
}

/** Reads the whole ledger: every model, the default, every claim of `<content>/claims`. */
export function loadLedger(options: { content: string; models: string }): {
  ledger: Ledger | null;
  problems: Problem[];
} {
  const { models, defaultModel, files, problems } = ledgerParts(options);
  const claims: LoadedClaim[] = [];
  for (const file of files) {
    const { loaded, problems: invalid } = loadClaimFile(file, models);
    problems.push(...invalid);
    if (loaded) claims.push(loaded);
  }
  if (problems.length > 0 || defaultModel === null) return { ledger: null, problems };
  return { ledger: { models, defaultModel, claims }, problems };
}
