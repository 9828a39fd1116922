import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { dec, fixed, interpretationFactor, linkWeight, plain, round, rulesOf } from '../../../src/engine/index.ts';
import { claim, link, type LinkSpec } from '../../support/claim.ts';
import { strictModel, withLevels, withRounding } from '../../support/model.ts';
import { scoreOf } from '../../support/score.ts';
import { linkRoot, weighAll } from '../../../src/engine/linkWeight.ts';

const strict = rulesOf(strictModel());

describe('step 2: a link weight is the product of its five factors, rounded to the weight places', () => {
  it.each<[string, LinkSpec, string]>([
    ['bears directly, a measurement, no steps', { id: 'a' }, '1.000000'],
    [
      'states outright, an official record, verified',
      { id: 'a', relevance: 'states-outright', observation: 'official-record', authenticity: 'verified' },
      '1.800000',
    ],
    [
      'touches the subject, a document, one step',
      { id: 'a', relevance: 'touches-subject', observation: 'document', steps: 1 },
      '0.204000',
    ],
    ['a second-hand report three steps away', { id: 'a', observation: 'second-hand-report', steps: 3 }, '0.192500'],
    ['a rumour that states it outright', { id: 'a', relevance: 'states-outright', observation: 'rumour' }, '0.200000'],
    ['seed 000: two steps of interpretation on a measurement that bears directly', { id: 'a', steps: 2 }, '0.700000'],
    [
      'a context-only passage, however good the source',
      { id: 'a', relevance: 'context-only', observation: 'measurement', authenticity: 'verified' },
      '0.000000',
    ],
    [
      "a model's output, however relevant",
      { id: 'a', relevance: 'states-outright', observation: 'model-output' },
      '0.000000',
    ],
    [
      'doubted authenticity halves the weight',
      { id: 'a', relevance: 'states-outright', authenticity: 'doubted' },
      '1.000000',
    ],
    [
      'doubted extraction halves the weight',
      { id: 'a', relevance: 'states-outright', extraction: 'doubted' },
      '1.000000',
    ],
    [
      'doubted twice quarters the weight',
      { id: 'a', relevance: 'states-outright', authenticity: 'doubted', extraction: 'doubted' },
      '0.500000',
    ],
    [
      'refuted authenticity zeroes the weight',
      { id: 'a', relevance: 'states-outright', authenticity: 'refuted' },
      '0.000000',
    ],
    [
      'refuted extraction zeroes the weight',
      { id: 'a', relevance: 'states-outright', extraction: 'refuted' },
      '0.000000',
    ],
    [
      'verified is not rewarded over unverified',
      { id: 'a', authenticity: 'verified', extraction: 'verified' },
      '1.000000',
    ],
    ['seven steps take the factor to the floor of 0', { id: 'a', relevance: 'states-outright', steps: 7 }, '0.000000'],
  ])('%s gives %s', (_name, spec, weight) => {
    const result = linkWeight(strict, link(spec));
    expect(result.working.weight).toBe(weight);
  });

  it("shows seed 000's interpretation factor for two steps as 0.7 exactly (1 − 0.15 × 2)", () => {
    const { working } = linkWeight(strict, link({ id: 'a', steps: 2 }));
    expect(working.interpretation).toEqual({ steps: '2', raw: '0.7', factor: '0.7' });
    expect(working.product).toBe('0.7');
  });

  it('writes every factor of the working exactly, with the level it was given', () => {
    const { working } = linkWeight(
      strict,
      link({
        id: 'a',
        relevance: 'touches-subject',
        observation: 'second-hand-report',
        steps: 1,
        authenticity: 'doubted',
        extraction: 'verified',
      }),
    );
    expect(working).toEqual({
      relevance: { level: 'touches-subject', factor: '0.3' },
      observation: { level: 'second-hand-report', factor: '0.35' },
      interpretation: { steps: '1', raw: '0.85', factor: '0.85' },
      authenticity: { level: 'doubted', factor: '0.5' },
      extraction: { level: 'verified', factor: '1' },
      product: '0.044625',
      weight: '0.044625',
    });
  });
});

describe('the interpretation factor is max(floor, 1 − stepCost × steps)', () => {
  const gentle = rulesOf(strictModel({ interpretation: { stepCost: '0.1', floor: '0.2' } }));
  it.each<[string, typeof strict, string, string, string]>([
    ['no steps leave the factor at 1', strict, '0', '1', '1'],
    ['one step costs 0.15', strict, '1', '0.85', '0.85'],
    ['six steps leave 0.1', strict, '6', '0.1', '0.1'],
    ['seven steps would go below nought and stop at the floor 0', strict, '7', '-0.05', '0'],
    ['twenty steps stay at the floor 0', strict, '20', '-2', '0'],
    ['a floor of 0.2 is reached exactly at eight steps of 0.1', gentle, '8', '0.2', '0.2'],
    ['a floor of 0.2 holds below it', gentle, '10', '0', '0.2'],
    ['a floor of 0.2 does not lift a factor above it', gentle, '3', '0.7', '0.7'],
  ])('%s', (_name, rules, steps, raw, factor) => {
    const result = interpretationFactor(rules, dec(steps));
    expect(result.raw.toFixed()).toBe(raw);
    expect(result.factor.toFixed()).toBe(factor);
  });
});

