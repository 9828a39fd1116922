/**
 * Rounding decided from a binary floating-point estimate. When a value is known only to within
 * ±error, it still has one rounding to `places` decimal places if no rounding boundary (a point
 * half-way between two neighbours, where half-even and half-up differ) lies within the error: then
 * every value it could be, the 40-digit one included, rounds the same way, whatever the mode.
 */
import { Decimal } from './decimal.ts';

/** Scaled estimates at or beyond 2^50 have too few bits after the point to decide. */
const MAX_SCALED = 2 ** 50;

/**
 * The estimate rounded to `places` decimal places, or null when a half-way point lies within
 * `error` (the caller then rounds the exact 40-digit value with the model's mode).
 */
export function roundEstimate(estimate: number, error: number, places: number): Decimal | null {
  const nearest = roundEstimateUnits(estimate, error, places);
  return nearest === null ? null : new Decimal(`${nearest}e-${places}`);
}

/** `roundEstimate` as a whole number of units of 10^−places (below 2^50), before it is made a Decimal. */
export function roundEstimateUnits(estimate: number, error: number, places: number): number | null {
  if (!Number.isFinite(estimate) || places > 22) return null;
  const unit = 10 ** places;
  const scaled = estimate * unit;
  if (!(Math.abs(scaled) < MAX_SCALED)) return null;
  // Scaling by an exact power of ten costs at most half an ulp of the result; counted twice.
  const margin = error * unit + Math.abs(scaled) * 2 ** -52;
  const floor = Math.floor(scaled);
  const fraction = scaled - floor;
  if (!(Math.abs(fraction - 0.5) > margin)) return null;
  return fraction > 0.5 ? floor + 1 : floor;
}
