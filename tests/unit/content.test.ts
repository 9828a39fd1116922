/**
 * The repository's own models and example claims: the promises docs/design.md §2 and §3 make about them
 * (six released models, every state and edge exercised, models that disagree) hold for the files
 * as they are, scored by the real engine.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { createScorer, dec, INSUFFICIENT_EVIDENCE, NOT_APPLICABLE, type Trace } from '../../src/engine/index.ts';
import { loadLedger, type Ledger, type LoadedClaim, type LoadedModel } from '../../src/lib/input/load.ts';
import { LEVEL_TABLES } from '../../src/lib/model/levelTables.ts';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const loaded = loadLedger({ content: join(ROOT, 'content'), models: join(ROOT, 'models') });
const ledger: Ledger = loaded.ledger!;
const models: readonly LoadedModel[] = ledger?.models ?? [];
const claims: readonly LoadedClaim[] = ledger?.claims ?? [];

/** Every claim's trace under every model: `traces.get(modelId).get(slug)`. */
const traces = new Map<string, Map<string, Trace>>(
  models.map(({ id, model }) => {
    const scorer = createScorer(model, 'sha256:content-test');
    return [id, new Map(claims.map(({ slug, claim }) => [slug, scorer.score(slug, claim)]))];
  }),
);
const all = (id: string): Trace[] => [...traces.get(id)!.values()];
const everyTrace = (): Trace[] => [...traces.values()].flatMap((bySlug) => [...bySlug.values()]);
const defaultTraces = (): Trace[] => all(ledger.defaultModel);
const claimNamed = (slug: string): LoadedClaim => claims.find((c) => c.slug === slug)!;
const allLinks = () => claims.flatMap(({ slug, claim }) => claim.evidence.map((link) => ({ slug, claim, link })));

/** The spread of probabilities a claim gets across the models that give it one. */
function spreadOf(slug: string): number {
  const probabilities = models
    .map(({ id }) => traces.get(id)!.get(slug)!.result.probability)
    .filter((p): p is string => p !== null);
  if (probabilities.length < 2) return 0;
  const values = probabilities.map((p) => dec(p));
  return values
    .reduce((a, b) => (b.greaterThan(a) ? b : a))
    .minus(values.reduce((a, b) => (b.lessThan(a) ? b : a)))
    .toNumber();
}

describe('the repository loads', () => {
  it('validates every model and claim with no problems', () => {
    expect(loaded.problems).toEqual([]);
    expect(loaded.ledger).not.toBeNull();
  });
});

