/**
 * Verification: re-scores every published `trace.json` of a built site from its own `input` and
 * the published `models/<id>/model.json`, with this repository's engine, and reports every field
 * that differs. The files come through `SiteFiles`, so that a folder today and an archive later
 * are read the same way.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { createScorer, hashOf, modelId, type Claim, type Json, type Model, type Trace } from '../engine/index.ts';
import type { Problem } from './problems.ts';
import { checkManifest, hasManifest, MANIFEST } from './snapshot/manifest.ts';
import { zipFileSource } from './snapshot/zip.ts';
import { checkLevels, validateClaim, validateModel } from './validate.ts';
import type { Parsed, Plain } from './yamlSource.ts';

/** The files of a built site or snapshot, by path relative to its root (always with `/`). */
export interface SiteFiles {
  /** What to call the site in messages (the folder or archive as the user named it). */
  readonly label: string;
  /** Every file's relative path, sorted. */
  list(): readonly string[];
  /** A file's bytes, or null when there is no such file. */
  read(path: string): Uint8Array | null;
}

/** The files under a folder on disk. */
export function directoryFiles(root: string): SiteFiles {
  let listed: string[] | null = null;
  return {
    label: root,
    list: () => {
      if (listed === null) {
        const found: string[] = [];
        const walk = (folder: string): void => {
          for (const name of readdirSync(folder)) {
            const full = join(folder, name);
            if (statSync(full).isDirectory()) walk(full);
            else found.push(relative(root, full).split('\\').join('/'));
          }
        };
        walk(root);
        listed = found.sort(byCodeUnit);
      }
      return listed;
    },
    read: (path) => {
      const full = join(root, ...path.split('/'));
      return existsSync(full) && statSync(full).isFile() ? readFileSync(full) : null;
    },
  };
}

/** One thing found wrong: the file it is in, the field when there is one, and what is wrong. */
export interface Finding {
  readonly file: string;
  readonly field: string | null;
  readonly message: string;
}

/** What a verification found. */
export interface VerifyReport {
  /** How many `trace.json` files were found. */
  readonly traces: number;
  readonly reproduced: number;
  readonly differ: number;
  /** Every difference and problem, in file order; model-level problems after the traces'. */
  readonly findings: readonly Finding[];
  /** True when every trace was reproduced and nothing else is wrong. */
  readonly ok: boolean;
  /** For a snapshot (it has MANIFEST.sha256): how many files it has and how many do not match the manifest. */
  readonly manifest?: { readonly files: number; readonly mismatched: number };
}

/** A released model's id and the config hash `released.lock` records for it. */
export interface ReleasedHash {
  readonly id: string;
  readonly configHash: string;
  /** Where the record is, as messages show it (e.g. `models/released.lock`). */
  readonly lockFile: string;
}

/** How to verify. */
export interface VerifyOptions {
  /** The engine's code hash to stamp on re-scored traces (never compared). */
  readonly codeHash: string;
  /** Released models' recorded hashes; a published model.json that hashes otherwise is reported. */
  readonly released?: readonly ReleasedHash[];
  /** Called after each trace, for progress on long runs. */
  readonly progress?: (done: number, total: number) => void;
}

/** The top-level fields of a trace that are compared (`codeHash`, `input` and `working` are not). */
export const COMPARED_FIELDS = ['traceFormat', 'claim', 'model', 'configHash', 'inputHash', 'links', 'result'] as const;

/** How many findings the command line prints before summarising the rest. */
export const MAX_REPORTED = 20;

/** The published path of a model's canonical JSON, relative to the site's root. */
export const modelJsonFile = (id: string): string => `models/${id}/model.json`;

function byCodeUnit(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** A parsed JSON document, or why it could not be read. */
type JsonRead = { ok: true; value: unknown } | { ok: false; message: string };

function readJson(files: SiteFiles, path: string): JsonRead {
  let bytes: Uint8Array | null;
  try {
    bytes = files.read(path);
  } catch (error) {
    return { ok: false, message: `cannot read: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}` };
  }
  if (bytes === null) return { ok: false, message: 'file not found' };
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return { ok: false, message: 'not UTF-8 text' };
  }
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch (error) {
    return { ok: false, message: `invalid JSON: ${(error as Error).message}` };
  }
}

function isObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/** A JSON value as the validators read it: every field on line 1 of a named file. */
function parsedJson(file: string, data: unknown): Parsed {
  return { file, data: data as Plain, lineOf: () => 1 };
}

