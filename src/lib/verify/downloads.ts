/**
 * The downloads and feeds, checked against the traces: every row of `data/scores.json` and
 * `data/scores.csv` (one per claim and model, each figure the trace's), every claim of
 * `data/claims.json` (its input and input hash), and every entry of the Atom feeds (the state and
 * probability its summary states). A row for a trace that does not exist, or a trace with no row,
 * is named too.
 */
import Papa from 'papaparse';
import type { SiteFiles } from './files.ts';
import type { Finding } from './report.ts';
import { jsonDifferences, show } from './jsonDiff.ts';
import { htmlText, sentenceFindings, traceAt, traceValue, type TraceIndex } from './shown.ts';

/** The columns of the score downloads and the trace field each shows. */
export const SCORE_COLUMNS: Readonly<Record<string, string>> = {
  statement: 'input.statement',
  recorded: 'input.recorded',
  state: 'result.state',
  probability: 'result.probability',
  reason: 'result.reason',
  stability: 'result.stability.level',
  stabilitySpread: 'result.stability.spread',
  coverage: 'result.coverage.value',
  gradient: 'result.gradient.value',
  gradientStatus: 'result.gradient.status',
  configHash: 'configHash',
  inputHash: 'inputHash',
};

export const SCORES_JSON = 'data/scores.json';
export const SCORES_CSV = 'data/scores.csv';
export const CLAIMS_JSON = 'data/claims.json';

function parse(files: SiteFiles, path: string): { value: unknown } | { problem: string } | null {
  const bytes = files.read(path);
  if (bytes === null) return null;
  try {
    return { value: JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(bytes)) as unknown };
  } catch (error) {
    return { problem: `not readable JSON: ${(error as Error).message}` };
  }
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

/**
 * The models `data/scores.json` says every claim is scored under, and its default model: the site's
 * own statement of which traces it publishes (none and null when it has no such download).
 */
export function namedModels(files: SiteFiles): { models: string[]; defaultModel: string | null } {
  const read = parse(files, SCORES_JSON);
  if (read === null || !('value' in read) || !isObject(read.value)) return { models: [], defaultModel: null };
  const { models, defaultModel } = read.value;
  return {
    models: Array.isArray(models) ? models.filter((id): id is string => typeof id === 'string') : [],
    defaultModel: typeof defaultModel === 'string' ? defaultModel : null,
  };
}

/** One row of a score download against its trace; `row` maps column names to values (null for empty). */
function rowFindings(
  file: string,
  where: string,
  row: Readonly<Record<string, unknown>>,
  traces: TraceIndex,
  seen: Set<string>,
): Finding[] {
  const slug = row['claim'];
  const model = row['model'];
  if (typeof slug !== 'string' || typeof model !== 'string')
    return [{ file, field: where, message: 'names no claim and model' }];
  const path = traceAt(slug, model);
  seen.add(path);
  const trace = traces.get(path);
  if (trace === undefined)
    return [{ file, field: where, message: `shows ${slug} under ${model}, which has no published trace (${path})` }];
  const findings: Finding[] = [];
  for (const [column, field] of Object.entries(SCORE_COLUMNS)) {
    if (!Object.hasOwn(row, column)) continue;
    const shown = row[column] ?? null;
    const expected = traceValue(trace, field) ?? null;
    if (shown !== expected)
      findings.push({
        file,
        field: `${where}.${column}`,
        message: `shows ${show(shown)} for ${slug} under ${model}, its trace holds ${show(expected)}`,
      });
  }
  return findings;
}

/** The rows missing from a download: a published trace under a model with no row. */
function missingRows(file: string, traces: TraceIndex, seen: ReadonlySet<string>): Finding[] {
  return [...traces.keys()]
    .filter((path) => /^claims\/[^/]+\/[^/]+@[^/]+\/trace\.json$/.test(path) && !seen.has(path))
    .map((path) => ({ file, field: null, message: `has no row for the trace ${path}` }));
}

/** Parses CSV (RFC 4180: quoted fields, doubled quotes, CRLF or LF) into rows of fields. */
export function parseCsv(text: string): string[][] {
  return Papa.parse<string[]>(text, { skipEmptyLines: true }).data;
}

