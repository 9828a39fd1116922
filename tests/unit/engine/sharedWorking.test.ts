/**
 * Steps 2 to 4 (link weights, independence, kept sums) and steps 6 to 8 (posterior, probability,
 * state, stability) are worked out once per claim for every model whose rules for them are the
 * same. These tests check that such models do share, and that a model differing in any one rule
 * those steps read gets its own working: each trace must equal the trace of its model scored
 * alone on a fresh copy of the claim (nothing shared), and the two models must really differ
 * there (so that a sharing key missing that rule would give the wrong trace).
 */
import { describe, expect, it } from 'vitest';
import type { Claim, Model } from '../../../src/engine/index.ts';
import { claim, type LinkSpec } from '../../support/claim.ts';
import { strictModel, withLevels, withRounding } from '../../support/model.ts';
import { scoreOf } from '../../support/score.ts';
import { RECENT_OBJECTS } from '../../../src/engine/perRules.ts';

const links: LinkSpec[] = [
  { id: 'a', source: 's1', steps: 1 },
  { id: 'b', source: 's1', observation: 'document' },
  { id: 'c', source: 's2', direction: 'opposes', observation: 'rumour' },
];

/** Scores one claim object under `first` then `second`, and `second` alone on a fresh copy. */
function both(first: Model, second: Model, made: Claim) {
  const a = scoreOf(first, made);
  const b = scoreOf(second, made);
  const alone = scoreOf(second, structuredClone(made));
  return { a, b, alone };
}

describe('models with the same rules for a step share a claim’s working', () => {
  // ledger-forecast's relation to ledger@1.1.0: a prior for one more type, nothing else.
  const forecast = strictModel({ name: 'ledger-forecast', priors: { ...strictModel().priors, prediction: '0.4' } });

  it('shares the links, groups, posterior and stability between models that differ only elsewhere', () => {
    const made = claim({ links });
    const { a, b, alone } = both(strictModel(), forecast, made);
    expect(b).toEqual(alone);
    expect(b.working.links).toBe(a.working.links);
    expect(b.working.groups).toBe(a.working.groups);
    expect(b.working.stability).toBe(a.working.stability);
    expect(b.working.probability).toBe(a.working.probability);
  });

  it('shares the link weights with a count-every-link model, which keeps its own independence', () => {
    const made = claim({ links });
    const { a, b, alone } = both(strictModel(), strictModel({ independence: 'count-every-link' }), made);
    expect(b).toEqual(alone);
    expect(b.working.links).not.toBe(a.working.links);
    // The same weighed links: one factor working object for both models.
    b.working.links.forEach((one, i) => expect(one.relevance).toBe(a.working.links[i]!.relevance));
    expect(b.working.links.map((one) => one.kept)).not.toEqual(a.working.links.map((one) => one.kept));
  });

  it('shares the posterior with a count-every-link model when every counted link is its group’s only one', () => {
    const made = claim({ links: [links[0]!, links[2]!] });
    const { a, b, alone } = both(strictModel(), strictModel({ independence: 'count-every-link' }), made);
    expect(b).toEqual(alone);
    expect(b.working.links).not.toBe(a.working.links);
    expect(b.working.stability).toBe(a.working.stability);
  });
});

