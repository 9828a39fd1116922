import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { weighDecimals } from '../../../src/engine/gradient.ts';
import { dec, fixed, gradient, round, rulesOf, type Vote } from '../../../src/engine/index.ts';
import { claim } from '../../support/claim.ts';
import { strictModel, withRounding } from '../../support/model.ts';
import { scoreOf } from '../../support/score.ts';
import { roundedText, to40, Wide } from '../../support/wide.ts';

const strict = rulesOf(strictModel());
const votes = (...pairs: [reputation: string, value: string][]): Vote[] =>
  pairs.map(([reputation, value], i) => ({ voter: `voter-${i + 1}`, reputation, value }));

describe("step 10: the community gradient (seed 003's worked example)", () => {
  const seed = gradient(strict, votes(['800', '0.9'], ['200', '0.8'], ['50', '0.3']));

  it('weighs reputations 800, 200 and 50 as 6.685861, 5.303305 and 3.931826', () => {
    expect(seed.votes.map((v) => v.weight)).toEqual(['6.685861', '5.303305', '3.931826']);
  });

  it('shows those weights as 6.69, 5.30 and 3.93 at two places, as the seed does', () => {
    expect(seed.votes.map((v) => fixed(round(dec(v.weight), 2, 'half-even'), 2))).toEqual(['6.69', '5.30', '3.93']);
  });

  it('gives G = 0.7185 at four places', () => {
    expect(seed.value).toBe('0.7185');
    expect(seed.status).toBe('contested');
  });

  it('gives 0.719 at three places, as the seed shows it, by rounding G once (0.718514… → 0.719)', () => {
    const threePlaces = rulesOf(withRounding(strictModel(), { probability: '3' }));
    expect(gradient(threePlaces, votes(['800', '0.9'], ['200', '0.8'], ['50', '0.3'])).value).toBe('0.719');
    // Rounding the four-place value again would give 0.718 (half-even), which is why pages must not.
    expect(fixed(round(dec(seed.value), 3, 'half-even'), 3)).toBe('0.718');
  });

  it('keeps the sums and each weighted vote in the working', () => {
    expect(seed.totalWeight).toBe('15.920992');
    expect(seed.totalWeighted).toBe('11.4394667');
    expect(seed.votes.map((v) => v.weighted)).toEqual(['6.0172749', '4.242644', '1.1795478']);
    expect(seed.votes[0]?.lnOnePlusReputation).toBe('6.6858609470683592211083060145149006287');
  });
});

describe("a vote's weight is round_w(max(floor, ln(1 + max(0, reputation))))", () => {
  it.each([
    ['0', '0.100000'],
    ['-50', '0.100000'],
    ['0.05', '0.100000'],
    ['10', '2.397895'],
    ['100', '4.615121'],
    ['500', '6.216606'],
    ['1000', '6.908755'],
    ['10000', '9.210440'],
  ])('reputation %s weighs %s', (reputation, weight) => {
    expect(gradient(strict, votes([reputation, '1'])).votes[0]?.weight).toBe(weight);
  });

  it('takes the floor from the model', () => {
    const model = strictModel({ gradient: { floor: '0.5', neutral: '0.5', trueFrom: '0.8', falseTo: '0.2' } });
    expect(gradient(rulesOf(model), votes(['0', '1'])).votes[0]?.weight).toBe('0.500000');
  });
});

describe('edge cases of the gradient', () => {
  it('gives the neutral value with status no-votes when nobody voted', () => {
    const result = gradient(strict, []);
    expect({ value: result.value, status: result.status }).toEqual({ value: '0.5000', status: 'no-votes' });
  });

  it('writes the neutral value with the probability places', () => {
    expect(gradient(rulesOf(withRounding(strictModel(), { probability: '2' })), []).value).toBe('0.50');
  });

  it.each([
    ['800', '0.37', '0.3700'],
    ['0', '0.9', '0.9000'],
    ['-5', '0', '0.0000'],
  ])('a single vote (reputation %s, value %s) gives its own value %s', (reputation, value, g) => {
    expect(gradient(strict, votes([reputation, value])).value).toBe(g);
  });

  it.each([
    ['half-even', '0.1234'],
    ['half-up', '0.1235'],
  ] as const)('a single vote of 0.12345 rounds %s to %s', (mode, g) => {
    expect(gradient(rulesOf(withRounding(strictModel(), { mode })), votes(['7', '0.12345'])).value).toBe(g);
  });

  it('lets a zero-reputation vote count at the floor weight', () => {
    const result = gradient(strict, votes(['0', '0'], ['0', '1']));
    expect(result.votes.map((v) => v.weight)).toEqual(['0.100000', '0.100000']);
    expect(result.value).toBe('0.5000');
  });
});