/** Every download and feed of a site against its traces. */
export function downloadFindings(files: SiteFiles, traces: TraceIndex): Finding[] {
  const findings: Finding[] = [];
  const scores = parse(files, SCORES_JSON);
  if (scores !== null) {
    if ('problem' in scores) findings.push({ file: SCORES_JSON, field: null, message: scores.problem });
    else {
      const rows = isObject(scores.value) ? scores.value['scores'] : undefined;
      const seen = new Set<string>();
      if (!Array.isArray(rows)) findings.push({ file: SCORES_JSON, field: 'scores', message: 'must be a list' });
      else {
        rows.forEach((row, i) =>
          findings.push(...rowFindings(SCORES_JSON, `scores[${i}]`, isObject(row) ? row : {}, traces, seen)),
        );
        findings.push(...missingRows(SCORES_JSON, traces, seen));
      }
    }
  }
  const csv = files.read(SCORES_CSV);
  if (csv !== null) {
    const [header = [], ...rows] = parseCsv(new TextDecoder().decode(csv));
    const seen = new Set<string>();
    rows.forEach((cells, i) => {
      const row = Object.fromEntries(header.map((name, k) => [name, cells[k] === '' ? null : (cells[k] ?? null)]));
      findings.push(...rowFindings(SCORES_CSV, `row ${i + 2}`, row, traces, seen));
    });
    findings.push(...missingRows(SCORES_CSV, traces, seen));
  }
  const claims = parse(files, CLAIMS_JSON);
  if (claims !== null) {
    if ('problem' in claims) findings.push({ file: CLAIMS_JSON, field: null, message: claims.problem });
    else {
      const list = isObject(claims.value) ? claims.value['claims'] : undefined;
      (Array.isArray(list) ? list : []).forEach((entry, i) => {
        const slug = isObject(entry) ? entry['slug'] : undefined;
        const trace = typeof slug === 'string' ? traces.get(traceAt(slug, null)) : undefined;
        if (!isObject(entry) || trace === undefined) {
          findings.push({ file: CLAIMS_JSON, field: `claims[${i}]`, message: `names no claim with a published trace` });
          return;
        }
        if (entry['inputHash'] !== trace['inputHash'])
          findings.push({
            file: CLAIMS_JSON,
            field: `claims[${i}].inputHash`,
            message: `shows ${show(entry['inputHash'])} for ${String(slug)}, its trace holds ${show(trace['inputHash'])}`,
          });
        const first = jsonDifferences(trace['input'], entry['claim'])[0];
        if (first !== undefined)
          findings.push({
            file: CLAIMS_JSON,
            field: `claims[${i}].claim${first.field === '' ? '' : `.${first.field}`}`,
            message: `shows ${show(first.published)} for ${String(slug)}, its trace's input holds ${show(first.expected)}`,
          });
      });
    }
  }
  for (const path of files.list().filter((p) => /^feeds\/[^/]+\.xml$/.test(p)))
    findings.push(...feedFindings(path, new TextDecoder().decode(files.read(path) ?? new Uint8Array()), traces));
  return findings;
}

/** Each entry of an Atom feed: the sentence of its summary and content against the trace it is about. */
function feedFindings(file: string, xml: string, traces: TraceIndex): Finding[] {
  const findings: Finding[] = [];
  for (const entry of xml.matchAll(/<entry>([\s\S]*?)<\/entry>/g)) {
    const body = entry[1]!;
    const related = /<link rel="related"[^>]*href="[^"]*?\/(claims\/[^"]+\/trace\.json)"/.exec(body);
    const own = /<id>[^<]*?\/claims\/([^/<#]+)\/<\/id>/.exec(body);
    const path = related !== null ? related[1]! : own !== null ? traceAt(own[1]!, null) : null;
    if (path === null) continue;
    const trace = traces.get(path);
    const id = /<id>([^<]*)<\/id>/.exec(body)?.[1] ?? path;
    if (trace === undefined) {
      findings.push({ file, field: `entry ${id}`, message: `is about ${path}, which is not published` });
      continue;
    }
    for (const part of ['summary', 'content']) {
      const text = new RegExp(`<${part}[^>]*>([^<]*)</${part}>`).exec(body)?.[1];
      if (text !== undefined) findings.push(...sentenceFindings(file, `entry ${id} ${part}`, htmlText(text), trace));
    }
  }
  return findings;
}
