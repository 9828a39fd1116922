/**
 * Near-ties, aimed at on purpose. Random arguments almost never land within a hair of a rounding
 * half-way point, which is exactly where a fast path that decides a rounding from an approximation
 * could go wrong. These generators build the argument backwards from a result placed within 1e−38
 * (or less) of a half-way point, at the places a model rounds a probability or a vote weight to,
 * and at the 40th significant digit that exp and ln are rounded to, and check that the engine's
 * rounded result is the rounding of the independent 120-digit value.
 *
 * What "the rounding" is: docs/design.md §4 computes exp, ln and the logistic at 40 significant digits and
 * rounds that to the model's places. Where the exact value is nearer a half-way point than the
 * 40-digit steps can resolve (below about 1e−38), the 40-digit value is what is rounded; beyond
 * that the 40-digit and the exact value round alike, and both are checked.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  dec,
  exp40,
  fallbacks,
  fixed,
  ln40,
  logistic,
  probabilityOf,
  resetFallbacks,
  round,
  rulesOf,
  voteWeight,
  type RoundingMode,
} from '../../../src/engine/index.ts';
import { strictModel, withRounding } from '../../support/model.ts';
import {
  distanceToHalfway,
  logistic40,
  logisticExact,
  roundedText,
  to40,
  unitsToHalfway40,
  wide,
  Wide,
} from '../../support/wide.ts';

const modes: readonly RoundingMode[] = ['half-even', 'half-up'];
const rulesFor = (places: number, mode: RoundingMode) =>
  rulesOf(withRounding(strictModel(), { mode, probability: String(places), weight: String(places) }));

/** Offsets from a half-way point: a hair (1e−38 and below), and further out where doubles decide. */
const OFFSETS = [
  '0',
  '1e-40',
  '-1e-40',
  '1e-38',
  '-1e-38',
  '3e-37',
  '-3e-37',
  '1e-30',
  '-1e-30',
  '1e-17',
  '-1e-17',
  '1e-15',
  '-1e-15',
];

/** A target just off the half-way point between two neighbours at `places` places, in (lo, hi). */
const targetArb = (places: number, lo: number, hi: number) =>
  fc
    .tuple(
      fc.integer({ min: Math.ceil(lo * 10 ** places), max: Math.floor(hi * 10 ** places) - 1 }),
      fc.constantFrom(...OFFSETS),
    )
    .map(([k, offset]) => new Wide(k).plus('0.5').div(new Wide(10).pow(places)).plus(offset));

describe('a probability within a hair of a half-way point at the model’s places', () => {
  it.each([0, 1, 2, 3, 4, 5, 6, 8, 10, 12])('at %i places, both modes', (places) => {
    let near = 0;
    let runs = 0;
    fc.assert(
      fc.property(targetArb(places, 0, 1), fc.constantFrom(...modes), (target, mode) => {
        // The log-odds whose logistic is the target, written with the engine's 40 digits.
        const x = dec(to40(target.div(new Wide(1).minus(target)).ln()).toFixed());
        const rules = rulesFor(places, mode);
        const expected = roundedText(logistic40(wide(x)), places, mode);
        // Step 8's re-scores round through probabilityOf, step 7 through the 40-digit logistic.
        expect(fixed(probabilityOf(rules, x), places)).toBe(expected);
        expect(fixed(round(logistic(x), places, mode), places)).toBe(expected);
        const exact = logisticExact(wide(x));
        const distance = distanceToHalfway(exact, places);
        if (distance.gt('1e-37')) expect(roundedText(exact, places, mode)).toBe(expected);
        runs += 1;
        if (distance.lt('1e-14')) near += 1;
      }),
      { numRuns: 60 },
    );
    // The generator does aim: most cases lie closer to a half-way point than a double can tell apart.
    expect(near / runs).toBeGreaterThan(0.5);
  });
});