describe('a link weight is rounded with the model’s rounding mode', () => {
  // 0.1234565 is exactly halfway between 0.123456 and 0.123457 at six places.
  const base = withLevels(strictModel(), 'relevance', {
    tie: '0.1234565',
    'odd-tie': '0.1234575',
    'past-tie': '0.12345651',
  });
  it.each<[string, 'half-even' | 'half-up', string]>([
    ['tie', 'half-even', '0.123456'],
    ['tie', 'half-up', '0.123457'],
    ['odd-tie', 'half-even', '0.123458'],
    ['odd-tie', 'half-up', '0.123458'],
    ['past-tie', 'half-even', '0.123457'],
    ['past-tie', 'half-up', '0.123457'],
  ])('relevance %s under %s gives %s', (relevance, mode, weight) => {
    const rules = rulesOf(withRounding(base, { mode }));
    const { working } = linkWeight(rules, link({ id: 'a', relevance }));
    expect(working.product).toBe(dec(base.relevance[relevance]!).toFixed());
    expect(working.weight).toBe(weight);
  });

  it.each([
    ['3', '0.204'],
    ['1', '0.2'],
    ['0', '0'],
    ['8', '0.20400000'],
  ])('at %s weight places, 0.3 × 0.8 × 0.85 is written as %s', (places, weight) => {
    const rules = rulesOf(withRounding(strictModel(), { weight: places }));
    const { working } = linkWeight(
      rules,
      link({ id: 'a', relevance: 'touches-subject', observation: 'document', steps: 1 }),
    );
    expect(working.weight).toBe(weight);
  });
});

describe('step 2 and the kept sums in whole numbers agree with decimal.js figure by figure', () => {
  /** A decimal string with up to `digits` significant digits and up to `places` places. */
  const factorText = (digits: number, places: number) =>
    fc
      .tuple(fc.bigInt({ min: 0n, max: 10n ** BigInt(digits) - 1n }), fc.integer({ min: 0, max: places }))
      .map(([n, k]) => dec(n.toString()).div(dec(10).pow(k)).toFixed());
  // Up to 14 digits a factor: five of them make products past 40 significant digits, which
  // decimal.js rounds (and the whole-number path leaves to it).
  const factor = fc.oneof(factorText(3, 2), factorText(14, 14));

  it('for random factors, step costs, floors, places and modes, ties at the weight places included', () => {
    fc.assert(
      fc.property(
        fc.tuple(factor, factor, factor, factor),
        fc.tuple(factorText(3, 3), factorText(2, 2)),
        fc.integer({ min: 0, max: 4 }),
        fc.integer({ min: 0, max: 8 }),
        fc.constantFrom('half-even' as const, 'half-up' as const),
        ([relevance, observation, authenticity, extraction], [stepCost, floor], steps, w, mode) => {
          const model = withRounding(
            strictModel({
              relevance: { r: relevance },
              observation: { o: observation },
              authenticity: { a: authenticity },
              extraction: { e: extraction },
              interpretation: { stepCost, floor },
            }),
            { mode, weight: String(w) },
          );
          const rules = rulesOf(model);
          const { weight, units, working } = linkWeight(
            rules,
            link({ id: 'x', relevance: 'r', observation: 'o', steps, authenticity: 'a', extraction: 'e' }),
          );
          // The definition, in decimal.js at 40 digits, multiplied in the formula's order.
          const { factor: interpretation } = interpretationFactor(rules, dec(steps));
          const product = dec(relevance)
            .times(dec(observation))
            .times(interpretation)
            .times(authenticity)
            .times(extraction);
          const want = round(product, w, mode);
          expect(working.product).toBe(plain(product));
          expect(working.weight).toBe(fixed(want, w));
          expect(weight.eq(want)).toBe(true);
          expect(units).toBe(BigInt(fixed(want, w).replace('.', '')));
        },
      ),
      { numRuns: 500 },
    );
  });

  it('rounds a product that is a tie at the weight places by the mode (0.25 to one place)', () => {
    for (const [mode, want] of [
      ['half-even', '0.2'],
      ['half-up', '0.3'],
    ] as const) {
      const rules = rulesOf(
        withRounding(withLevels(strictModel(), 'observation', { quarter: '0.25' }), { mode, weight: '1' }),
      );
      expect(linkWeight(rules, link({ id: 'q', observation: 'quarter' })).working.weight).toBe(want);
    }
  });

  it('adds kept weights past 40 significant digits as decimal.js does, rounding on the way', () => {
    // Weights of 37 digits before the point and 6 after: 43 digits, so the sums round.
    const big = '1234567890123456789012345678901234567';
    const model = withLevels(strictModel(), 'relevance', { big, odd: '0.0000017' });
    const links: LinkSpec[] = [
      { id: 'a', source: 's1', relevance: 'big' },
      { id: 'b', source: 's2', relevance: 'odd' },
      { id: 'c', source: 's3', relevance: 'big', direction: 'opposes' },
      { id: 'd', source: 's4', relevance: 'odd', steps: 1 },
    ];
    const trace = scoreOf(model, claim({ links }));
    const rules = rulesOf(model);
    const weights = links.map((spec) => linkWeight(rules, link(spec)).weight);
    const supporting = dec(0).plus(weights[0]!).plus(weights[1]!).plus(weights[3]!);
    const opposing = dec(0).plus(weights[2]!);
    expect(trace.working.sum).toMatchObject({
      supporting: fixed(supporting, 6),
      opposing: fixed(opposing, 6),
      kept: fixed(supporting.minus(opposing), 6),
    });
    // The exact sum would keep the small weights' digits; decimal.js's does not.
    expect(fixed(supporting, 6)).not.toBe('1234567890123456789012345678901234567.000003');
  });
});

