/**
 * Verifying a whole site or snapshot: its refused entries, its MANIFEST.sha256 when it has one,
 * every published trace re-scored, and each published model.json against the released hashes (a
 * `models/released.lock` inside the site, and the repository's when verify runs inside one).
 */
import { byCodeUnit } from '../../engine/order.ts';
import { checkManifest, hasManifest } from '../snapshot/manifest.ts';
import { addressFindings, missingTraces, publishedSlugs, traceAddress } from './addresses.ts';
import { downloadFindings, namedModels } from './downloads.ts';
import type { SiteFiles } from './files.ts';
import { jsonDifferences } from './jsonDiff.ts';
import type { Finding, VerifyReport } from './report.ts';
import { verifyExplanations } from './explain.ts';
import { verifyTrace, type LoadedPublished } from './rescore.ts';
import { pageFindings, traceAt } from './shown.ts';

/** A released model's id and the config hash `released.lock` records for it. */
export interface ReleasedHash {
  readonly id: string;
  readonly configHash: string;
  /** Where the record is, as messages show it (e.g. `models/released.lock`). */
  readonly lockFile: string;
}

/** How to verify. */
export interface VerifyOptions {
  /** The engine's code hash: re-scored traces carry it, and a trace that carries another is a warning. */
  readonly codeHash: string;
  /** The repository's released models' recorded hashes; a published model.json that hashes otherwise is reported. */
  readonly released?: readonly ReleasedHash[];
  /** Called after each trace, for progress on long runs. */
  readonly progress?: (done: number, total: number) => void;
}

/** A published model.json that hashes otherwise than a lock records for it. */
function editedModel(
  model: { readonly file: string; readonly id: string; readonly configHash: string },
  record: ReleasedHash,
): Finding {
  return {
    file: model.file,
    field: null,
    message:
      `released model ${model.id} was edited: ${record.lockFile} records ${record.configHash} ` +
      `but the published model.json hashes to ${model.configHash}`,
  };
}

/** Where a site may carry its own record of released hashes. */
export const SITE_LOCK = 'models/released.lock';

/** Every `trace.json` of a site, sorted by path. */
export function traceFiles(files: SiteFiles): string[] {
  return files.list().filter((path) => path === 'trace.json' || path.endsWith('/trace.json'));
}

