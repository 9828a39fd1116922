/**
 * The repository's example claims exercise every edge docs/design.md §3 promises (refusals,
 * independence, link weights, review coverage, the community gradient) and the models disagree,
 * scored by the real engine.
 */
import { describe, expect, it } from 'vitest';
import { dec, INSUFFICIENT_EVIDENCE, NOT_APPLICABLE } from '../../src/engine/index.ts';
import {
  all,
  allLinks,
  claimNamed,
  claims,
  defaultTraces,
  everyTrace,
  ledger,
  models,
  spreadOf,
  traces,
} from '../support/content.ts';

describe('refusals to score', () => {
  it('refuses a type the model names in notScored with the reason it gives', () => {
    const refused = defaultTraces().filter(
      (t) => t.result.state === NOT_APPLICABLE && t.working.notScoredReason !== null,
    );
    const model = models.find((m) => m.id === ledger.defaultModel)!.model;
    expect(refused.some((t) => t.result.reason === model.notScored[t.input.type])).toBe(true);
  });

  it('refuses a type the model does not list with "this model does not score claims of type X"', () => {
    for (const { id } of models) {
      expect(all(id).some((t) => t.result.reason === `this model does not score claims of type ${t.input.type}`)).toBe(
        true,
      );
    }
  });

  it('gives no probability, log-odds or stability to a refusal', () => {
    for (const t of everyTrace().filter(
      (t) => t.result.state === NOT_APPLICABLE || t.result.state === INSUFFICIENT_EVIDENCE,
    )) {
      expect([t.result.probability, t.result.posteriorLogOdds, t.result.stability]).toEqual([null, null, null]);
      expect(t.result.reason).not.toBeNull();
    }
  });

  it('finds insufficient evidence under every model for a claim whose links are all context-only', () => {
    const contextOnly = claims.filter(
      (c) =>
        c.claim.evidence.length > 0 &&
        c.claim.evidence.every((l) => l.relevance === 'context-only') &&
        models.some(({ model }) => c.claim.type in model.priors),
    );
    expect(contextOnly.length).toBeGreaterThanOrEqual(1);
    for (const { slug } of contextOnly) {
      for (const { id, model } of models) {
        if (claimNamed(slug).claim.type in model.priors)
          expect(traces.get(id)!.get(slug)!.result.state).toBe(INSUFFICIENT_EVIDENCE);
      }
    }
  });
});

describe('independence', () => {
  it('keeps the first in file order when two links of one source and direction tie in weight', () => {
    const tie = everyTrace().some((t) => {
      if (t.working.independence !== 'strongest-per-group-and-direction') return false;
      return t.working.groups.some((group) => {
        const links = group.links.map((id) => t.links.find((l) => l.id === id)!);
        const [first, ...others] = links;
        const tied = others.filter((l) => l.weight === first!.weight);
        return (
          tied.length > 0 &&
          group.kept[0] === first!.id &&
          first!.kept &&
          tied.every((l) => !l.kept && l.keptLink === first!.id)
        );
      });
    });
    expect(tie).toBe(true);
  });

  it('counts each of those tied links under the count-every-link model', () => {
    const counted = models.find((m) => m.model.independence === 'count-every-link')!;
    const grouped = all(counted.id).filter((t) => t.working.groups.some((g) => g.links.length > 1));
    expect(grouped.length).toBeGreaterThanOrEqual(1);
    for (const t of grouped) expect(t.links.every((l) => l.kept)).toBe(true);
  });

  it('has a source that bears on one claim in both directions, each direction its own group', () => {
    const both = defaultTraces().filter((t) =>
      t.working.groups.some(
        (g) =>
          g.direction === 'supports' &&
          t.working.groups.some((h) => h.source === g.source && h.direction === 'opposes'),
      ),
    );
    expect(both.length).toBeGreaterThanOrEqual(1);
    for (const t of both) {
      const source = t.working.groups.find(
        (g) =>
          g.direction === 'opposes' &&
          t.working.groups.some((h) => h.source === g.source && h.direction === 'supports'),
      )!.source;
      expect(
        t.working.links
          .filter((l) => l.source === source && l.kept)
          .map((l) => l.direction)
          .sort(),
      ).toEqual(['opposes', 'supports']);
    }
  });
});

