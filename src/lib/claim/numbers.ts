/** How the claim page writes numbers and rounding. */

/** How the model rounds, in words, e.g. `half-even (a tie goes to the even neighbour)`. */
export function roundingWords(mode: string): string {
  if (mode === 'half-even') return 'half-even (a tie goes to the even neighbour)';
  if (mode === 'half-up') return 'half-up (a tie goes away from zero)';
  return mode;
}

/**
 * Cuts a long exact decimal to `places` places for display (digits cut, never rounded), marking the
 * cut with `mark`: an ellipsis in text, `\\ldots` in a formula. Short values are left alone.
 */
export function cutDecimal(value: string, places: number, mark = '…'): string {
  const point = value.indexOf('.');
  if (point < 0 || value.length - point - 1 <= places) return value;
  return `${value.slice(0, point + 1 + places)}${mark}`;
}

/** The mark of a cut inside a formula. */
export const FORMULA_CUT = '\\ldots';
