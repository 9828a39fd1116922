/**
 * Re-scoring one published trace from its own `input` and the published model, with this
 * repository's engine, and comparing the whole trace: every field a page shows, the working
 * included. Only `codeHash` is left out of the comparison (other code may give the same numbers);
 * the caller reports a different one as a warning.
 */
import '../input/nodeSha256.ts';
import { createScorer, hashOf, modelId, type Claim, type Json, type Model, type Trace } from '../../engine/index.ts';
import type { Problem } from '../input/problems.ts';
import { checkLevels, validateClaim } from '../input/validate.ts';
import { validateModel } from '../input/validateModel.ts';
import type { Parsed, Plain } from '../input/yamlSource.ts';
import { firstOutOfBounds } from './bounds.ts';
import type { SiteFiles } from './files.ts';
import { compareJson, show, type JsonDifference } from './jsonDiff.ts';
import type { Finding } from './report.ts';

/** The published path of a model's canonical JSON, relative to the site's root. */
export const modelJsonFile = (id: string): string => `models/${id}/model.json`;

/** A parsed JSON document, or why it could not be read (with the field, for a number out of bounds). */
type JsonRead = { ok: true; value: unknown } | { ok: false; field: string | null; message: string };

/** Reads a JSON file of the site and refuses any number out of bounds before anything uses it. */
export function readJson(files: SiteFiles, path: string): JsonRead {
  let bytes: Uint8Array | null;
  try {
    bytes = files.read(path);
  } catch (error) {
    const reason = (error as NodeJS.ErrnoException).code ?? (error as Error).message;
    return { ok: false, field: null, message: `cannot read: ${reason}` };
  }
  if (bytes === null) return { ok: false, field: null, message: 'file not found' };
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return { ok: false, field: null, message: 'not UTF-8 text' };
  }
  let value: unknown;
  try {
    value = JSON.parse(text) as unknown;
  } catch (error) {
    return { ok: false, field: null, message: `invalid JSON: ${(error as Error).message}` };
  }
  const out = firstOutOfBounds(value);
  if (out !== null) return { ok: false, field: out.field, message: `refused: ${out.message}` };
  return { ok: true, value };
}

function isObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/** A JSON value as the validators read it: every field on line 1 of a named file. */
function parsedJson(file: string, data: unknown): Parsed {
  return { file, data: data as Plain, lineOf: () => 1 };
}

/** A published model, loaded once per verification. */
export type LoadedPublished =
  | {
      ok: true;
      id: string;
      file: string;
      model: Model;
      configHash: string;
      score: (slug: string, claim: Claim) => Trace;
    }
  | { ok: false; file: string; message: string };

/** Reads, bounds, validates and hashes a published model.json. */
export function loadPublishedModel(files: SiteFiles, id: string, codeHash: string): LoadedPublished {
  const file = modelJsonFile(id);
  const read = readJson(files, file);
  if (!read.ok) return { ok: false, file, message: read.field ? `${read.field}: ${read.message}` : read.message };
  const { model, problems } = validateModel(parsedJson(file, read.value), id);
  if (!model) return { ok: false, file, message: problems.map((p) => `${p.field}: ${p.message}`).join('; ') };
  // The published bytes are what a stranger hashes, so the expected configHash is theirs, not the
  // normalised model's: a model.json that is not in normal form does not reproduce its traces.
  const configHash = hashOf(read.value as Json);
  const scorer = createScorer(model, codeHash);
  return { ok: true, id: modelId(model), file, model, configHash, score: (slug, claim) => scorer.score(slug, claim) };
}

/** What re-scoring one trace found: its findings (none when reproduced) and the codeHash it carries. */
export interface TraceCheck {
  readonly findings: Finding[];
  /** The published codeHash when it is not this engine's (the numbers may still be reproduced). */
  readonly otherCode: string | null;
  /** The published trace as read, when it is a JSON object (for checking its address and the pages). */
  readonly published?: Record<string, unknown>;
}

/** A check of one trace file that ends at its first finding. */
const oneFinding = (file: string, message: string, field: string | null): TraceCheck => ({
  findings: [{ file, field, message }],
  otherCode: null,
});

/** Re-scores one published trace and compares every field but `codeHash`. */
export function verifyTrace(
  files: SiteFiles,
  path: string,
  models: Map<string, LoadedPublished>,
  codeHash: string,
): TraceCheck {
  const at = (message: string, field: string | null = null): TraceCheck => oneFinding(path, message, field);
  const read = readJson(files, path);
  if (!read.ok) return at(read.message, read.field);
  const published = read.value;
  if (!isObject(published)) return at('a trace must be a JSON object');
  const checked = verifyObject(files, path, published, models, codeHash);
  return { ...checked, published };
}

/** Re-scores one published trace, read as a JSON object. */
function verifyObject(
  files: SiteFiles,
  path: string,
  published: Record<string, unknown>,
  models: Map<string, LoadedPublished>,
  codeHash: string,
): TraceCheck {
  const at = (message: string, field: string | null = null): TraceCheck => oneFinding(path, message, field);
  const id = Object.hasOwn(published, 'model') ? published['model'] : undefined;
  if (typeof id !== 'string' || id === '' || /[\\/]/.test(id) || id === '.' || id === '..')
    return at(`must name a model id, not ${show(id)}`, 'model');
  const slug = Object.hasOwn(published, 'claim') ? published['claim'] : undefined;
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
    return {
      findings: invalid.map((p) => ({
        file: path,
        field: p.field === '(file)' ? 'input' : `input.${p.field}`,
        message: `cannot re-score: ${p.message}`,
      })),
      otherCode: null,
    };
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
  const theirs = Object.hasOwn(published, 'codeHash') ? published['codeHash'] : undefined;
  // The published codeHash stands in for ours, so the comparison leaves it alone; it is checked below.
  expectedFields['codeHash'] = theirs;
  const differences: JsonDifference[] = [];
  compareJson(JSON.parse(JSON.stringify(expectedFields)) as unknown, published, '', differences);
  const findings = differences.map((d) => ({
    file: path,
    field: d.field,
    message: `expected ${show(d.expected)}, published ${show(d.published)}`,
  }));
  if (typeof theirs !== 'string' || !/^sha256:[0-9a-f]{64}$/.test(theirs))
    findings.push({ file: path, field: 'codeHash', message: `must be sha256:<64 hex digits>, not ${show(theirs)}` });
  return { findings, otherCode: typeof theirs === 'string' && theirs !== codeHash ? theirs : null };
}
