/** `ledger check`: validates every model and claim and prints each problem. */
import { helpOrigin, problemHelp } from '../lib/authoring/contribute.ts';
import { loadLedger, type Ledger } from '../lib/input/load.ts';
import { formatAnnotation, formatProblem, sortProblems, type Problem } from '../lib/input/problems.ts';
import { claimWarnings } from '../lib/input/warnings.ts';
import { failOn, UsageError, type Io } from './run.ts';

/** How problems are printed: `file:line: field: message` lines, or GitHub Actions annotations. */
export type CheckFormat = 'text' | 'github';

/** Reads `--format`: `text` (the default) or `github`. */
export function checkFormat(value: string | undefined): CheckFormat {
  if (value === undefined || value === 'text' || value === 'github') return value ?? 'text';
  throw new UsageError(`--format must be text or github, not ${value}`);
}

/**
 * Validates the models folder and the claims of a content folder. With `format: 'github'`, each
 * problem is printed on standard output as an `::error file=…,line=…,title=…::…` annotation (with
 * where /contribute/ explains the field), so that a pull request shows it on its line.
 */
export function checkCommand(io: Io, options: { content: string; models: string; format?: CheckFormat }): number {
  const { ledger, problems } = loadLedger(options);
  if (options.format === 'github' && problems.length > 0) {
    const origin = helpOrigin();
    for (const problem of sortProblems(problems))
      io.out(`${formatAnnotation(problem, problemHelp(problem, origin))}\n`);
    io.err(`${problems.length} problem${problems.length === 1 ? '' : 's'} found.\n`);
    return 1;
  }
  reportValid(io, problems, ledger);
  return 0;
}

/**
 * The check as the build runs it: prints what `ledger check` prints and gives the checked ledger, or
 * throws the problems as an InputError (which runCommand prints).
 */
export function checkedLedger(io: Io, options: { content: string; models: string }): Ledger {
  const { ledger, problems } = loadLedger(options);
  return reportValid(io, problems, ledger);
}

/** Throws the problems, if any; else prints the warnings and the summary line. */
function reportValid(io: Io, problems: readonly Problem[], ledger: Ledger | null): Ledger {
  failOn(problems);
  // Warnings, on standard error: the files are valid, and the check passes.
  const warnings = sortProblems(ledger!.claims.flatMap(claimWarnings));
  for (const warning of warnings) io.err(`warning: ${formatProblem(warning)}\n`);
  io.out(
    `ok: ${ledger!.models.length} models and ${ledger!.claims.length} claims are valid (default model ${ledger!.defaultModel}).\n`,
  );
  return ledger!;
}
