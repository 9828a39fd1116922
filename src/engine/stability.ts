/** Step 8: how much the probability depends on the weights' scale. */
import { Decimal, fixed, plain } from './decimal.ts';
import { scaledOf, tenTo } from './fixedPoint.ts';
import { perRules } from './perRules.ts';
import { probabilityOf, probabilityUnits } from './probability.ts';
import type { Rules } from './rules.ts';
import type { StabilityLevel } from './types.ts';
import { plainText, withinPrecision } from './units.ts';

/** The working of step 8. */
export interface StabilityWorking {
  readonly rescores: readonly { readonly scale: string; readonly logOdds: string; readonly probability: string }[];
  readonly spread: string;
  /** The level the spread alone gives, before the cap for too few sources. */
  readonly measuredLevel: StabilityLevel;
  /** Distinct sources among the counted links: kept links whose weight is above 0. */
  readonly sources: number;
  readonly minGroupsForHigh: number;
  readonly capped: boolean;
  readonly level: StabilityLevel;
}

/**
 * What a model fixes for step 8: its scales written out, and the level thresholds in whole units of
 * the probability's last place (a spread of u units is at most t exactly when u ≤ floor(t × 10^p)),
 * or null where such a threshold is not a safe integer (the Decimal comparison then decides).
 */
const fixedByModel = perRules((rules) => {
  const p = rules.places.probability;
  const units = (threshold: Decimal): number | null => {
    const floor = threshold.times(new Decimal(10).pow(p)).floor().toNumber();
    return Number.isSafeInteger(floor) ? floor : null;
  };
  const high = units(rules.stabilityHigh);
  const medium = units(rules.stabilityMedium);
  return {
    texts: rules.scales.map(plain),
    scaled: rules.scales.map(scaledOf),
    // Whole units only up to 15 places, where 10^p and every probability's units stay below 2^50.
    units: p <= 15 && high !== null && medium !== null ? { high, medium } : null,
  };
});

/** u units of 10^−p written with exactly p places, as `fixed` writes the decimal (u ≥ 0). */
function unitsText(u: number, p: number): string {
  if (p === 0) return String(u);
  const digits = String(u).padStart(p + 1, '0');
  return `${digits.slice(0, digits.length - p)}.${digits.slice(digits.length - p)}`;
}

/**
 * Re-scores with the kept weights scaled by each of the model's scales; the spread of the rounded
 * probabilities sets the level, and too few distinct sources among the counted links cap `high`
 * at `medium`. `sources` counts only the sources of kept links with a weight above 0 (docs/design.md §4
 * step 8): a link that moves no number is not evidence the number rests on.
 */
export function stability(
  rules: Rules,
  prior: Decimal,
  keptSum: Decimal,
  sources: number,
): { working: StabilityWorking } {
  const p = rules.places.probability;
  const model = fixedByModel(rules);
  const scales = rules.scales;
  const logOdds: Decimal[] = [];
  for (let i = 0; i < scales.length; i++) logOdds.push(prior.plus(scales[i]!.times(keptSum)));
  // The probabilities as whole units where every double estimate decides (nearly always): no
  // Decimal made, compared or written. Otherwise every figure through decimal.js, as before.
  const measured =
    model.units === null
      ? null
      : byUnits(
          p,
          model.units,
          logOdds.map((x) => x.toNumber()),
          logOdds.map(plain),
          model.texts,
        );
  return workingOf(rules, sources, measured ?? byDecimals(rules, logOdds, model.texts));
}

/**
 * `stability` for a prior and a kept sum given in whole units of 10^−places: each rescore's
 * log-odds `prior + scale × kept` worked exactly in whole numbers, written as `plain` writes it and
 * read as a double from that writing (the double nearest the value, as `toNumber` gives it). Where
 * a product or a sum passes 40 significant digits (decimal.js would round it) or a double estimate
 * does not decide, the figures are worked through decimal.js from the same values, as before.
 */
