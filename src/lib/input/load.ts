/**
 * Reading the repository: model files, the released lock, the site's default model and claim
 * files, validated into engine inputs. Nothing here scores; everything here may report problems.
 */
import { byCodeUnit } from '../../engine/order.ts';
import './nodeSha256.ts';
import { execFileSync } from 'node:child_process';
import {
  closeSync,
  constants,
  existsSync,
  fstatSync,
  lstatSync,
  openSync,
  readdirSync,
  readFileSync,
  readSync,
  statSync,
} from 'node:fs';
import { basename, dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { codeHashOf, hashOf, modelId, type Claim, type Json, type Model } from '../../engine/index.ts';
import { checkClaimText, MAX_FILE_BYTES, tooLarge } from './claimText.ts';
import { walkFolder } from './folderWalk.ts';
import type { Problem } from './problems.ts';
import { idFromFileName, validateModel } from './validate.ts';
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

export { MAX_FILE_BYTES, SLUG_PATTERN, tooLarge } from './claimText.ts';

/** A problem with a whole file or folder. */
function fileProblem(path: string, message: string, field = '(file)'): Problem {
  return { file: display(path), line: 1, field, message };
}

const SYMLINK_MESSAGE =
  'is a symbolic link; the ledger reads only ordinary files and folders inside the repository, so put the file itself here';

/**
 * Reads a ledger file as UTF-8 text: never through a symbolic link (a link could read any file of
 * the machine into a page), never more than MAX_FILE_BYTES (its size is read before its bytes).
 */
function readText(path: string): { text: string | null; problems: Problem[] } {
  const fail = (message: string): { text: null; problems: Problem[] } => ({
    text: null,
    problems: [fileProblem(path, message)],
  });
  let fd: number;
  try {
    const stat = lstatSync(path);
    if (stat.isSymbolicLink()) return fail(SYMLINK_MESSAGE);
    // A named pipe or a device would block or never end: only an ordinary file is opened.
    if (!stat.isFile()) return fail('is not a file');
    // O_NOFOLLOW and O_NONBLOCK as well, so that a file swapped for a link or a pipe after the
    // lstat is still neither followed nor waited on.
    fd = openSync(path, constants.O_RDONLY | (constants.O_NOFOLLOW ?? 0) | (constants.O_NONBLOCK ?? 0));
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    return fail(
      code === 'ENOENT'
        ? 'file not found'
        : code === 'ELOOP'
          ? SYMLINK_MESSAGE
          : `cannot be read (${code ?? (error as Error).message})`,
    );
  }
  try {
    const stat = fstatSync(fd);
    if (!stat.isFile()) return fail('is not a file');
    if (stat.size > MAX_FILE_BYTES) return fail(tooLarge(stat.size));
    // Reads at most one byte more than the limit, in case the file grew since its size was read.
    const buffer = Buffer.alloc(Math.min(stat.size, MAX_FILE_BYTES) + 1);
    let length = 0;
    for (let n = 1; n > 0 && length < buffer.length; length += n)
      n = readSync(fd, buffer, length, buffer.length - length, null);
    if (length > MAX_FILE_BYTES) return fail(tooLarge(length));
    const decoded = decodeUtf8(buffer.subarray(0, length));
    if (decoded.text === null)
      return {
        text: null,
        problems: [{ file: display(path), line: decoded.line, field: '(file)', message: decoded.message }],
      };
    return { text: decoded.text, problems: [] };
  } catch (error) {
    return fail(`cannot be read (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`);
  } finally {
    closeSync(fd);
  }
}

/**
 * Decodes UTF-8 strictly: a byte that is not UTF-8 is an error that names its line, never a
 * silent U+FFFD (which would publish "café" as "caf�"). A UTF-8 byte order mark is dropped.
 */
export function decodeUtf8(
  bytes: Uint8Array,
): { text: string; line?: never; message?: never } | { text: null; line: number; message: string } {
  if ((bytes[0] === 0xff && bytes[1] === 0xfe) || (bytes[0] === 0xfe && bytes[1] === 0xff)) {
    return {
      text: null,
      line: 1,
      message: 'is UTF-16 (it starts with a UTF-16 byte order mark), not UTF-8; save it as UTF-8',
    };
  }
  try {
    return { text: new TextDecoder('utf-8', { fatal: true }).decode(bytes) };
  } catch {
    // The first bad byte: the shortest prefix that fails even when a character may continue past it.
    const fails = (k: number): boolean => {
      try {
        new TextDecoder('utf-8', { fatal: true }).decode(bytes.subarray(0, k), { stream: true });
        return false;
      } catch {
        return true;
      }
    };
    let [low, high] = [0, bytes.length];
    if (!fails(high)) low = high - 1;
    else {
      while (high - low > 1) {
        const middle = Math.floor((low + high) / 2);
        if (fails(middle)) high = middle;
        else low = middle;
      }
    }
    let at = Math.max(0, Math.min(low, bytes.length - 1));
    // The decoder stops at the byte that breaks a sequence; the sequence began at its lead byte.
    for (let j = at - 1; j >= Math.max(0, at - 3) && bytes[j]! >= 0x80; j--) {
      if (bytes[j]! >= 0xc0) {
        at = j;
        break;
      }
    }
    const line = bytes.subarray(0, at).filter((b) => b === 0x0a).length + 1;
    const byte = bytes[at]!.toString(16).toUpperCase().padStart(2, '0');
    return {
      text: null,
      line,
      message: `is not UTF-8: byte 0x${byte} on this line is not part of a UTF-8 character; save the file as UTF-8`,
    };
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
  if (!existsSync(path) && !isLink(path)) return { entries: [], problems: [] };
  const { text, problems } = readText(path);
  const parsed = parseLock(text ?? '', display(path));
  return { entries: parsed.entries, problems: [...problems, ...parsed.problems] };
}

/** Parses the text of a lock; `file` is how problems name it. */
export function parseLock(text: string, file: string): { entries: LockEntry[]; problems: Problem[] } {
  const entries: LockEntry[] = [];
  const problems: Problem[] = [];
  text.split('\n').forEach((raw, i) => {
    const line = raw.replace(/#.*/, '').trim();
    if (line === '') return;
    const match = /^(\S+@\d+\.\d+\.\d+)\s+(sha256:[0-9a-f]{64})$/.exec(line);
    if (!match) {
      problems.push({
        file,
        line: i + 1,
        field: '(lock)',
        message: 'each line must be `<model id> sha256:<64 hex digits>`',
      });
      return;
    }
    const earlier = entries.find((e) => e.id === match[1]);
    if (earlier) {
      problems.push({
        file,
        line: i + 1,
        field: match[1]!,
        message: `is already recorded on line ${earlier.line}; a model is released once`,
      });
      return;
    }
    entries.push({ id: match[1]!, configHash: match[2]!, line: i + 1 });
  });
  return { entries, problems };
}

/** How long `check` waits for git to show the committed lock before it does without. */
const GIT_TIMEOUT_MS = 10_000;

/**
 * The revision the lock is compared with: `LEDGER_LOCK_BASE` (a pull request's check names its base
 * branch there, since HEAD already holds the change under review), else HEAD.
 */
export function lockBase(env: NodeJS.ProcessEnv = process.env): string {
  const given = env['LEDGER_LOCK_BASE'];
  return given === undefined || given === '' ? 'HEAD' : given;
}

/**
 * The lock as a revision holds it (`git show <revision>:./released.lock`, run in the models folder,
 * no shell), or null when there is nothing to compare with: no git, no repository, no lock there.
 */
export function committedLock(dir: string, revision: string = lockBase()): string | null {
  // A revision git would read as an option is not a revision.
  if (revision.startsWith('-')) return null;
  try {
    return execFileSync('git', ['show', `${revision}:./${LOCK_FILE}`], {
      cwd: dir,
      encoding: 'utf8',
      timeout: GIT_TIMEOUT_MS,
      maxBuffer: MAX_FILE_BYTES,
      stdio: ['ignore', 'pipe', 'ignore'],
    });
  } catch {
    return null;
  }
}

/**
 * The lock is append-only: every line of the committed lock must still be there with the same
 * hash. Without this, editing a released model and its lock line together would pass.
 */
export function lockChanges(
  current: readonly LockEntry[],
  committed: readonly LockEntry[],
  file: string,
  revision = 'HEAD',
): Problem[] {
  const problems: Problem[] = [];
  for (const before of committed) {
    const now = current.find((e) => e.id === before.id);
    if (now === undefined) {
      problems.push({
        file,
        line: before.line,
        field: before.id,
        message: `line ${before.line} of the committed lock (${revision}), ${before.id} ${before.configHash}, was removed; released.lock is append-only and a released model is never withdrawn`,
      });
    } else if (now.configHash !== before.configHash) {
      problems.push({
        file,
        line: now.line,
        field: before.id,
        message: `was released as ${before.configHash} (line ${before.line} of the committed lock, ${revision}) but this line now records ${now.configHash}; released.lock is append-only, so release a new version as a new file instead`,
      });
    }
  }
  return problems;
}

function isLink(path: string): boolean {
  try {
    return lstatSync(path).isSymbolicLink();
  } catch {
    return false;
  }
}

/** The problem with a folder the ledger reads, if it is a symbolic link or not a folder; null if it is missing. */
function folderProblem(dir: string, what: string): Problem | null {
  try {
    const stat = lstatSync(dir);
    if (stat.isSymbolicLink()) return fileProblem(dir, SYMLINK_MESSAGE, '(folder)');
    if (!stat.isDirectory()) return fileProblem(dir, `is not a folder, but the ${what} folder must be one`, '(folder)');
    return null;
  } catch {
    return null;
  }
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

/** Lists the files in a folder with one of the given endings, sorted by name. */
export function listFiles(dir: string, endings: readonly string[]): string[] {
  if (!existsSync(dir) || !statSync(dir).isDirectory()) return [];
  return readdirSync(dir)
    .filter((name) => endings.some((ending) => name.endsWith(ending)))
    .sort()
    .map((name) => join(dir, name));
}

/** A name YAML tools write for YAML but the ledger does not read, such as `x.yml` or `x.YAML`. */
const OTHER_YAML = /\.(ya?ml)$/i;

/**
 * The claim files of a claims folder (`<slug>.yaml`, sorted) and a problem for everything else in
 * it: a file the build would not read is a claim silently lost (`same.yml` beside `same.yaml`).
 * Hidden files (`.gitkeep`, `.DS_Store`) are left alone.
 */
export function claimFiles(dir: string): { files: string[]; problems: Problem[] } {
  const folder = folderProblem(dir, 'claims');
  if (folder !== null) return { files: [], problems: [folder] };
  if (!existsSync(dir)) return { files: [], problems: [] };
  const files: string[] = [];
  const problems: Problem[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) => byCodeUnit(a.name, b.name))) {
    const path = join(dir, entry.name);
    if (entry.name.startsWith('.')) continue;
    if (entry.isSymbolicLink()) problems.push(fileProblem(path, SYMLINK_MESSAGE));
    else if (entry.isDirectory())
      problems.push(fileProblem(path, `is a folder; ${display(dir)} holds claim files (<slug>.yaml) only`));
    else if (entry.name.endsWith('.yaml')) files.push(path);
    else {
      const rename = OTHER_YAML.test(entry.name) ? `; rename it to ${entry.name.replace(OTHER_YAML, '.yaml')}` : '';
      problems.push(
        fileProblem(
          path,
          `is not a claim file: a claim is <slug>.yaml (lower-case .yaml), and the build would not read this one${rename}`,
          '(file name)',
        ),
      );
    }
  }
  return { files, problems };
}

/** The model files of a models folder (`*.yaml` but site.yaml, sorted) and a problem for a link or a misnamed model file. */
function modelFiles(dir: string): { files: string[]; problems: Problem[] } {
  const files: string[] = [];
  const problems: Problem[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) => byCodeUnit(a.name, b.name))) {
    const path = join(dir, entry.name);
    // The lock and site.yaml are refused as links when they are read.
    if (entry.name.startsWith('.') || entry.name === SITE_FILE || entry.name === LOCK_FILE) continue;
    if (entry.isSymbolicLink()) problems.push(fileProblem(path, SYMLINK_MESSAGE));
    else if (entry.name.endsWith('.yaml')) {
      files.push(path);
    } else if (OTHER_YAML.test(entry.name)) {
      problems.push(
        fileProblem(
          path,
          `is not read: a model file is <name>@<version>.yaml (lower-case .yaml); rename it to ${entry.name.replace(OTHER_YAML, '.yaml')}`,
          '(file name)',
        ),
      );
    }
  }
  return { files, problems };
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

/** Reads the whole ledger: every model, the default, every claim of `<content>/claims`. */
export function loadLedger(options: { content: string; models: string }): {
  ledger: Ledger | null;
  problems: Problem[];
} {
  const { models, defaultModel, problems } = loadModels(options.models);
  const claimsDir = join(options.content, 'claims');
  const contentFolder = folderProblem(options.content, 'content');
  if (contentFolder !== null) problems.push(contentFolder);
  const { files, problems: listing } = contentFolder === null ? claimFiles(claimsDir) : { files: [], problems: [] };
  problems.push(...listing);
  if (files.length === 0 && contentFolder === null && listing.every((p) => p.file !== display(claimsDir))) {
    problems.push({ file: display(claimsDir), line: 1, field: '(folder)', message: 'no claim files (*.yaml) found' });
  }
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
  const beside = fileURLToPath(new URL('../../engine/', import.meta.url));
  return existsSync(join(beside, 'score.ts')) ? beside : join(process.cwd(), 'src', 'engine');
}

/** The engine's code hash, over the TypeScript files of `src/engine`. */
export function engineCodeHash(dir: string = engineDir()): string {
  const files = walkFolder(dir)
    .filter((entry) => entry.kind === 'file' && entry.path.endsWith('.ts'))
    .map((entry) => ({ path: entry.path, bytes: readFileSync(entry.full) }));
  return codeHashOf(files);
}
