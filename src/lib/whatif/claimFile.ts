/**
 * The edited claim as a claim file, and its trace as a file: what a reader downloads from the
 * what-if panel to reproduce it with `npm run -s ledger -- score <slug>.yaml --model <id>`.
 */
import type { Claim, Trace } from '../../engine/index.ts';

/**
 * A claim as a claim file that the loader reads back into the same claim: JSON, which the YAML
 * reader reads as it is (every decimal a string, each key as the loader writes it), indented to be
 * read and edited.
 */
export function claimFileText(claim: Claim): string {
  return `${JSON.stringify(claim, null, 2)}\n`;
}

/** A trace as `trace.json` holds it and `ledger score` prints it: one line and a newline. */
export function traceFileText(trace: Trace): string {
  return `${JSON.stringify(trace)}\n`;
}
