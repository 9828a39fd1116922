import fc from 'fast-check';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  Decimal,
  linkWeight,
  rulesOf,
  type Claim,
  type EvidenceLink,
  type Model,
  type Trace,
} from '../../../src/engine/index.ts';
import { loadModels } from '../../../src/lib/input/load.ts';
import { claim as buildClaim, link as buildLink, type LinkSpec } from '../../support/claim.ts';
import { REPO_ROOT } from '../../support/cli.ts';
import { strictModel, withRounding } from '../../support/model.ts';
import { scoreOf } from '../../support/score.ts';

const strongest = [strictModel(), withRounding(strictModel(), { mode: 'half-up', weight: '3', probability: '2' })];
const counting = [strictModel({ independence: 'count-every-link' })];
const allModels = [...strongest, ...counting];

const SOURCES = ['s1', 's2', 's3', 's4'];

/** A link of the given model, with any level it declares. */
function linkSpec(model: Model, direction?: 'supports' | 'opposes'): fc.Arbitrary<Omit<LinkSpec, 'id'>> {
  const levels = (table: Readonly<Record<string, string>>) => fc.constantFrom(...Object.keys(table));
  return fc.record({
    source: fc.constantFrom(...SOURCES),
    direction:
      direction === undefined ? fc.constantFrom('supports' as const, 'opposes' as const) : fc.constant(direction),
    relevance: levels(model.relevance),
    observation: levels(model.observation),
    steps: fc.integer({ min: 0, max: 8 }),
    authenticity: levels(model.authenticity),
    extraction: levels(model.extraction),
  });
}

/** A claim of a type the model scores, with up to `max` links named l0, l1, … */
function claimOf(model: Model, max = 8): fc.Arbitrary<Claim> {
  return fc
    .record({
      type: fc.constantFrom(...Object.keys(model.priors)),
      links: fc.array(linkSpec(model), { maxLength: max }),
    })
    .map(({ type, links }) => buildClaim({ type, links: links.map((spec, i) => ({ ...spec, id: `l${i}` })) }));
}

/** A model from a list together with a claim under it. */
const modelAndClaim = (models: readonly Model[], max?: number) =>
  fc.constantFrom(...models).chain((model) => fc.tuple(fc.constant(model), claimOf(model, max)));

const weightOf = (model: Model, l: EvidenceLink): Decimal => linkWeight(rulesOf(model), l).weight;

/** Ids of links whose group's largest weight is held by more than one link (a tie). */
function tiedGroups(model: Model, claim: Claim): Set<string> {
  const groups = new Map<string, EvidenceLink[]>();
  for (const l of claim.evidence)
    groups.set(`${l.source}/${l.direction}`, [...(groups.get(`${l.source}/${l.direction}`) ?? []), l]);
  const tied = new Set<string>();
  for (const members of groups.values()) {
    const weights = members.map((l) => weightOf(model, l));
    const max = Decimal.max(...weights);
    if (weights.filter((w) => w.equals(max)).length > 1) for (const l of members) tied.add(l.id);
  }
  return tied;
}

const byId = (trace: Trace) => new Map(trace.links.map((l) => [l.id, l]));

