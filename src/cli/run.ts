/**
 * The command line's shared frame: every command reports a user's mistake as problems on
 * standard error with exit 1, and never as a stack trace. A problem with a field of a claim file is
 * followed by an indented `  see <site>/contribute/#field-…` line.
 */
import { helpOrigin, problemHelp } from '../lib/authoring/contribute.ts';
import { formatProblem, InputError, sortProblems, type Problem } from '../lib/input/problems.ts';

/** A mistake in how a command was called (exit 2). */
export class UsageError extends Error {
  override name = 'UsageError';
}

/** What a command writes: standard output and standard error, kept until it succeeds. */
export interface Io {
  out(text: string): void;
  err(text: string): void;
}

/** The process's own streams. */
export const processIo: Io = {
  out: (text) => process.stdout.write(text),
  err: (text) => process.stderr.write(text),
};

/** Throws the problems, if there are any, as one InputError. */
export function failOn(problems: readonly Problem[]): void {
  if (problems.length > 0) throw new InputError(problems);
}

/** Runs a command and turns its errors into messages and an exit code. */
export async function runCommand(io: Io, command: () => Promise<number> | number): Promise<number> {
  try {
    return await command();
  } catch (error) {
    if (error instanceof InputError) {
      const origin = helpOrigin();
      for (const problem of sortProblems(error.problems)) {
        io.err(`${formatProblem(problem)}\n`);
        // A problem with a claim's field is followed by where /contribute/ explains that field.
        const help = problemHelp(problem, origin);
        if (help !== null) io.err(`${help}\n`);
      }
      io.err(`${error.problems.length} problem${error.problems.length === 1 ? '' : 's'} found.\n`);
      return 1;
    }
    if (error instanceof UsageError || (error as { code?: string }).code?.startsWith('ERR_PARSE_ARGS')) {
      io.err(`ledger: ${(error as Error).message}\nRun \`npm run -s ledger -- help\` for usage.\n`);
      return 2;
    }
    throw error;
  }
}
