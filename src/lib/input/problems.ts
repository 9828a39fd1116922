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
  const file = oneLine(found.file);
  const where = 'line' in found ? `${file}:${found.line}` : file;
  const message = oneLine(found.message);
  return found.field === null ? `${where}: ${message}` : `${where}: ${oneLine(found.field)}: ${message}`;
}

/**
 * Text on one line: a line break, another control character or a line separator (a file name may
 * hold any of them) written as an escape (`\n`, `\u0007`), so that one problem is one line.
 */
export function oneLine(text: string): string {
  // eslint-disable-next-line no-control-regex -- matching control characters is the point
  return text.replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]/g, (c) =>
    c === '\n'
      ? '\\n'
      : c === '\r'
        ? '\\r'
        : c === '\t'
          ? '\\t'
          : `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
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

/**
 * How many problems one file reports before the rest are counted: a list of 100,000 items each
 * wrong would otherwise print 100,000 lines (17 MB), and spreading them into one array overflowed
 * the stack. The first fifty show what is wrong; fixing them shows the next.
 */
export const MAX_PROBLEMS_PER_FILE = 50;

/** The one problem that stands for those a file has beyond `MAX_PROBLEMS_PER_FILE`. */
export function moreProblems(file: string, count: number): Problem {
  return {
    file,
    line: 1,
    field: '(file)',
    message: `and ${count} more ${count === 1 ? 'problem' : 'problems'} in this file, not listed (the first ${MAX_PROBLEMS_PER_FILE} are)`,
  };
}

/** Appends many problems without spreading them into one call (which overflows the stack past about 100,000). */
export function appendProblems(into: Problem[], more: readonly Problem[]): void {
  for (const problem of more) into.push(problem);
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