describe('link weights', () => {
  it('weighs a model-output link at nothing under every model', () => {
    const outputs = allLinks().filter(({ link }) => link.observation === 'model-output');
    expect(outputs.length).toBeGreaterThanOrEqual(1);
    for (const { slug, link } of outputs) {
      for (const { id } of models)
        expect(
          traces
            .get(id)!
            .get(slug)!
            .links.find((l) => l.id === link.id)!.weight,
        ).toBe('0.000000');
    }
  });

  it.each([
    ['authenticity', 'doubted'],
    ['authenticity', 'refuted'],
    ['extraction', 'doubted'],
    ['extraction', 'refuted'],
  ] as const)('has a link whose %s is %s', (field, level) => {
    expect(allLinks().some(({ link }) => link[field] === level)).toBe(true);
  });

  it.each(['0', '1', '2'])('has a link with %s interpretation steps', (steps) => {
    expect(allLinks().some(({ link }) => link.interpretationSteps === steps)).toBe(true);
  });

  it('has a link with enough interpretation steps to hit the floor under every model', () => {
    const atFloor = allLinks().filter(({ slug, link }) =>
      models.every(({ id, model }) => {
        const working = traces
          .get(id)!
          .get(slug)!
          .working.links.find((l) => l.id === link.id)!.interpretation;
        return (
          dec(working.raw).lessThan(dec(model.interpretation.floor)) &&
          dec(working.factor).equals(dec(model.interpretation.floor))
        );
      }),
    );
    expect(atFloor.length).toBeGreaterThanOrEqual(1);
  });
});

describe('review coverage', () => {
  it("shows a check done by the claim's own author and does not count it", () => {
    const own = defaultTraces().filter((t) =>
      t.working.coverage.reviews.some((r) => r.by === t.input.author && r.status === 'by-author'),
    );
    expect(own.length).toBeGreaterThanOrEqual(1);
    for (const t of own) {
      for (const review of t.working.coverage.reviews.filter((r) => r.status === 'by-author')) {
        const doneByOthers = t.working.coverage.reviews.some((r) => r.check === review.check && r.status === 'counted');
        expect(t.working.coverage.checks.find((c) => c.check === review.check)!.done).toBe(doneByOthers);
      }
    }
  });

  it('shows a review of a check the model does not declare, and does not count it', () => {
    const undeclared = defaultTraces().flatMap((t) =>
      t.working.coverage.reviews.filter((r) => r.status === 'not-declared'),
    );
    expect(undeclared.length).toBeGreaterThanOrEqual(1);
    const checks = models.find((m) => m.id === ledger.defaultModel)!.model.review.checks;
    for (const review of undeclared) expect(checks).not.toContain(review.check);
  });
});

describe('the community gradient', () => {
  it('gives a claim with no votes the neutral value and the status no-votes', () => {
    const none = defaultTraces().filter((t) => t.input.votes.length === 0);
    expect(none.length).toBeGreaterThanOrEqual(1);
    for (const t of none) expect(t.result.gradient).toEqual({ value: '0.5000', status: 'no-votes' });
  });

  it.each([
    ['zero', (r: string) => dec(r).isZero()],
    ['negative', (r: string) => dec(r).isNegative()],
  ] as const)('gives a vote with %s reputation the floor weight', (_, matches) => {
    const votes = defaultTraces().flatMap((t) => t.working.gradient.votes.filter((v) => matches(v.reputation)));
    expect(votes.length).toBeGreaterThanOrEqual(1);
    for (const vote of votes) expect(vote.weight).toBe('0.100000');
  });

  it("reproduces seed 003's worked example: alice, bob and carol give 0.7185", () => {
    const seed = claims.find(
      ({ claim }) =>
        JSON.stringify(claim.votes) ===
        JSON.stringify([
          { voter: 'alice', reputation: '800', value: '0.9' },
          { voter: 'bob', reputation: '200', value: '0.8' },
          { voter: 'carol', reputation: '50', value: '0.3' },
        ]),
    )!;
    expect(seed).toBeDefined();
    for (const { id } of models)
      expect(traces.get(id)!.get(seed.slug)!.result.gradient).toEqual({ value: '0.7185', status: 'contested' });
  });

  it('has a claim where the community gradient and the evidence clearly disagree', () => {
    const disagree = defaultTraces().filter(
      (t) =>
        (t.result.gradient.status === 'consensus-true' && ['very-unlikely', 'unlikely'].includes(t.result.state)) ||
        (t.result.gradient.status === 'consensus-false' && ['likely', 'very-likely'].includes(t.result.state)),
    );
    expect(disagree.length).toBeGreaterThanOrEqual(1);
  });
});

describe('the models disagree', () => {
  it('gives a different state or probability on at least a quarter of the claims', () => {
    const differing = claims.filter(
      ({ slug }) =>
        new Set(
          models.map(({ id }) => {
            const { state, probability } = traces.get(id)!.get(slug)!.result;
            return `${state} ${probability}`;
          }),
        ).size > 1,
    );
    expect(differing.length * 4).toBeGreaterThanOrEqual(claims.length);
  });

  it('disagrees most on the Old Mill sale, from very unlikely to very likely', () => {
    const ranked = claims.map(({ slug }) => ({ slug, spread: spreadOf(slug) })).sort((a, b) => b.spread - a.spread);
    expect(ranked[0]!.slug).toBe('old-mill-sold-below-valuation');
    expect(ranked[0]!.spread).toBeGreaterThan(ranked[1]!.spread);
    const states = new Set(models.map(({ id }) => traces.get(id)!.get('old-mill-sold-below-valuation')!.result.state));
    expect(states).toContain('very-unlikely');
    expect(states).toContain('very-likely');
  });
});