/** The lock a site carries, read as `released.lock` is (`<id> sha256:<hex>` lines, `#` comments). */
function siteLock(files: SiteFiles): { entries: ReleasedHash[]; findings: Finding[] } {
  const bytes = files.read(SITE_LOCK);
  if (bytes === null) return { entries: [], findings: [] };
  const entries: ReleasedHash[] = [];
  const findings: Finding[] = [];
  new TextDecoder()
    .decode(bytes)
    .split('\n')
    .forEach((raw, i) => {
      const line = raw.replace(/#.*/, '').trim();
      if (line === '') return;
      const match = /^(\S+@\d+\.\d+\.\d+)\s+(sha256:[0-9a-f]{64})$/.exec(line);
      if (match === null)
        findings.push({
          file: SITE_LOCK,
          field: null,
          message: `line ${i + 1}: not "<model id> sha256:<64 hex digits>"`,
        });
      else entries.push({ id: match[1]!, configHash: match[2]!, lockFile: SITE_LOCK });
    });
  return { entries, findings };
}

/**
 * Re-scores every published trace of a site and reports what differs; a snapshot's files are first
 * checked against its MANIFEST.sha256 (every listed file present with that hash, nothing unlisted).
 */
export function verifySite(files: SiteFiles, options: VerifyOptions): VerifyReport {
  const refused = [...(files.refused?.() ?? [])];
  if (!hasManifest(files)) {
    const report = rescoreSite(files, options, null);
    return { ...report, findings: [...refused, ...report.findings], ok: report.ok && refused.length === 0 };
  }
  const manifest = checkManifest(files);
  const report = rescoreSite(files, options, new Set(manifest.map((f) => f.file)));
  const mismatched = new Set(manifest.map((f) => f.file)).size;
  return {
    ...report,
    manifest: { files: files.list().length - 1, mismatched },
    findings: [...refused, ...manifest, ...report.findings],
    ok: report.ok && manifest.length === 0 && refused.length === 0,
  };
}

/**
 * Re-scores every published trace of a site and reports what differs. `mismatched` is, for a
 * snapshot, the files that do not match its manifest (null for a built site): a published
 * model.json the manifest vouches for, that the repository's lock disagrees with, means the
 * repository changed after the snapshot, not the snapshot.
 */
function rescoreSite(files: SiteFiles, options: VerifyOptions, mismatched: ReadonlySet<string> | null): VerifyReport {
  const traces = traceFiles(files);
  if (traces.length === 0) {
    return {
      traces: 0,
      reproduced: 0,
      differ: 0,
      findings: [{ file: files.label, field: null, message: 'no trace.json found' }],
      warnings: [],
      ok: false,
    };
  }
  const models = new Map<string, LoadedPublished>();
  const findings: Finding[] = [];
  const otherCode = new Map<string, { count: number; first: string }>();
  let reproduced = 0;
  const named = namedModels(files);
  const defaultModel = named.defaultModel;
  const index = new Map<string, Record<string, unknown>>();
  traces.forEach((path, i) => {
    const check = verifyTrace(files, path, models, options.codeHash);
    const wrongPlace =
      check.published === undefined
        ? []
        : addressFindings(path, { claim: check.published['claim'], model: check.published['model'] }, defaultModel);
    if (check.published !== undefined) index.set(path, check.published);
    if (check.findings.length === 0 && wrongPlace.length === 0) reproduced += 1;
    findings.push(...check.findings, ...wrongPlace);
    if (check.otherCode !== null) {
      const seen = otherCode.get(check.otherCode);
      if (seen) seen.count += 1;
      else otherCode.set(check.otherCode, { count: 1, first: path });
    }
    options.progress?.(i + 1, traces.length);
  });
  const warnings: Finding[] = [...otherCode].map(([hash, { count, first }]) => ({
    file: first,
    field: 'codeHash',
    message:
      `${count === 1 ? 'this trace was' : `this and ${count - 1} more traces were`} made by other engine code ` +
      `(${hash}, not this engine's ${options.codeHash}); the numbers are compared all the same`,
  }));

  findings.push(...ownAddressFindings(index));
  const missing = missingTraces(files, {
    slugs: publishedSlugs(files),
    models: named.models,
    defaultModel,
  });
  findings.push(...missing, ...pageFindings(files, index), ...downloadFindings(files, index));

  const lock = siteLock(files);
  findings.push(...lock.findings);
  for (const model of [...models.values()].sort((a, b) => byCodeUnit(a.file, b.file))) {
    if (!model.ok) continue;
    const own = lock.entries.find((r) => r.id === model.id);
    if (own && own.configHash !== model.configHash) findings.push(editedModel(model, own));
    const record = options.released?.find((r) => r.id === model.id);
    if (!record || record.configHash === model.configHash) continue;
    if (mismatched !== null && !mismatched.has(model.file)) {
      // The snapshot vouches for its model.json and its traces were made with it: what changed is
      // the repository's model file and its lock line, after the snapshot was made.
      warnings.push({
        file: model.file,
        field: null,
        message:
          `the repository's ${record.lockFile} now records ${record.configHash} for ${model.id}, but this ` +
          `snapshot's model.json (intact, as its manifest lists it) hashes to ${model.configHash}: the ` +
          `repository's released model file and its lock line were changed after this snapshot was made`,
      });
    } else {
      findings.push(editedModel(model, record));
    }
  }
  const explained = verifyExplanations(files, models, options.codeHash);
  if (explained !== null) findings.push(...explained.findings);
  const differ = traces.length - reproduced;
  return {
    traces: traces.length,
    reproduced,
    differ,
    missing: missing.length,
    findings,
    warnings,
    ok: differ === 0 && findings.length === 0,
    ...(explained === null ? {} : { explanations: { checked: explained.checked, differ: explained.differ } }),
  };
}

/**
 * A claim's trace at its own address (the default model's) must be the one published under that
 * model's address too: a page reads one, a download links the other.
 */
function ownAddressFindings(index: ReadonlyMap<string, Record<string, unknown>>): Finding[] {
  const findings: Finding[] = [];
  for (const [path, trace] of index) {
    const address = traceAddress(path);
    if (address === null || address.model !== null || address.commit !== null) continue;
    const model = trace['model'];
    if (typeof model !== 'string') continue;
    const other = traceAt(address.slug, model);
    const twin = index.get(other);
    if (twin !== undefined && jsonDifferences(twin, trace).length > 0)
      findings.push({ file: path, field: null, message: `differs from ${other}, the same claim under the same model` });
  }
  return findings;
}
