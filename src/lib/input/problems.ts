/**
 * Problems with a user's input are data: each names the file, the line, the field and what is
 * wrong, and one formatter prints them as `file:line: field: what is wrong`.
 */

import { byCodeUnit } from '../../engine/order.ts';

/** One thing wrong with one field of one file. */
export interface Problem {
  readonly file: string;
  readonly line: number;
  readonly field: string;
  readonly message: string;
}

/**
 * One thing found wrong in a published file (a trace, a model.json, a snapshot's entry), as verify
 * reports it: the same shape as a problem, without a line (the file is JSON a program wrote) and
 * with no field when the whole file is meant.
 */
export interface Finding {
  readonly file: string;
  readonly field: string | null;
  readonly message: string;
}

/**
 * The one formatter of what is wrong: a problem as `file:line: field: what is wrong`, a finding as
 * `file: field: what is wrong` (or `file: what is wrong` when it names no field).
 */
export function formatProblem(found: Problem | Finding): string {
  const where = 'line' in found ? `${found.file}:${found.line}` : found.file;
  return found.field === null ? `${where}: ${found.message}` : `${where}: ${found.field}: ${found.message}`;
}

/** Escapes the message of a GitHub Actions workflow command: `%`, carriage returns and line feeds. */
export function escapeAnnotationData(text: string): string {
  return text.replaceAll('%', '%25').replaceAll('\r', '%0D').replaceAll('\n', '%0A');
}

/** Escapes a property of a GitHub Actions workflow command: as the message, and `:` and `,` too. */
export function escapeAnnotationProperty(text: string): string {
  return escapeAnnotationData(text).replaceAll(':', '%3A').replaceAll(',', '%2C');
}

/**
 * Formats a problem as a GitHub Actions annotation, `::error file=…,line=…,title=…::…`, so that a
 * pull request shows it on its line: the field is the title, the message (and the help line, if
 * given) the text. File paths are written with `/`, as the repository names them.
 */
export function formatAnnotation({ file, line, field, message }: Problem, help: string | null = null): string {
  const properties = [
    `file=${escapeAnnotationProperty(file.split('\\').join('/'))}`,
    `line=${Math.max(1, line)}`,
    `title=${escapeAnnotationProperty(field)}`,
  ].join(',');
  const text = help === null ? `${field}: ${message}` : `${field}: ${message}\n${help.trim()}`;
  return `::error ${properties}::${escapeAnnotationData(text)}`;
}

/** Sorts problems by file, then line, then field, so that reports are stable. */
export function sortProblems(problems: readonly Problem[]): Problem[] {
  return [...problems].sort(
    (a, b) =>
      byCodeUnit(a.file, b.file) || a.line - b.line || byCodeUnit(a.field, b.field) || byCodeUnit(a.message, b.message),
  );
}

/** Writes a field path as `evidence[2].relevance`. */
export function fieldName(path: readonly (string | number)[]): string {
  if (path.length === 0) return '(file)';
  return path.map((key, i) => (typeof key === 'number' ? `[${key}]` : i === 0 ? key : `.${key}`)).join('');
}

/** An error that carries problems to the command line, which prints them and exits 1. */
export class InputError extends Error {
  readonly problems: readonly Problem[];

  constructor(problems: readonly Problem[]) {
    super(sortProblems(problems).map(formatProblem).join('\n'));
    this.name = 'InputError';
    this.problems = sortProblems(problems);
  }
}
