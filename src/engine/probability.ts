/** Step 7: from log-odds to a rounded probability. */
import { Decimal, round } from './decimal.ts';
import { fallbacks } from './fastPath.ts';
import { logistic } from './logistic.ts';
import type { Rules } from './rules.ts';
import { roundEstimateUnits } from './roundEstimate.ts';

/**
 * The error of `1 / (1 + Math.exp(−x))` against the 40-digit logistic, for |x| ≤ 700. Reading x as a
 * double moves it by at most |x| × 2^−53, which moves the logistic (slope ≤ 1/4) by at most
 * |x| × 2^−55; counted as 2^−54. Math.exp is taken to be within 32 ulps (V8's is within one), and
 * the addition and division cost an ulp each: a relative error below 2^−46. The 40-digit value is
 * within 1e−38 of the exact one; counted as 1e−30. tests/unit/engine/errorBounds.test.ts checks
 * the bound, and that assumption, against 120-digit values.
 */
export function logisticEstimateError(x: number, estimate: number): number {
  return Math.abs(x) * 2 ** -54 + estimate * 2 ** -46 + 1e-30;
}

/** The double-precision logistic whose error `logisticEstimateError` bounds. */
export function logisticEstimate(x: number): number {
  return 1 / (1 + Math.exp(-x));
}

/**
 * `round_p(1 / (1 + e^(−x)))`. A double-precision estimate decides the rounding whenever no
 * half-way point lies within its error bound (nearly always); otherwise the 40-digit logistic is
 * rounded with the model's mode. Either way the result is that of the 40-digit computation.
 */
export function probabilityOf(rules: Rules, logOdds: Decimal): Decimal {
  const places = rules.places.probability;
  const decided = probabilityUnits(places, logOdds.toNumber());
  if (decided !== null) return new Decimal(`${decided}e-${places}`);
  return probabilitySlow(rules, logOdds);
}

/**
 * `probabilityOf` as a whole number of units of 10^−places, from the log-odds as a double, where
 * the double estimate decides it; null where the 40-digit logistic must (`probabilitySlow`).
 */
export function probabilityUnits(places: number, x: number): number | null {
  if (!(Math.abs(x) <= 700)) return null;
  const estimate = logisticEstimate(x);
  return roundEstimateUnits(estimate, logisticEstimateError(x, estimate), places);
}

/** The 40-digit logistic rounded with the model's mode, counted as a fallback. */
export function probabilitySlow(rules: Rules, logOdds: Decimal): Decimal {
  fallbacks.probability += 1;
  return round(logistic(logOdds), rules.places.probability, rules.mode);
}
