/**
 * A ledger read from file contents rather than from disk: the claims and models of a past
 * revision, as `git` hands them over. Validation is the loader's own (the same schemas, the same
 * level checks), so a past file is judged exactly as a file in the working tree would be.
 */
import { hashOf, modelId, type Json } from '../../engine/index.ts';
import { decodeUtf8 } from '../input/readText.ts';
import { MAX_FILE_BYTES, tooLarge, type LoadedClaim, type LoadedModel } from '../input/load.ts';
import { UnreadBlob } from './git.ts';
import type { Problem } from '../input/problems.ts';
import { checkLevels, validateClaim } from '../input/validate.ts';
import { idFromFileName, validateModel } from '../input/validateModel.ts';
import { parseYaml, type Parsed } from '../input/yamlSource.ts';

/** One file's name as problems show it and its bytes. */
export interface FileBytes {
  /** What problems call the file, e.g. `main:content/claims/x.yaml`. */
  readonly label: string;
  /** The file's name inside its folder, e.g. `x.yaml`. */
  readonly name: string;
  readonly bytes: Uint8Array;
}

/** Decodes and parses one file, or says why it cannot be read. */
export function parseBytes(label: string, bytes: Uint8Array): { parsed: Parsed | null; problems: Problem[] } {
  const fail = (message: string) => ({ parsed: null, problems: [{ file: label, line: 1, field: '(file)', message }] });
  // The loader's own words for a file too large, so that a past file reads as a present one would.
  if (bytes instanceof UnreadBlob)
    return fail(bytes.fullSize !== null && bytes.fullSize > MAX_FILE_BYTES ? tooLarge(bytes.fullSize) : bytes.reason);
  if (bytes.length > MAX_FILE_BYTES) return fail(tooLarge(bytes.length));
  // The loader's own strict decoding: a bad byte is named with its line, UTF-16 as UTF-16.
  const decoded = decodeUtf8(bytes);
  if (decoded.text === null)
    return { parsed: null, problems: [{ file: label, line: decoded.line, field: '(file)', message: decoded.message }] };
  return parseYaml(label, decoded.text);
}

/** Validates one claim file's contents against the given models. */
export function claimFromBytes(
  file: FileBytes,
  models: readonly LoadedModel[],
): { loaded: LoadedClaim | null; problems: Problem[] } {
  const { parsed, problems } = parseBytes(file.label, file.bytes);
  if (!parsed) return { loaded: null, problems };
  const { claim, problems: invalid } = validateClaim(parsed);
  const levels = claim ? models.flatMap(({ model }) => checkLevels(parsed, claim, model)) : [];
  const all = [...invalid, ...levels];
  if (!claim || all.length > 0) return { loaded: null, problems: all };
  return { loaded: { slug: slugOfName(file.name), file: file.label, claim, parsed }, problems: [] };
}

/** A claim's slug from its file name. */
export function slugOfName(name: string): string {
  return name.replace(/\.(ya?ml)$/, '');
}

/** The models of a revision: each model file validated and hashed, and the default its site.yaml names. */
export function modelsFromBytes(
  files: readonly FileBytes[],
  site: FileBytes | null,
): { models: LoadedModel[]; defaultModel: string | null; problems: Problem[] } {
  const problems: Problem[] = [];
  const models: LoadedModel[] = [];
  for (const file of files) {
    const { parsed, problems: unreadable } = parseBytes(file.label, file.bytes);
    problems.push(...unreadable);
    if (!parsed) continue;
    const { model, problems: invalid } = validateModel(parsed, idFromFileName(file.name));
    problems.push(...invalid);
    if (model)
      models.push({ id: modelId(model), file: file.label, model, configHash: hashOf(model as unknown as Json) });
  }
  const defaultModel = site === null ? null : defaultOf(site);
  return { models, defaultModel, problems };
}

/** The model a `site.yaml` names as the default, or null when it names none. */
export function defaultOf(site: FileBytes): string | null {
  const { parsed } = parseBytes(site.label, site.bytes);
  const data = parsed?.data;
  if (data === null || data === undefined || typeof data !== 'object' || Array.isArray(data)) return null;
  const value = Object.hasOwn(data, 'default') ? data['default'] : undefined;
  return typeof value === 'string' ? value : null;
}

/** The model ids and config hashes a `released.lock`'s contents record (lines that are not records are skipped). */
export function lockFromBytes(bytes: Uint8Array | null): Map<string, string> {
  const out = new Map<string, string>();
  if (bytes === null) return out;
  for (const raw of Buffer.from(bytes).toString('utf8').split('\n')) {
    const match = /^(\S+@\d+\.\d+\.\d+)\s+(sha256:[0-9a-f]{64})$/.exec(raw.replace(/#.*/, '').trim());
    if (match) out.set(match[1]!, match[2]!);
  }
  return out;
}
