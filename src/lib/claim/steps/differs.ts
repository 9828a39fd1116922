/**
 * Under a model other than the default, where a step uses a declared setting that differs from the
 * default's: the default's value in words, to mark beside the value where it is used ("0.5 under
 * ledger@1.1.0"), as the evidence step marks each factor. Numbers compare as exact decimals (0.50
 * and 0.5 are the same setting); the words are the model files' own strings.
 */
import Decimal from 'decimal.js';
import type { Trace } from '../../../engine/index.ts';
import { factorDiffersWords } from '../explainWords.ts';
import { idWords } from '../../render/words.ts';
import type { DefaultModel } from './evidence.ts';

/** Two declared values: the same number, or the same words. */
const same = (a: string, b: string): boolean => {
  try {
    return new Decimal(a).equals(new Decimal(b));
  } catch {
    return a === b;
  }
};

/** The default's value in words when it differs from `here`, else null (and null on the default's own page). */
function differing(theDefault: DefaultModel | null, here: string, there: string | undefined): string | null {
  if (theDefault === null || (there !== undefined && same(here, there))) return null;
  return factorDiffersWords(there, theDefault.id);
}

/** The default's prior for the claim's type, when it differs from the page's. */
export function priorDiffers(trace: Trace, theDefault: DefaultModel | null): string | null {
  const prior = trace.working.prior;
  if (prior === null || theDefault === null) return null;
  const priors = theDefault.model.priors as Readonly<Record<string, string | undefined>>;
  return differing(theDefault, prior.probability, priors[trace.working.type]);
}

/** One of the rounding settings the page's working uses. */
export type RoundingSetting = 'mode' | 'weight' | 'probability' | 'coverage';

/** The default's rounding setting, when it differs from the page's (a mode in words: "half even"). */
export function roundingDiffers(
  trace: Trace,
  theDefault: DefaultModel | null,
  setting: RoundingSetting,
): string | null {
  if (theDefault === null) return null;
  const here = String(trace.working.rounding[setting]);
  const there = String(theDefault.model.rounding[setting]);
  if (setting !== 'mode') return differing(theDefault, here, there);
  return here === there ? null : factorDiffersWords(idWords(there), theDefault.id);
}

/** The default's lower bound of a state, when it differs from the page's (or the default has no such state). */
export function thresholdDiffers(state: string, from: string, theDefault: DefaultModel | null): string | null {
  if (theDefault === null) return null;
  return differing(theDefault, from, theDefault.model.states.find((s) => s.state === state)?.from);
}