describe('the released models', () => {
  it('releases six models, each recorded in released.lock', () => {
    expect(models).toHaveLength(6);
    const lock = readFileSync(join(ROOT, 'models', 'released.lock'), 'utf8');
    for (const { id, configHash } of models) expect(lock).toContain(`${id} ${configHash}`);
  });

  it('names the default model in models/site.yaml', () => {
    const site = readFileSync(join(ROOT, 'models', 'site.yaml'), 'utf8');
    expect(site).toMatch(new RegExp(`^default: ${ledger.defaultModel.replace(/[.@]/g, '\\$&')}$`, 'm'));
    expect(models.map((m) => m.id)).toContain(ledger.defaultModel);
  });

  it('keeps an earlier version of the default model for reproducibility', () => {
    const [name] = ledger.defaultModel.split('@');
    const family = models.filter((m) => m.model.name === name);
    expect(family.length).toBeGreaterThanOrEqual(2);
  });

  it('has one model that counts every link, so readers can see what independence is for', () => {
    expect(models.filter((m) => m.model.independence === 'count-every-link').length).toBeGreaterThanOrEqual(1);
    expect(
      models.filter((m) => m.model.independence === 'strongest-per-group-and-direction').length,
    ).toBeGreaterThanOrEqual(1);
  });

  it('bases every model on another of the six, except the first', () => {
    const ids = models.map((m) => m.id);
    expect(models.filter((m) => m.model.basedOn === null)).toHaveLength(1);
    for (const { id, model } of models) {
      if (model.basedOn === null) continue;
      expect(model.basedOn).not.toBe(id);
      expect(ids).toContain(model.basedOn);
    }
  });

  it('gives every model a plain-words summary and a list of what it changed', () => {
    for (const { model } of models) {
      expect(model.summary.length).toBeGreaterThan(80);
      expect(model.changes.length).toBeGreaterThanOrEqual(1);
    }
  });

  it('declares the same level names in every model, since claims are checked against all of them', () => {
    const [first, ...rest] = models.map((m) => m.model);
    for (const table of LEVEL_TABLES) {
      for (const model of rest) expect(Object.keys(model[table]).sort()).toEqual(Object.keys(first![table]).sort());
    }
  });

  it('keeps every number seed 000 states in ledger-strict@0.1.0', () => {
    const strict = models.find((m) => m.id === 'ledger-strict@0.1.0')!.model;
    expect(strict.relevance).toEqual({
      'states-outright': '2',
      'bears-directly': '1',
      'touches-subject': '0.3',
      'context-only': '0',
    });
    expect(strict.observation).toEqual({
      measurement: '1',
      'official-record': '0.9',
      document: '0.8',
      'first-hand-account': '0.6',
      'second-hand-report': '0.35',
      rumour: '0.1',
      'model-output': '0',
    });
    expect(strict.interpretation).toEqual({ stepCost: '0.15', floor: '0' });
    expect(strict.authenticity).toEqual({ unverified: '1', verified: '1', doubted: '0.5', refuted: '0' });
    expect(strict.extraction).toEqual({ unverified: '1', verified: '1', doubted: '0.5', refuted: '0' });
    expect(strict.independence).toBe('strongest-per-group-and-direction');
    expect(strict.priors).toEqual({ factual: '0.5', statistical: '0.5', causal: '0.3' });
    expect(strict.rounding).toEqual({ mode: 'half-even', weight: '6', probability: '4', coverage: '2' });
    expect(strict.stability).toEqual({ scales: ['0.7', '1.3'], high: '0.1', medium: '0.25', minGroupsForHigh: '2' });
    expect(strict.review.checks).toEqual([
      'primary-source-reviewed',
      'opposing-search-done',
      'independence-reviewed',
      'qualifiers-reviewed',
    ]);
    expect(strict.gradient).toEqual({ floor: '0.1', neutral: '0.5', trueFrom: '0.8', falseTo: '0.2' });
  });
});

describe('the example claims', () => {
  it('has at least 24 claims', () => {
    expect(claims.length).toBeGreaterThanOrEqual(24);
  });

  it.each(['factual', 'statistical', 'causal', 'prediction', 'value-judgement', 'rhetorical-question'])(
    'includes a claim of type %s',
    (type) => {
      expect(claims.some((c) => c.claim.type === type)).toBe(true);
    },
  );

  it('includes a claim of a type that no model lists anywhere', () => {
    const listed = new Set(
      models.flatMap(({ model }) => [...Object.keys(model.priors), ...Object.keys(model.notScored)]),
    );
    expect(claims.some((c) => !listed.has(c.claim.type))).toBe(true);
  });

  it('gives every source and every link something a reader can follow', () => {
    for (const { claim } of claims) {
      for (const source of claim.sources) expect(source.url).toMatch(/^https:\/\/example\.org\//);
      for (const link of claim.evidence) {
        expect(link.locator).not.toBeNull();
        expect(link.recordedBy).not.toBeNull();
      }
    }
  });
});

describe('every state of every model occurs', () => {
  describe.each(models.map((m) => [m.id, m] as const))('under %s', (id, { model }) => {
    it.each([...model.states.map((s) => s.state), NOT_APPLICABLE, INSUFFICIENT_EVIDENCE])(
      'some claim is %s',
      (state) => {
        expect(all(id).some((t) => t.result.state === state)).toBe(true);
      },
    );
  });
});

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
