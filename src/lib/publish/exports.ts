/**
 * The bulk downloads: every claim under every model as one table (CSV and JSON), and every
 * claim's normalised inputs. Rows are in a fixed order — claim slug, then the site's model order
 * (the default first) — and every number stays the decimal string the trace holds, so a download
 * matches the traces digit for digit. Trace URLs are absolute (on the published site), because a
 * downloaded file is read away from the site.
 */
import { byCodeUnit } from '../../engine/order.ts';
import { compactJson } from '../render/compactJson.ts';
import Papa from 'papaparse';
import type { Claim } from '../../engine/index.ts';
import type { TraceSummary } from '../site/records.ts';
import { absoluteUrl, claimPath, tracePath } from '../paths.ts';

/** The version of the exports' layout; bumped when a column changes meaning or shape. */
export const EXPORT_FORMAT = 2;

/** One claim under one model. Absent values (a refusal's probability, say) are null. */
export interface ScoreRow {
  /** The claim's slug. */
  readonly claim: string;
  readonly statement: string;
  /** When the claim was recorded (YYYY-MM-DD). */
  readonly recorded: string;
  /** The model's id. */
  readonly model: string;
  readonly state: string;
  /** The probability as the trace writes it; null for a refusal. */
  readonly probability: string | null;
  /** Why there is no probability; null for a scored claim. */
  readonly reason: string | null;
  /** The stability level (high, medium, low); null for a refusal. */
  readonly stability: string | null;
  readonly stabilitySpread: string | null;
  /** The share of the model's review checks that were done. */
  readonly coverage: string;
  /** The community gradient and its status. */
  readonly gradient: string;
  readonly gradientStatus: string;
  readonly configHash: string;
  readonly inputHash: string;
  /** The absolute URL of the claim's page under this model. */
  readonly page: string;
  /** The absolute URL of the trace every figure of the row was read from. */
  readonly trace: string;
}

/** The CSV's columns, in order (the JSON rows have the same keys). */
export const SCORE_COLUMNS = [
  'claim',
  'statement',
  'recorded',
  'model',
  'state',
  'probability',
  'reason',
  'stability',
  'stabilitySpread',
  'coverage',
  'gradient',
  'gradientStatus',
  'configHash',
  'inputHash',
  'page',
  'trace',
] as const satisfies readonly (keyof ScoreRow)[];

/** One row read from a trace; `site` is the site's address. */
export function scoreRow(trace: TraceSummary, site: string): ScoreRow {
  const { result } = trace;
  return {
    claim: trace.claim,
    statement: trace.input.statement,
    recorded: trace.input.recorded,
    model: trace.model,
    state: result.state,
    probability: result.probability,
    reason: result.reason,
    stability: result.stability?.level ?? null,
    stabilitySpread: result.stability?.spread ?? null,
    coverage: result.coverage.value,
    gradient: result.gradient.value,
    gradientStatus: result.gradient.status,
    configHash: trace.configHash,
    inputHash: trace.inputHash,
    page: absoluteUrl(claimPath(trace.claim, trace.model), site),
    trace: absoluteUrl(tracePath(trace.claim, trace.model), site),
  };
}

/** Every row: claims by slug, then models in the order given (the site's: the default first). */
export function scoreRows(
  slugs: readonly string[],
  models: readonly string[],
  traceOf: (slug: string, model: string) => TraceSummary,
  site: string,
): ScoreRow[] {
  return [...slugs].sort(byCodeUnit).flatMap((slug) => models.map((model) => scoreRow(traceOf(slug, model), site)));
}

/**
 * A cell a spreadsheet would run as a formula (`=`, `+`, `@`, a tab or carriage return first, or
 * `-` before anything but a plain number) gets a leading apostrophe, which spreadsheets show as
 * text and never run; decimals are never touched. docs/metadata.md documents the apostrophe.
 */
export const SPREADSHEET_FORMULA = /^(?:[=+@\t\r]|-(?!\d+(?:\.\d+)?$))/;

/**
 * The rows as CSV per RFC 4180: a header line, CRLF line ends, fields quoted when they hold a
 * comma, a quote or a line break (quotes doubled), an empty field for null, and a final CRLF.
 */
export function scoresCsv(rows: readonly ScoreRow[]): string {
  const csv = Papa.unparse(
    { fields: [...SCORE_COLUMNS], data: rows.map((row) => SCORE_COLUMNS.map((c) => row[c])) },
    { newline: '\r\n', quotes: false, escapeFormulae: SPREADSHEET_FORMULA, header: true },
  );
  return `${csv}\r\n`;
}

/** The scores download as JSON: what it is, then the rows. */
export interface ScoresJson {
  readonly exportFormat: typeof EXPORT_FORMAT;
  readonly buildDate: string;
  readonly codeHash: string;
  readonly defaultModel: string;
  /** Released models in the site's order, the default first. */
  readonly models: readonly string[];
  readonly columns: readonly string[];
  readonly scores: readonly ScoreRow[];
}

/**
 * A download as JSON a person can read and a diff can follow: two-space indents, and each part that
 * fits in 1,000 characters (a score row, a link, a claim's sources) on one line of its own, with a
 * final newline. A fifth smaller than indenting every field (2 MB of a 1,000-claim site).
 */
function downloadJson(doc: unknown): string {
  return `${compactJson(doc, { indent: '  ', maxLength: 1000 }) ?? 'null'}\n`;
}

/** The scores download (downloadJson): one row a line. */
export function scoresJson(
  meta: Omit<ScoresJson, 'exportFormat' | 'columns' | 'scores'>,
  rows: readonly ScoreRow[],
): string {
  const doc: ScoresJson = { exportFormat: EXPORT_FORMAT, ...meta, columns: SCORE_COLUMNS, scores: rows };
  return downloadJson(doc);
}

/** A claim's inputs as the loader normalised them (defaults filled in, absent values null). */
export interface ClaimInput {
  readonly slug: string;
  readonly inputHash: string;
  readonly claim: Claim;
}

/** The claims download: every claim's normalised inputs, by slug. */
export interface ClaimsJson {
  readonly exportFormat: typeof EXPORT_FORMAT;
  readonly buildDate: string;
  readonly claims: readonly ClaimInput[];
}

/** The claims download (downloadJson): a claim's fields a line each, and one line a link. */
export function claimsJson(buildDate: string, claims: readonly ClaimInput[]): string {
  const sorted = [...claims].sort((a, b) => byCodeUnit(a.slug, b.slug));
  const doc: ClaimsJson = { exportFormat: EXPORT_FORMAT, buildDate, claims: sorted };
  return downloadJson(doc);
}