describe('consensus thresholds are inclusive', () => {
  it.each([
    ['0.8', 'consensus-true'],
    ['1', 'consensus-true'],
    ['0.7999', 'contested'],
    // 0.79995 rounds (half-even) to 0.8000: the status is read from the rounded gradient.
    ['0.79995', 'consensus-true'],
    ['0.5', 'contested'],
    ['0.2001', 'contested'],
    ['0.2', 'consensus-false'],
    ['0', 'consensus-false'],
  ])('a gradient of %s is %s', (value, status) => {
    expect(gradient(strict, votes(['100', value])).status).toBe(status);
  });

  it('puts the gradient beside the evidence score, never into it', () => {
    const withoutVotes = scoreOf(strictModel(), claim({ links: [{ id: 'a' }] }));
    const withVotes = scoreOf(
      strictModel(),
      claim({ links: [{ id: 'a' }], votes: [{ reputation: '800', value: '0' }] }),
    );
    expect(withVotes.result.probability).toBe(withoutVotes.result.probability);
    expect(withVotes.result.gradient).toEqual({ value: '0.0000', status: 'consensus-false' });
    expect(withoutVotes.result.gradient).toEqual({ value: '0.5000', status: 'no-votes' });
  });
});

describe('step 10 shared between models that differ only in the rounding mode', () => {
  const halfEven = (patch: Parameters<typeof strictModel>[0] = {}) => rulesOf(strictModel(patch));
  const halfUp = (patch: Parameters<typeof strictModel>[0] = {}) =>
    rulesOf(withRounding(strictModel(patch), { mode: 'half-up' }));

  it('gives both models one working when no rounding in it is a tie', () => {
    const shared = votes(['800', '0.9'], ['200', '0.8'], ['50', '0.3']);
    expect(gradient(halfUp(), shared)).toBe(gradient(halfEven(), shared));
  });

  it('works a vote weight that is a tie out for each mode: max(0.25, ln 1) to one place is 0.2 or 0.3', () => {
    const patch = {
      gradient: { floor: '0.25', neutral: '0.5', trueFrom: '0.8', falseTo: '0.2' },
      rounding: { mode: 'half-even' as const, weight: '1', probability: '4', coverage: '2' },
    };
    const shared = votes(['0', '1']);
    expect(gradient(halfEven(patch), shared).votes[0]?.weight).toBe('0.2');
    expect(gradient(halfUp(patch), shared).votes[0]?.weight).toBe('0.3');
  });

  it('works a gradient value that is a tie out for each mode: 0.25 to one place is 0.2 or 0.3', () => {
    const patch = { rounding: { mode: 'half-even' as const, weight: '6', probability: '1', coverage: '2' } };
    const shared = votes(['800', '0.25']);
    expect(gradient(halfEven(patch), shared).value).toBe('0.2');
    expect(gradient(halfUp(patch), shared).value).toBe('0.3');
  });
});

