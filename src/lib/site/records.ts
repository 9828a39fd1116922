/**
 * What the site holds of each claim and of each trace: the claim without its parse, the trace
 * without its working.
 */
import type { Trace } from '../../engine/index.ts';
import type { LoadedClaim } from '../input/load.ts';

/** A claim as the site holds it: its file and inputs (the parse's line numbers are left behind). */
export type SiteClaim = Omit<LoadedClaim, 'parsed'>;

/** A trace without its working. */
export type TraceSummary = Omit<Trace, 'working'>;

/** The summary of a trace: every field but the working (the input is the claim's own object). */
export function summarise(trace: Trace): TraceSummary {
  const { traceFormat, claim, model, configHash, inputHash, codeHash, links, result, input } = trace;
  return { traceFormat, claim, model, configHash, inputHash, codeHash, links, result, input };
}