/** Shows a value in a message as compact JSON; an absent value as `(absent)`. */
export function show(value: unknown): string {
  return value === undefined ? '(absent)' : JSON.stringify(value);
}

/** Appends a finding for every leaf where the published value differs from the expected one. */
export function compareJson(
  expected: unknown,
  published: unknown,
  field: string,
  out: { field: string; expected: unknown; published: unknown }[],
): void {
  if (isObject(expected) && isObject(published)) {
    for (const key of Object.keys(expected))
      compareJson(expected[key], Object.hasOwn(published, key) ? published[key] : undefined, `${field}.${key}`, out);
    for (const key of Object.keys(published))
      if (!Object.hasOwn(expected, key))
        out.push({ field: `${field}.${key}`, expected: undefined, published: published[key] });
    return;
  }
  if (Array.isArray(expected) && Array.isArray(published)) {
    for (let i = 0; i < Math.max(expected.length, published.length); i++)
      compareJson(expected[i], published[i], `${field}[${i}]`, out);
    return;
  }
  // Strict equality on leaves: 1 is not true and "1" is not 1; an object never equals a leaf.
  if (expected !== published) out.push({ field, expected, published });
}

/** A published model, loaded once per verification. */
type LoadedPublished =
  | {
      ok: true;
      id: string;
      file: string;
      model: Model;
      configHash: string;
      score: (slug: string, claim: Claim) => Trace;
    }
  | { ok: false; file: string; message: string };

function loadPublishedModel(files: SiteFiles, id: string, codeHash: string): LoadedPublished {
  const file = modelJsonFile(id);
  const read = readJson(files, file);
  if (!read.ok) return { ok: false, file, message: read.message };
  const { model, problems } = validateModel(parsedJson(file, read.value), id);
  if (!model) return { ok: false, file, message: problems.map((p) => `${p.field}: ${p.message}`).join('; ') };
  // The published bytes are what a stranger hashes, so the expected configHash is theirs, not the
  // normalised model's: a model.json that is not in normal form does not reproduce its traces.
  const configHash = hashOf(read.value as Json);
  const scorer = createScorer(model, codeHash);
  return { ok: true, id: modelId(model), file, model, configHash, score: (slug, claim) => scorer.score(slug, claim) };
}

/** Re-scores one published trace; returns its findings (none when it was reproduced). */
function verifyTrace(
  files: SiteFiles,
  path: string,
  models: Map<string, LoadedPublished>,
  codeHash: string,
): Finding[] {
  const at = (message: string, field: string | null = null): Finding[] => [{ file: path, field, message }];
  const read = readJson(files, path);
  if (!read.ok) return at(read.message);
  const published = read.value;
  if (!isObject(published)) return at('a trace must be a JSON object');
  const id = published['model'];
  if (typeof id !== 'string' || id === '' || /[\\/]/.test(id) || id === '.' || id === '..')
    return at(`must name a model id, not ${show(id)}`, 'model');
  const slug = published['claim'];
  if (typeof slug !== 'string') return at(`must name the claim's slug, not ${show(slug)}`, 'claim');
  if (!Object.hasOwn(published, 'input')) return at('is required to re-score the trace', 'input');

  let loaded = models.get(id);
  if (loaded === undefined) {
    loaded = loadPublishedModel(files, id, codeHash);
    models.set(id, loaded);
  }
  if (!loaded.ok) return at(`model ${id}: ${loaded.file}: ${loaded.message}`);

  const input = published['input'];
  const parsed = parsedJson(path, input);
  const { claim, problems } = validateClaim(parsed);
  const levels = claim ? checkLevels(parsed, claim, loaded.model) : [];
  const invalid: Problem[] = [...problems, ...levels];
  if (!claim || invalid.length > 0) {
    return invalid.map((p) => ({
      file: path,
      field: p.field === '(file)' ? 'input' : `input.${p.field}`,
      message: `cannot re-score: ${p.message}`,
    }));
  }

  let expected: Trace;
  try {
    expected = loaded.score(slug, claim);
  } catch (error) {
    return at(`cannot re-score under ${id}: ${(error as Error).message}`);
  }
  const expectedFields: Record<string, unknown> = {
    ...expected,
    configHash: loaded.configHash,
    inputHash: hashOf(input as Json),
  };
  const differences: { field: string; expected: unknown; published: unknown }[] = [];
  for (const field of COMPARED_FIELDS) compareJson(expectedFields[field], published[field], field, differences);
  return differences.map((d) => ({
    file: path,
    field: d.field,
    message: `expected ${show(d.expected)}, published ${show(d.published)}`,
  }));
}

