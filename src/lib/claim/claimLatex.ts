/**
 * The formulas of a claim page as LaTeX, written with the claim's own numbers from its trace. A pure
 * function of a trace: `tex()` renders the strings at build time and stops the build on a bad one.
 * Only numbers from the trace go into a formula, never claim text (which is untrusted).
 */
import { Decimal } from '../../engine/decimal.ts';
import type { Trace } from '../../engine/index.ts';
import { cutDecimal, FORMULA_CUT } from './numbers.ts';

/** Every formula of a claim page; null where the claim never reached that step. */
export interface ClaimLatex {
  /** Step 5: `round(ln(p / (1 − p)))`. */
  readonly prior: string | null;
  /** Step 6: the kept supporting weights added up. */
  readonly supporting: string | null;
  /** Step 6: the kept opposing weights added up. */
  readonly opposing: string | null;
  /** Step 6: prior + supporting − opposing = posterior log-odds. */
  readonly sum: string | null;
  /** Step 7: the logistic step and its rounding. */
  readonly probability: string | null;
  /** Step 8: the re-score at a scale s, with the claim's prior and kept weights (the table gives each s). */
  readonly rescore: string | null;
  /** Step 10: the weighted mean of the votes. */
  readonly gradient: string | null;
}

/** Writes a number as a term: negatives in parentheses, so `+ (−0.3)` never reads as `+ −0.3`. */
export function term(value: string): string {
  return value.startsWith('-') ? `\\left(${value}\\right)` : value;
}

/** `−x` as an exponent: `e^{-0.952702}` for positive x, `e^{0.3}` for x = −0.3. */
export function negated(value: string): string {
  if (value.startsWith('-')) return value.slice(1);
  return `-${value.replace(/^\+/, '')}`;
}

const round = (places: number): string => `\\operatorname{round}_{${places}}`;

/**
 * At most this many terms of a sum on one row of a formula: a phone (375 px) fits two six-place
 * figures and their signs beside the row's lead, so longer sums go on over several aligned rows.
 */
export const TERMS_PER_ROW = 2;

/**
 * The rows of `lead = t1 + t2 + … = total`, to align: at most TERMS_PER_ROW terms a row, the
 * further rows starting `+`, and the total on a row of its own.
 */
function sumLines(lead: string, terms: readonly string[], total: string): string[] {
  const lines: string[] = [];
  for (let i = 0; i < terms.length; i += TERMS_PER_ROW) {
    const row = terms.slice(i, i + TERMS_PER_ROW).join(' + ');
    lines.push(i === 0 ? `${lead} &= ${row}` : `&\\quad + ${row}`);
  }
  lines.push(`&= ${total}`);
  return lines;
}

/** `lead = t1 + t2 + … = total` over aligned rows that fit a phone; one term equal to the total is just the total. */
export function sumRows(lead: string, terms: readonly string[], total: string): string {
  if (terms.length === 0 || (terms.length === 1 && new Decimal(terms[0]!).equals(total))) return `${lead} = ${total}`;
  return aligned(sumLines(lead, terms, total));
}

/** Lines aligned on their `&`, one under another, so a long working stays narrow on a phone. */
export function aligned(lines: readonly string[]): string {
  return `\\begin{aligned}\n${lines.join(' \\\\\n')}\n\\end{aligned}`;
}

function logistic(x: string): string {
  return `\\frac{1}{1 + e^{${negated(x)}}}`;
}

/** Every formula of a claim page, with the claim's numbers. */
export function toLatex(trace: Trace): ClaimLatex {
  const { working } = trace;
  const { weight: w, probability: p } = working.rounding;
  const kept = (direction: string): string[] =>
    working.links
      .filter((l) => l.kept && l.direction === direction)
      .map((l) => trace.links.find((t) => t.id === l.id)!.weight);

  const prior =
    working.prior === null
      ? null
      : aligned([
          `\\text{prior log-odds} &= ${round(w)}\\left(\\ln\\frac{p}{1 - p}\\right)`,
          `&= ${round(w)}\\left(\\ln\\frac{${working.prior.probability}}{1 - ${working.prior.probability}}\\right)`,
          `&= ${working.prior.logOdds}`,
        ]);

  const sum = working.sum;
  const supporting = sum === null ? null : sumRows('S', kept('supports'), sum.supporting);
  const opposing = sum === null ? null : sumRows('O', kept('opposes'), sum.opposing);
  const total =
    sum === null || working.prior === null
      ? null
      : aligned([
          // Named first, then with the figures: as the prior and the logistic step are written, and
          // without underbraces, whose drawn SVG braces were a tenth of a claim page's formula bytes.
          `x &= \\text{prior} + S - O`,
          `&= ${working.prior.logOdds} + ${sum.supporting} - ${sum.opposing}`,
          `&= ${sum.posteriorLogOdds}`,
        ]);

  const probability =
    sum === null || working.probability === null
      ? null
      : aligned([
          `p &= ${round(p)}\\left(\\frac{1}{1 + e^{-x}}\\right)`,
          `&= ${round(p)}\\left(${logistic(sum.posteriorLogOdds)}\\right)`,
          `&= ${round(p)}\\left(${cutDecimal(working.probability.logistic, p + 4, FORMULA_CUT)}\\right)`,
          `&= ${working.probability.rounded}`,
        ]);

  const rescore =
    working.stability === null || working.prior === null || sum === null
      ? null
      : `p_s = ${round(p)}\\left(\\frac{1}{1 + e^{-(${working.prior.logOdds} + s \\times ${term(sum.kept)})}}\\right)`;

  // The votes table beside the formula lists each product v × w and both totals, as seed 003's
  // worked example does, so the formula takes the totals from it (`G = 11.44 / 15.92`) rather
  // than writing every product out a second time.
  const g = working.gradient;
  const gradient =
    g.votes.length === 0
      ? null
      : aligned([
          `G &= ${round(p)}\\left(\\frac{\\sum_i v_i\\,w_i}{\\sum_i w_i}\\right)`,
          `&= ${round(p)}\\left(\\frac{${cutDecimal(g.totalWeighted, w + 2, FORMULA_CUT)}}{${g.totalWeight}}\\right)`,
          `&= ${g.value}`,
        ]);

  return { prior, supporting, opposing, sum: total, probability, rescore, gradient };
}

/** The vote-weight rule with the model's floor: `w = round(max(floor, ln(1 + max(0, r))))`. */
export function voteWeightLatex(floor: string, places: number): string {
  return `w = ${round(places)}\\big(\\max(${floor},\\ \\ln(1 + \\max(0, r)))\\big)`;
}