describe('step 10 in whole numbers agrees with decimal.js figure by figure', () => {
  const decimalText = (maxPlaces: number) =>
    fc
      .tuple(fc.bigInt({ min: 0n, max: 10n ** 45n }), fc.integer({ min: 0, max: maxPlaces }))
      .map(([n, places]) => new Wide(n.toString()).div(new Wide(10).pow(places)).toFixed());
  const reputation = fc.oneof(
    fc.integer({ min: -50, max: 5000 }).map(String),
    fc.integer({ min: 0, max: 99 }).map((n) => String(n / 10)),
    decimalText(40),
  );
  const value = fc.oneof(
    fc.integer({ min: 0, max: 20 }).map((n) => String(n / 20)),
    fc.integer({ min: 0, max: 8 }).map((n) => String(n / 8)),
    // Up to 45 places: products past 40 significant digits, which decimal.js rounds (and the
    // whole-number path leaves to it).
    fc.bigInt({ min: 0n, max: 10n ** 45n }).map((n) => new Wide(n.toString()).div(new Wide(10).pow(45)).toFixed()),
  );

  it('for random reputations, values, places, floors and modes', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(reputation, value), { minLength: 1, maxLength: 8 }),
        fc.integer({ min: 0, max: 8 }),
        fc.integer({ min: 0, max: 8 }),
        fc.constantFrom('0', '0.1', '0.25', '1.5'),
        fc.constantFrom('half-even' as const, 'half-up' as const),
        (pairs, w, p, floor, mode) => {
          const model = strictModel({ gradient: { floor, neutral: '0.5', trueFrom: '0.8', falseTo: '0.2' } });
          const rules = rulesOf(withRounding(model, { mode, weight: String(w), probability: String(p) }));
          const made = votes(...pairs);
          expect(gradient(rules, made)).toEqual(weighDecimals(rules, made)[0]);
        },
      ),
      { numRuns: 400 },
    );
  });

  it('on quotients that are ties at the model’s places, in both modes, and on the consensus bounds', () => {
    // 0.25 and 0.75 at one place; 0.8 and 0.2 exactly at the bounds; an even split of 0 and 1.
    for (const pairs of [
      [['800', '0.25']],
      [['10', '0.75']],
      [['5', '0.8']],
      [['5', '0.2']],
      [
        ['7', '0'],
        ['7', '1'],
      ],
      [
        ['3', '0.15'],
        ['3', '0.35'],
      ],
    ] as [string, string][][]) {
      for (const mode of ['half-even', 'half-up'] as const) {
        for (const p of [0, 1, 2, 4]) {
          const rules = rulesOf(withRounding(strictModel(), { mode, probability: String(p) }));
          const made = votes(...pairs);
          expect(gradient(rules, made), `${JSON.stringify(pairs)} ${mode} ${p}`).toEqual(weighDecimals(rules, made)[0]);
        }
      }
    }
  });

  it('on a quotient that is a tie at its 40th significant digit, rounded half to even as decimal.js divides', () => {
    // Two votes at the floor weight: (v + 0) / 2 for a v of 40 digits ending in an odd digit has 41
    // digits ending in 5, a tie at the 40th; at 42 places the rounding shows in the value.
    const rules = rulesOf(withRounding(strictModel(), { probability: '42' }));
    const ties = fc.sample(fc.bigInt({ min: 10n ** 38n, max: 10n ** 39n - 1n }), { numRuns: 40, seed: 3 });
    for (const digits of ties) {
      const v = `0.${digits * 10n + 1n}`;
      const made = votes(['0', v], ['0', '0']);
      expect(gradient(rules, made), v).toEqual(weighDecimals(rules, made)[0]);
    }
  });

  it('weighs a reputation from its digits as the definition does: ln(1 + r) to 40 digits, the floor, the rounding', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.bigInt({ min: 1n, max: 10n ** 12n }).map(String),
          fc
            .tuple(fc.bigInt({ min: 1n, max: 10n ** 30n }), fc.integer({ min: 1, max: 30 }))
            .map(([n, k]) => new Wide(n.toString()).div(new Wide(10).pow(k)).toFixed()),
        ),
        fc.constantFrom('0', '0.1', '0.25', '2.3978952728', '7.5'),
        fc.integer({ min: 0, max: 8 }),
        fc.constantFrom('half-even' as const, 'half-up' as const),
        (reputation, floor, w, mode) => {
          const model = strictModel({ gradient: { floor, neutral: '0.5', trueFrom: '0.8', falseTo: '0.2' } });
          const rules = rulesOf(withRounding(model, { mode, weight: String(w) }));
          const ln = to40(new Wide(reputation).plus(1).ln());
          const weight = roundedText(Wide.max(new Wide(floor), ln), w, mode);
          const row = gradient(rules, votes([reputation, '1'])).votes[0]!;
          expect(row.lnOnePlusReputation).toBe(ln.toFixed());
          expect(row.weight).toBe(weight);
        },
      ),
      { numRuns: 400 },
    );
  });

  it('works a floor that is a tie for a reputation read from its digits out for each mode: 0.25 to one place', () => {
    const patch = {
      gradient: { floor: '0.25', neutral: '0.5', trueFrom: '0.8', falseTo: '0.2' },
      rounding: { mode: 'half-even' as const, weight: '1', probability: '4', coverage: '2' },
    };
    const shared = votes(['0.05', '1']);
    expect(gradient(rulesOf(strictModel(patch)), shared).votes[0]?.weight).toBe('0.2');
    expect(gradient(rulesOf(withRounding(strictModel(patch), { mode: 'half-up' })), shared).votes[0]?.weight).toBe(
      '0.3',
    );
  });
});