describe('properties of the engine', () => {
  it('the order of the links and of the sources does not change the result', () => {
    fc.assert(
      fc.property(
        modelAndClaim(allModels).chain(([model, claim]) =>
          fc.tuple(
            fc.constant(model),
            fc.constant(claim),
            fc.shuffledSubarray([...claim.evidence], {
              minLength: claim.evidence.length,
              maxLength: claim.evidence.length,
            }),
            fc.shuffledSubarray([...claim.sources], {
              minLength: claim.sources.length,
              maxLength: claim.sources.length,
            }),
          ),
        ),
        ([model, claim, evidence, sources]) => {
          const before = scoreOf(model, claim);
          const after = scoreOf(model, { ...claim, evidence, sources });
          expect(after.result).toEqual(before.result);
          const tied = tiedGroups(model, claim);
          const links = byId(after);
          for (const l of before.links) {
            expect(links.get(l.id)?.weight).toBe(l.weight);
            // With a tie, "first in file order" may rightly keep another link of equal weight.
            if (!tied.has(l.id))
              expect({ id: l.id, kept: links.get(l.id)?.kept, keptLink: links.get(l.id)?.keptLink }).toEqual({
                id: l.id,
                kept: l.kept,
                keptLink: l.keptLink,
              });
          }
        },
      ),
      { numRuns: 150 },
    );
  });

  it('a dependent link weaker than its group’s strongest changes nothing in the result', () => {
    fc.assert(
      fc.property(
        modelAndClaim(strongest)
          .filter(([, claim]) => claim.evidence.length > 0)
          .chain(([model, claim]) =>
            fc.tuple(
              fc.constant(model),
              fc.constant(claim),
              fc.nat({ max: claim.evidence.length - 1 }),
              linkSpec(model),
              fc.nat({ max: claim.evidence.length }),
            ),
          ),
        ([model, claim, of, spec, at]) => {
          const group = claim.evidence[of]!;
          const extra = buildLink({ ...spec, id: 'extra', source: group.source, direction: group.direction });
          const members = claim.evidence.filter((l) => l.source === group.source && l.direction === group.direction);
          const strongestWeight = Decimal.max(...members.map((l) => weightOf(model, l)));
          fc.pre(weightOf(model, extra).lessThan(strongestWeight));
          const evidence = [...claim.evidence.slice(0, at), extra, ...claim.evidence.slice(at)];
          const before = scoreOf(model, claim);
          const after = scoreOf(model, { ...claim, evidence });
          expect(after.result).toEqual(before.result);
          const added = byId(after).get('extra')!;
          expect(added.kept).toBe(false);
          expect(byId(after).get(added.keptLink!)?.kept).toBe(true);
        },
      ),
      { numRuns: 150 },
    );
  });

  it.each([
    ['a supporting', 'supports', (after: Decimal, before: Decimal) => after.greaterThanOrEqualTo(before)],
    ['an opposing', 'opposes', (after: Decimal, before: Decimal) => after.lessThanOrEqualTo(before)],
  ] as const)('adding %s link never moves the probability the other way', (_name, direction, holds) => {
    fc.assert(
      fc.property(
        modelAndClaim(allModels).chain(([model, claim]) =>
          fc.tuple(
            fc.constant(model),
            fc.constant(claim),
            linkSpec(model, direction),
            fc.nat({ max: claim.evidence.length }),
          ),
        ),
        ([model, claim, spec, at]) => {
          const before = scoreOf(model, claim);
          fc.pre(before.result.probability !== null);
          const evidence = [
            ...claim.evidence.slice(0, at),
            buildLink({ ...spec, id: 'extra' }),
            ...claim.evidence.slice(at),
          ];
          const after = scoreOf(model, { ...claim, evidence });
          expect(after.result.probability).not.toBeNull();
          expect(holds(new Decimal(after.result.probability!), new Decimal(before.result.probability))).toBe(true);
          expect(
            holds(new Decimal(after.working.probability!.logistic), new Decimal(before.working.probability!.logistic)),
          ).toBe(true);
        },
      ),
      { numRuns: 150 },
    );
  });

  it('every probability is a logistic value above 0 and at most 1, rounded into [0, 1]', () => {
    // Up to 60 links of weight up to 2 reach log-odds far beyond ±90, where 40 significant digits
    // can no longer tell 1 / (1 + e^(−x)) from 1; below that the logistic value is strictly under 1.
    const model = counting[0]!;
    const strong = fc
      .record({
        n: fc.integer({ min: 1, max: 60 }),
        direction: fc.constantFrom('supports' as const, 'opposes' as const),
        type: fc.constantFrom(...Object.keys(model.priors)),
      })
      .map(({ n, direction, type }) =>
        buildClaim({
          type,
          links: Array.from({ length: n }, (_, i) => ({
            id: `l${i}`,
            direction,
            relevance: 'states-outright',
            source: `s${i % 3}`,
          })),
        }),
      );
    fc.assert(
      fc.property(fc.oneof(claimOf(model, 60), strong), (claim) => {
        const trace = scoreOf(model, claim);
        fc.pre(trace.result.probability !== null);
        const x = new Decimal(trace.result.posteriorLogOdds!);
        const exact = new Decimal(trace.working.probability!.logistic);
        const rounded = new Decimal(trace.result.probability);
        expect(exact.greaterThan(0)).toBe(true);
        expect(exact.lessThanOrEqualTo(1)).toBe(true);
        if (x.lessThanOrEqualTo(90)) expect(exact.lessThan(1)).toBe(true);
        expect(rounded.greaterThanOrEqualTo(0) && rounded.lessThanOrEqualTo(1)).toBe(true);
        for (const rescore of trace.working.stability!.rescores) {
          const p = new Decimal(rescore.probability);
          expect(p.greaterThanOrEqualTo(0) && p.lessThanOrEqualTo(1)).toBe(true);
        }
      }),
      { numRuns: 100 },
    );
  });

  it('a claim whose links are all context-only is insufficient evidence under every model in models/', () => {
    const { models } = loadModels(join(REPO_ROOT, 'models'));
    expect(models.length).toBeGreaterThan(0);
    for (const { id, model } of models) {
      expect(Object.keys(model.relevance), `${id} has no context-only relevance`).toContain('context-only');
      fc.assert(
        fc.property(
          fc.constantFrom(...Object.keys(model.priors)),
          fc.array(linkSpec(model), { minLength: 1, maxLength: 6 }),
          (type, specs) => {
            const claim = buildClaim({
              type,
              links: specs.map((spec, i) => ({ ...spec, id: `l${i}`, relevance: 'context-only' })),
            });
            const trace = scoreOf(model, claim);
            expect(trace.result.state, id).toBe('insufficient-evidence');
            expect(trace.result.probability).toBeNull();
            expect(trace.result.posteriorLogOdds).toBeNull();
            expect(trace.result.stability).toBeNull();
          },
        ),
        { numRuns: 30 },
      );
    }
  });
});
