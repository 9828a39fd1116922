/**
 * What validation shares between models and claims: the report that collects a file's problems
 * (naming the file, line and field; the first `MAX_PROBLEMS_PER_FILE` and a count of the rest) and
 * the checks of a decimal string.
 */
import type { ZodError, ZodIssue } from 'astro/zod';
import { dec, plain } from '../../engine/index.ts';
import { fieldName, MAX_PROBLEMS_PER_FILE, moreProblems, type Problem } from './problems.ts';
import type { Parsed } from './yamlSource.ts';

/** Where a value is in a parsed file: its keys and indexes from the top. */
export type Path = readonly (string | number)[];

/** Collects problems for one parsed file, the first `MAX_PROBLEMS_PER_FILE` of them and a count of the rest. */
export class Report {
  private readonly listed: Problem[] = [];
  private more = 0;
  constructor(private readonly parsed: Parsed) {}

  add(path: Path, message: string): void {
    if (this.listed.length >= MAX_PROBLEMS_PER_FILE) this.more += 1;
    else this.listed.push({ file: this.parsed.file, line: this.parsed.lineOf(path), field: fieldName(path), message });
  }

  /** The problems listed, and one more that says how many were left out. */
  get problems(): Problem[] {
    return this.more === 0 ? this.listed : [...this.listed, moreProblems(this.parsed.file, this.more)];
  }

  zod(error: ZodError): void {
    for (const issue of error.issues) this.issue(issue);
  }

  private issue(issue: ZodIssue): void {
    if (issue.code === 'unrecognized_keys') {
      for (const key of issue.keys) this.add([...issue.path, key], 'is not a field here (check its spelling)');
      return;
    }
    if (issue.code === 'invalid_type' && issue.received === 'undefined') {
      this.add(issue.path, 'is required');
      return;
    }
    if (issue.code === 'invalid_union') {
      this.add(issue.path, issue.message);
      return;
    }
    this.add(issue.path, issue.message === 'Required' ? 'is required' : issue.message);
  }
}

/** A decimal string in its plain form (no exponent, no trailing zeros). */
export const n = (value: string): string => plain(dec(value));

/** Whether a decimal string is a whole number. */
export function isWhole(value: string): boolean {
  return dec(value).isInteger();
}

/** Whether a decimal string lies between `low` and `high`, both included. */
export function between(value: string, low: string, high: string): boolean {
  const d = dec(value);
  return d.greaterThanOrEqualTo(low) && d.lessThanOrEqualTo(high);
}