export function stabilityOfUnits(
  rules: Rules,
  prior: bigint,
  keptSum: bigint,
  places: number,
  sources: number,
): { working: StabilityWorking } {
  const model = fixedByModel(rules);
  const scaled = model.scaled;
  const count = scaled.length;
  const texts: string[] = [];
  const doubles: number[] = [];
  let exact = true;
  for (let i = 0; i < count; i++) {
    const { coefficient, places: scalePlaces } = scaled[i]!;
    const product = coefficient * keptSum;
    const sum = prior * tenTo(scalePlaces) + product;
    if (!withinPrecision(product) || !withinPrecision(sum)) {
      exact = false;
      break;
    }
    const text = plainText(sum, places + scalePlaces);
    texts.push(text);
    doubles.push(Number(text));
  }
  if (exact && model.units !== null) {
    const measured = byUnits(rules.places.probability, model.units, doubles, texts, model.texts);
    if (measured !== null) return workingOf(rules, sources, measured);
  }
  const priorDecimal = new Decimal(`${prior}e-${places}`);
  const keptDecimal = new Decimal(`${keptSum}e-${places}`);
  return stability(rules, priorDecimal, keptDecimal, sources);
}

/** The working from the measured part and the sources: the cap for too few sources applied. */
function workingOf(rules: Rules, sources: number, measured: Measured): { working: StabilityWorking } {
  const { rescores, spread, level } = measured;
  const capped = level === 'high' && sources < rules.minGroupsForHigh;
  return {
    working: {
      rescores,
      spread,
      measuredLevel: level,
      sources,
      minGroupsForHigh: rules.minGroupsForHigh,
      capped,
      level: capped ? 'medium' : level,
    },
  };
}

/** Step 8's measured part: the rescores as the working writes them, the spread and its level. */
interface Measured {
  readonly rescores: StabilityWorking['rescores'];
  readonly spread: string;
  readonly level: StabilityLevel;
}

/** Step 8's measured part from each rescore's log-odds as a double and as `plain` writes it. */
function byUnits(
  p: number,
  thresholds: { readonly high: number; readonly medium: number },
  doubles: readonly number[],
  logOddsTexts: readonly string[],
  texts: readonly string[],
): Measured | null {
  // No scales at all fails in Decimal.max, as before.
  if (doubles.length === 0) return null;
  const rescores: { scale: string; logOdds: string; probability: string }[] = [];
  let highest = -1;
  let lowest = Infinity;
  for (let i = 0; i < doubles.length; i++) {
    const units = probabilityUnits(p, doubles[i]!);
    if (units === null) return null;
    if (units > highest) highest = units;
    if (units < lowest) lowest = units;
    rescores.push({ scale: texts[i]!, logOdds: logOddsTexts[i]!, probability: unitsText(units, p) });
  }
  const spread = highest - lowest;
  const level: StabilityLevel = spread <= thresholds.high ? 'high' : spread <= thresholds.medium ? 'medium' : 'low';
  return { rescores, spread: unitsText(spread, p), level };
}

function byDecimals(rules: Rules, logOdds: readonly Decimal[], texts: readonly string[]): Measured {
  const p = rules.places.probability;
  const probabilities = logOdds.map((x) => probabilityOf(rules, x));
  // The largest and smallest by comparison (Decimal.max and min would copy every argument first).
  // No scales at all fails as before, in Decimal.max.
  let highest = probabilities.length === 0 ? Decimal.max() : probabilities[0]!;
  let lowest = highest;
  for (const probability of probabilities) {
    if (probability.greaterThan(highest)) highest = probability;
    if (probability.lessThan(lowest)) lowest = probability;
  }
  const spread = highest.minus(lowest);
  const level: StabilityLevel = spread.lessThanOrEqualTo(rules.stabilityHigh)
    ? 'high'
    : spread.lessThanOrEqualTo(rules.stabilityMedium)
      ? 'medium'
      : 'low';
  return {
    rescores: logOdds.map((x, i) => ({
      scale: texts[i]!,
      logOdds: plain(x),
      probability: fixed(probabilities[i]!, p),
    })),
    spread: fixed(spread, p),
    level,
  };
}