describe('a vote weight within a hair of a half-way point at the model’s weight places', () => {
  it.each([2, 4, 6, 8])('at %i places, both modes', (places) => {
    let near = 0;
    let runs = 0;
    fc.assert(
      fc.property(targetArb(places, 0.2, 9), fc.constantFrom(...modes), (target, mode) => {
        // ln(1 + r) = target: r = e^target − 1 with 40 digits, as a reputation in a claim file has.
        const reputation = dec(to40(target.exp().minus(1)).toFixed());
        const { weight } = voteWeight(rulesFor(places, mode), reputation);
        // The engine's steps: 1 + r at 40 digits, its ln at 40 digits, then round_w (the floor 0.1 is below).
        const ln40Value = to40(to40(wide(reputation).plus(1)).ln());
        expect(fixed(weight, places)).toBe(roundedText(ln40Value, places, mode));
        const exact = to40(wide(reputation).plus(1)).ln();
        const distance = distanceToHalfway(exact, places);
        if (distance.gt('1e-37')) expect(roundedText(exact, places, mode)).toBe(fixed(weight, places));
        runs += 1;
        if (distance.lt('1e-14')) near += 1;
      }),
      { numRuns: 60 },
    );
    expect(near / runs).toBeGreaterThan(0.5);
  });
});

/** A value just off the half-way point of its 40th significant digit, near `around`. */
function tieNear(around: Wide, offsetUnits: string): Wide {
  const unit = new Wide(10).pow(around.e - 39);
  return around.div(unit).floor().plus('0.5').plus(offsetUnits).times(unit);
}

describe('e^t within a hair of a half-way point at the 40th digit', () => {
  it('is the 120-digit value rounded to 40 digits, the fast path refusing what it cannot decide', () => {
    resetFallbacks();
    let near = 0;
    let runs = 0;
    fc.assert(
      fc.property(
        fc.double({ min: 1e-8, max: 1e-2, noNaN: true }),
        fc.boolean(),
        fc.constantFrom('0', '1e-4', '-1e-4', '1e-3', '-1e-3', '0.003', '-0.003', '0.01', '-0.01'),
        (magnitude, negative, offset) => {
          // A small t keeps 40 significant digits of t fine enough (about 1e−42) to place e^t
          // within a thousandth of a unit of its 40th digit.
          const t0 = new Wide(negative ? -magnitude : magnitude);
          const t = dec(to40(tieNear(t0.exp(), offset).ln()).toFixed());
          const exact = wide(t).exp();
          expect(exp40(t).toFixed()).toBe(to40(exact).toFixed());
          runs += 1;
          if (unitsToHalfway40(exact).lt(1 / 256)) near += 1;
        },
      ),
      { numRuns: 300 },
    );
    // Most land where the fast path must refuse (within 1/256 of a unit), and it did refuse them.
    expect(near / runs).toBeGreaterThan(0.5);
    expect(fallbacks.exp).toBeGreaterThanOrEqual(near);
  });

  it('is right for the logistic’s e^(−x) of such a t as well', () => {
    fc.assert(
      fc.property(
        fc.double({ min: 1e-6, max: 1e-2, noNaN: true }),
        fc.constantFrom('0', '1e-3', '-1e-3'),
        (m, offset) => {
          const t = dec(to40(tieNear(new Wide(m).exp(), offset).ln()).toFixed());
          expect(logistic(t.neg()).toFixed()).toBe(logistic40(wide(t.neg())).toFixed());
        },
      ),
      { numRuns: 100 },
    );
  });
});