/** Every `trace.json` of a site, sorted by path. */
export function traceFiles(files: SiteFiles): string[] {
  return files.list().filter((path) => path === 'trace.json' || path.endsWith('/trace.json'));
}

/**
 * Re-scores every published trace of a site and reports what differs; a snapshot's files are first
 * checked against its MANIFEST.sha256 (every listed file present with that hash, nothing unlisted).
 */
export function verifySite(files: SiteFiles, options: VerifyOptions): VerifyReport {
  if (!hasManifest(files)) return rescoreSite(files, options);
  const manifest = checkManifest(files);
  const report = rescoreSite(files, options);
  const mismatched = new Set(manifest.map((f) => f.file)).size;
  return {
    ...report,
    manifest: { files: files.list().length - 1, mismatched },
    findings: [...manifest, ...report.findings],
    ok: report.ok && manifest.length === 0,
  };
}

/** Re-scores every published trace of a site and reports what differs. */
function rescoreSite(files: SiteFiles, options: VerifyOptions): VerifyReport {
  const traces = traceFiles(files);
  if (traces.length === 0) {
    return {
      traces: 0,
      reproduced: 0,
      differ: 0,
      findings: [{ file: files.label, field: null, message: 'no trace.json found' }],
      ok: false,
    };
  }
  const models = new Map<string, LoadedPublished>();
  const findings: Finding[] = [];
  let reproduced = 0;
  traces.forEach((path, i) => {
    const found = verifyTrace(files, path, models, options.codeHash);
    if (found.length === 0) reproduced += 1;
    findings.push(...found);
    options.progress?.(i + 1, traces.length);
  });
  for (const model of [...models.values()].sort((a, b) => byCodeUnit(a.file, b.file))) {
    if (!model.ok) continue;
    const record = options.released?.find((r) => r.id === model.id);
    if (record && record.configHash !== model.configHash) {
      findings.push({
        file: model.file,
        field: null,
        message:
          `released model ${model.id} was edited: ${record.lockFile} records ${record.configHash} ` +
          `but the published model.json hashes to ${model.configHash}`,
      });
    }
  }
  const differ = traces.length - reproduced;
  return { traces: traces.length, reproduced, differ, findings, ok: differ === 0 && findings.length === 0 };
}

/** Writes a finding as `file: field: message`. */
export function formatFinding({ file, field, message }: Finding): string {
  return field === null ? `${file}: ${message}` : `${file}: ${field}: ${message}`;
}

/** The report's lines: the count, then the first findings, then how many more there were. */
export function reportLines(report: VerifyReport, limit = MAX_REPORTED): string[] {
  const lines =
    report.traces === 0 ? ['0 traces found'] : [`${report.reproduced} traces reproduced, ${report.differ} differ`];
  if (report.manifest) {
    const { files, mismatched } = report.manifest;
    const s = mismatched === 1 ? ' does' : 's do';
    lines.unshift(
      mismatched === 0 ? `${files} files match ${MANIFEST}` : `${mismatched} file${s} not match ${MANIFEST}`,
    );
  }
  const shown = report.traces === 0 ? report.findings : report.findings.slice(0, limit);
  lines.push(...shown.map(formatFinding));
  if (report.findings.length > shown.length)
    lines.push(`... and ${report.findings.length - shown.length} more differences not shown`);
  return lines;
}

/** Opens what the user named as a site: a folder, or a snapshot's .zip (read from its top folder). */
export function openSite(path: string): { files: SiteFiles | null; problem: string | null } {
  if (!existsSync(path)) return { files: null, problem: `${path}: not found` };
  if (statSync(path).isFile() && /\.zip$/i.test(path)) {
    try {
      const zip = zipFileSource(readFileSync(path));
      return { files: { label: path, list: () => zip.list(), read: (file) => zip.read(file) }, problem: null };
    } catch (error) {
      return { files: null, problem: `${path}: not a readable ZIP archive (${(error as Error).message})` };
    }
  }
  if (!statSync(path).isDirectory()) return { files: null, problem: `${path}: not a folder of a built site` };
  return { files: directoryFiles(path), problem: null };
}
