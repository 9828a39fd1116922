/** `ledger check`: validates every model and claim and prints each problem. */
import { helpOrigin, problemHelp } from '../lib/authoring/contribute.ts';
import type { CheckedContent } from '../lib/input/handedLedger.ts';
import { loadLedger, type Ledger } from '../lib/input/load.ts';
import { loadLedgerOnCores } from '../lib/input/loadOnCores.ts';
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
 * The check as the build runs it, on every core (loadOnCores.ts): prints what `ledger check`
 * prints and gives the checked content (which the build hands over to Astro, handedLedger.ts), or
 * throws the problems as an InputError (which runCommand prints).
 */
export async function checkedOnCores(io: Io, options: { content: string; models: string }): Promise<CheckedContent> {
  const { content, problems, warnings } = await loadLedgerOnCores(options);
  failOn(problems);
  return reportChecked(io, content!, warnings);
}

/** Throws the problems, if any; else prints the warnings and the summary line. */
function reportValid(io: Io, problems: readonly Problem[], ledger: Ledger | null): Ledger {
  failOn(problems);
  return reportChecked(io, ledger!, ledger!.claims.flatMap(claimWarnings));
}

/** Prints the warnings (on standard error: the files are valid, and the check passes) and the summary line. */
function reportChecked<T extends CheckedContent>(io: Io, content: T, warnings: readonly Problem[]): T {
  for (const warning of sortProblems(warnings)) io.err(`warning: ${formatProblem(warning)}\n`);
  io.out(
    `ok: ${content.models.length} models and ${content.claims.length} claims are valid (default model ${content.defaultModel}).\n`,
  );
  return content;
}
