/**
 * How often the fast transcendental paths handed their argument to the plain decimal.js
 * computation. Only the fallback branches count (they already cost hundreds of microseconds), so
 * the fast paths themselves carry no extra work; tests compare the counts with the number of
 * calls a batch makes, so that a change which always falls back (and so passes every exactness
 * test) is caught. The counts never reach a trace.
 */

/** Fallbacks per fast path since the last `resetFallbacks`. */
export interface Fallbacks {
  /** `exp40` and the logistic's e^(−x) left to decimal.js's `exp`. */
  exp: number;
  /** `ln40` left to decimal.js's `ln`. */
  ln: number;
  /** `probabilityOf` left to the 40-digit logistic, its double estimate undecided. */
  probability: number;
}

/** The running counts; read them, never write them outside the engine. */
export const fallbacks: Fallbacks = { exp: 0, ln: 0, probability: 0 };

/** Sets every count back to 0. */
export function resetFallbacks(): void {
  fallbacks.exp = 0;
  fallbacks.ln = 0;
  fallbacks.probability = 0;
}