describe('ln y within a hair of a half-way point at the 40th digit', () => {
  it('for y with 40 digits, stepped in units of its last digit until its ln is within 1/1024 of a tie', () => {
    resetFallbacks();
    let near = 0;
    const targets = fc.sample(fc.integer({ min: 2, max: 10_000_000 }), { numRuns: 40, seed: 20261201 });
    for (const r of targets) {
      // ln(y0 + j × ulp) = ln y0 + j × ulp / y0 to far below a unit of the 40th digit (j ≤ 10^6), so
      // the fraction of a unit it falls at moves by a fixed step; doubles find the j that lands
      // nearest the half-way point, and the 120-digit ln then says how near it really is.
      // 1 + r^1.5 to 40 digits: a reputation-like y (up to about 3e10) that is not a simple fraction,
      // whose step would repeat after a few values.
      const y0 = to40(new Wide(r).sqrt().times(r).plus(1));
      const ulp = new Wide(10).pow(y0.e - 39);
      const l0 = y0.ln();
      const unit = new Wide(10).pow(l0.e - 39);
      const f0 = l0.div(unit).minus(l0.div(unit).floor()).toNumber();
      const step = ulp.div(y0).div(unit).toNumber();
      let j = 0;
      while (Math.abs(((((f0 + j * step) % 1) + 1) % 1) - 0.5) > 1 / 1024 && j < 1_000_000) j += 1;
      const y = y0.plus(ulp.times(j));
      const exact = y.ln();
      expect(ln40(dec(y.toFixed())).toFixed(), `ln ${y.toFixed()}`).toBe(to40(exact).toFixed());
      if (unitsToHalfway40(exact).lt(1 / 256)) near += 1;
    }
    expect(near / targets.length).toBeGreaterThan(0.9);
    // Within 1/256 of a unit but far more than ln40's error from the tie: decided without decimal.js
    // (its fallback is the correctly rounded value there, so the fast path may decide it).
    expect(fallbacks.ln).toBe(0);
  });

  // A case this property once drew: decimal.js's own ln at 40 digits gave …0001 for it, where ln
  // rounds to …0000, so the fallback now works at 80 digits and rounds to 40.
  it('for the 80-digit y within 1e−20 of a unit below the tie near e^0.9796121635953655', () => {
    const y = dec(tieNear(new Wide(0.9796121635953655), '-1e-20').exp().toSignificantDigits(80).toFixed());
    const exact = to40(wide(y).ln()).toFixed();
    expect(exact).toBe('0.9796121635953655');
    resetFallbacks();
    expect(ln40(y).toFixed()).toBe(exact);
    expect(fallbacks.ln).toBe(1);
  });

  // Not nearer than 1e−20 of a unit: the fallback (decimal.js at 80 digits) is not correctly rounded
  // within about 1e−40 of a unit of a tie (e^22.370480819293203000…0005 to 80 digits gives …0001
  // where the exact value rounds to …0000, at 40 digits). A y of at most 40 digits, all that a claim
  // can give (1 + r at 40 digits), does not come that near.
  it('for y with more digits placed within 1e−20 of a unit of the tie', () => {
    fc.assert(
      fc.property(
        fc.double({ min: 2 ** -9, max: 600, noNaN: true }),
        fc.constantFrom('1e-20', '-1e-20', '1e-6', '-1e-6', '0.003', '-0.003'),
        (l0, offset) => {
          const y = dec(tieNear(new Wide(l0), offset).exp().toSignificantDigits(80).toFixed());
          expect(ln40(y).toFixed()).toBe(to40(wide(y).ln()).toFixed());
        },
      ),
      { numRuns: 200 },
    );
  });
});

describe('the generators reach the fallbacks they are aimed at', () => {
  it('sends exact ties at four places to the 40-digit logistic', () => {
    resetFallbacks();
    const rules = rulesOf(strictModel());
    // logistic(x) = 0.12345 ± 1e−38: the double estimate cannot decide, the 40-digit path does.
    for (const offset of ['1e-38', '-1e-38']) {
      const target = new Wide('0.12345').plus(offset);
      const x = dec(to40(target.div(new Wide(1).minus(target)).ln()).toFixed());
      expect(fixed(probabilityOf(rules, x), 4)).toBe(offset.startsWith('-') ? '0.1234' : '0.1235');
    }
    expect(fallbacks.probability).toBe(2);
  });

  it('rounds the exact 40-digit tie 0.5 at no places by the mode', () => {
    expect(fixed(probabilityOf(rulesFor(0, 'half-even'), dec('0')), 0)).toBe('0');
    expect(fixed(probabilityOf(rulesFor(0, 'half-up'), dec('0')), 0)).toBe('1');
  });
});