/** One rule changed at a time, with a claim on which the change shows. */
const cases: {
  name: string;
  first?: Model;
  second: Model;
  spec?: Parameters<typeof claim>[0];
  differs: (t: ReturnType<typeof scoreOf>) => unknown;
}[] = [
  {
    name: 'a level’s factor',
    second: strictModel({ observation: { ...strictModel().observation, document: '0.7' } }),
    differs: (t) => t.working.links[1]!.weight,
  },
  {
    name: 'the interpretation step cost',
    second: strictModel({ interpretation: { stepCost: '0.2', floor: '0' } }),
    differs: (t) => t.working.links[0]!.weight,
  },
  {
    name: 'the interpretation floor',
    second: strictModel({ interpretation: { stepCost: '0.15', floor: '0.9' } }),
    differs: (t) => t.working.links[0]!.weight,
  },
  {
    name: 'the weight’s places',
    second: withRounding(strictModel(), { weight: '1' }),
    differs: (t) => t.working.links[0]!.weight,
  },
  {
    // 0.25 to one place: 0.2 half to even, 0.3 half up.
    name: 'the rounding mode, on a weight that is a tie',
    first: withRounding(withLevels(strictModel(), 'observation', { quarter: '0.25' }), { weight: '1' }),
    second: withRounding(withLevels(strictModel(), 'observation', { quarter: '0.25' }), {
      weight: '1',
      mode: 'half-up',
    }),
    spec: { links: [{ id: 'q', observation: 'quarter' }] },
    differs: (t) => t.working.links[0]!.weight,
  },
  {
    name: 'the independence strategy',
    second: strictModel({ independence: 'count-every-link' }),
    differs: (t) => t.working.sum?.supporting,
  },
  {
    name: 'the prior',
    second: strictModel({ priors: { ...strictModel().priors, factual: '0.6' } }),
    differs: (t) => t.working.sum?.posteriorLogOdds,
  },
  {
    name: 'the probability’s places',
    second: withRounding(strictModel(), { probability: '2' }),
    differs: (t) => t.result.probability,
  },
  {
    // Log-odds 0 (a prior of 0.5 and equal weights both ways) is 0.5, to no places 0 or 1.
    name: 'the rounding mode, on a probability that is a tie',
    first: withRounding(strictModel(), { probability: '0' }),
    second: withRounding(strictModel(), { probability: '0', mode: 'half-up' }),
    spec: {
      links: [
        { id: 'a', source: 's1' },
        { id: 'b', source: 's2', direction: 'opposes' },
      ],
    },
    differs: (t) => t.result.probability,
  },
  {
    name: 'the states',
    second: strictModel({
      states: [
        { from: '0', state: 'very-unlikely' },
        { from: '0.5', state: 'likely' },
      ],
    }),
    differs: (t) => t.result.state,
  },
  {
    name: 'the stability scales',
    second: strictModel({ stability: { ...strictModel().stability, scales: ['0.5', '1.5'] } }),
    differs: (t) => t.working.stability?.spread,
  },
  {
    name: 'the stability thresholds',
    second: strictModel({ stability: { ...strictModel().stability, high: '0.0001', medium: '0.0002' } }),
    differs: (t) => t.working.stability?.measuredLevel,
  },
  {
    name: 'the sources needed for high',
    second: strictModel({ stability: { ...strictModel().stability, high: '0.5', minGroupsForHigh: '3' } }),
    first: strictModel({ stability: { ...strictModel().stability, high: '0.5' } }),
    differs: (t) => t.result.stability?.level,
  },
  {
    // The same kept sum (1) either way, from three sources or from one: `high` or capped at `medium`.
    name: 'the weights, where they change the counted sources but not the kept sum',
    first: strictModel({ stability: { ...strictModel().stability, high: '0.5' } }),
    second: strictModel({
      stability: { ...strictModel().stability, high: '0.5' },
      observation: { ...strictModel().observation, document: '0' },
    }),
    spec: {
      links: [
        { id: 'a', source: 's1' },
        { id: 'b', source: 's2', observation: 'document' },
        { id: 'c', source: 's3', observation: 'document', direction: 'opposes' },
      ],
    },
    differs: (t) => [t.working.sum?.kept, t.result.stability?.level],
  },
];

describe('what models share of a claim is held only for the claims scored most recently', () => {
  const forecast = strictModel({ name: 'ledger-forecast', priors: { ...strictModel().priors, prediction: '0.4' } });
  /** Scores `made` under ledger@1.1.0, then `others` other claims, then `made` under ledger-forecast. */
  const apart = (others: number) => {
    const made = claim({ links });
    const a = scoreOf(strictModel(), made);
    for (let i = 0; i < others; i++) scoreOf(strictModel(), claim({ links }));
    return { a, b: scoreOf(forecast, made), alone: scoreOf(forecast, structuredClone(made)) };
  };

  it('shares while fewer than RECENT_OBJECTS other claims were scored in between', () => {
    const { a, b } = apart(RECENT_OBJECTS - 1);
    expect(b.working.links).toBe(a.working.links);
  });

  it('lets it go after that (a build keeps every claim, so a memo freed with the claim would grow with the site), and works it out again the same', () => {
    const { a, b, alone } = apart(RECENT_OBJECTS);
    expect(b.working.links).not.toBe(a.working.links);
    expect(b.working.stability).not.toBe(a.working.stability);
    expect(b).toEqual(alone);
  });
});

describe('a model that differs in one rule of a shared step gets its own working', () => {
  it.each(cases)('$name', ({ first, second, spec, differs }) => {
    const made = claim(spec ?? { links });
    const { a, b, alone } = both(first ?? strictModel(), second, made);
    expect(differs(b)).not.toEqual(differs(a));
    expect(b).toEqual(alone);
  });
});