describe('a claim’s links are found by their five levels at once (weighAll)', () => {
  it('weighs each link as linkWeight does, the same combination to the same object', () => {
    const rules = rulesOf(strictModel());
    const specs: LinkSpec[] = [
      { id: 'a', steps: 1 },
      { id: 'b', observation: 'document' },
      { id: 'c', steps: 1 },
      { id: 'd', relevance: 'touches-subject', authenticity: 'doubted' },
    ];
    const evidence = specs.map(link);
    const all = weighAll(rules, linkRoot(rules), evidence);
    evidence.forEach((one, i) => expect(all[i]).toBe(linkWeight(rules, one)));
    expect(all[2]).toBe(all[0]);
  });

  it('keeps apart levels that hold the separator, which one key string would run together', () => {
    // 'x\u0000bears-directly' + 'measurement' and 'x' + 'bears-directly\u0000measurement' would
    // make the same key; such links are weighed along their path alone.
    const model = withLevels(
      withLevels(strictModel(), 'relevance', { 'x\u0000bears-directly': '0.5', x: '0.25' }),
      'observation',
      { 'bears-directly\u0000measurement': '0.125' },
    );
    const rules = rulesOf(model);
    const first = link({ id: 'a', relevance: 'x\u0000bears-directly', observation: 'measurement' });
    const second = link({ id: 'b', relevance: 'x', observation: 'bears-directly\u0000measurement' });
    const [a, b] = weighAll(rules, linkRoot(rules), [first, second]);
    expect(a!.working.weight).toBe('0.500000');
    expect(b!.working.weight).toBe('0.031250');
    const [again] = weighAll(rules, linkRoot(rules), [second]);
    expect(again!.working.weight).toBe('0.031250');
  });
});

describe('kept links and sums from weights as doubles (below 2^43 units) and as bigints (past it)', () => {
  it('keeps the strongest link of each group and adds the kept weights as decimal.js does, either side of 2^43', () => {
    // Factors of 2^43 ± a few units at 12 places (about 8.8): weights either side of the doubles' limit.
    const near = (k: number) =>
      dec(2 ** 43 + k)
        .div(10 ** 12)
        .toFixed();
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            factor: fc.oneof(
              fc.integer({ min: -3, max: 3 }).map(near),
              fc.integer({ min: 0, max: 2000 }).map((n) => String(n / 1000)),
            ),
            source: fc.constantFrom('s1', 's2', 's3'),
            direction: fc.constantFrom('supports' as const, 'opposes' as const),
          }),
          { minLength: 1, maxLength: 8 },
        ),
        fc.constantFrom('strongest-per-group-and-direction' as const, 'count-every-link' as const),
        (specs, independence) => {
          const levels = Object.fromEntries(specs.map((s, i) => [`r${i}`, s.factor]));
          const model = withRounding(
            strictModel({ relevance: { ...strictModel().relevance, ...levels }, independence }),
            { weight: '12' },
          );
          const links: LinkSpec[] = specs.map((s, i) => ({
            id: `l${i}`,
            source: s.source,
            direction: s.direction,
            relevance: `r${i}`,
          }));
          const trace = scoreOf(model, claim({ links }));
          // The definition: each weight as decimal.js rounds it, the first strongest of each group.
          const weights = specs.map((s) => round(dec(s.factor), 12, 'half-even'));
          const kept = specs.map((s, i) =>
            independence === 'count-every-link'
              ? true
              : specs.every(
                  (t, j) =>
                    t.source !== s.source ||
                    t.direction !== s.direction ||
                    (j < i ? weights[j]!.lt(weights[i]!) : j === i || weights[j]!.lte(weights[i]!)),
                ),
          );
          expect(trace.working.links.map((one) => one.kept)).toEqual(kept);
          let supporting = dec(0);
          let opposing = dec(0);
          specs.forEach((s, i) => {
            if (!kept[i]) return;
            if (s.direction === 'supports') supporting = supporting.plus(weights[i]!);
            else opposing = opposing.plus(weights[i]!);
          });
          if (trace.working.sum !== null)
            expect(trace.working.sum).toMatchObject({
              supporting: fixed(supporting, 12),
              opposing: fixed(opposing, 12),
              kept: fixed(supporting.minus(opposing), 12),
            });
        },
      ),
      { numRuns: 300 },
    );
  });
});
