/** `ledger check`: validates every model and claim and prints each problem. */
import { loadLedger } from '../lib/load.ts';
import { failOn, type Io } from './run.ts';

/** Validates the models folder and the claims of a content folder. */
export function checkCommand(io: Io, options: { content: string; models: string }): number {
  const { ledger, problems } = loadLedger(options);
  failOn(problems);
  io.out(`ok: ${ledger!.models.length} models and ${ledger!.claims.length} claims are valid (default model ${ledger!.defaultModel}).\n`);
  return 0;
}
