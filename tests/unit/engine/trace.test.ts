import { describe, expect, it } from 'vitest';
import { createScorer, hashOf, TRACE_FORMAT, type Json, type Model, type Trace } from '../../../src/engine/index.ts';
import { claim, review } from '../../support/claim.ts';
import { strictModel, withRounding } from '../../support/model.ts';
import { scoreOf, TEST_CODE_HASH } from '../../support/score.ts';

const rich = claim({
  links: [
    {
      id: 'lab-q1',
      source: 'city-lab',
      relevance: 'states-outright',
      observation: 'official-record',
      authenticity: 'verified',
    },
    { id: 'lab-q2', source: 'city-lab', relevance: 'bears-directly', observation: 'official-record' },
    {
      id: 'resident',
      source: 'resident',
      direction: 'opposes',
      relevance: 'touches-subject',
      observation: 'first-hand-account',
      steps: 1,
    },
  ],
  reviews: [
    review('primary-source-reviewed', 'm.ito'),
    review('opposing-search-done', 'j.berg'),
    review('independence-reviewed', 'm.ito'),
  ],
  votes: [
    { reputation: '800', value: '0.9' },
    { reputation: '200', value: '0.8' },
    { reputation: '50', value: '0.3' },
  ],
});

const places = (n: number): RegExp => (n === 0 ? /^-?\d+$/ : new RegExp(`^-?\\d+\\.\\d{${n}}$`));

describe('the trace has exactly the top-level shape docs/design.md §5 fixes', () => {
  const trace = scoreOf(strictModel(), rich, 'eastbrook-lead-limit');

  it('has the published fields in order, then the input and the working', () => {
    expect(Object.keys(trace)).toEqual([
      'traceFormat',
      'claim',
      'model',
      'configHash',
      'inputHash',
      'codeHash',
      'links',
      'result',
      'input',
      'working',
    ]);
    expect(trace.traceFormat).toBe(TRACE_FORMAT);
    expect(trace.traceFormat).toBe(1);
    expect(trace.claim).toBe('eastbrook-lead-limit');
    expect(trace.model).toBe('ledger-strict@0.1.0');
  });

  it('names each link with exactly id, weight, kept and keptLink', () => {
    for (const link of trace.links) expect(Object.keys(link)).toEqual(['id', 'weight', 'kept', 'keptLink']);
    expect(trace.links).toEqual([
      { id: 'lab-q1', weight: '1.800000', kept: true, keptLink: null },
      { id: 'lab-q2', weight: '0.900000', kept: false, keptLink: 'lab-q1' },
      { id: 'resident', weight: '0.153000', kept: true, keptLink: null },
    ]);
  });

  it('gives the result exactly the keys and values of the example', () => {
    expect(Object.keys(trace.result)).toEqual([
      'state',
      'probability',
      'posteriorLogOdds',
      'reason',
      'stability',
      'coverage',
      'gradient',
    ]);
    expect(trace.result).toEqual({
      state: 'likely',
      probability: '0.8385',
      posteriorLogOdds: '1.647000',
      reason: null,
      stability: { spread: '0.1348', level: 'medium' },
      coverage: { done: 3, declared: 4, value: '0.75' },
      gradient: { value: '0.7185', status: 'contested' },
    });
  });

  it('hashes the model and the claim as sha256 of their canonical JSON, and carries the code hash given', () => {
    expect(trace.configHash).toBe(hashOf(strictModel() as unknown as Json));
    expect(trace.inputHash).toBe(hashOf(rich as unknown as Json));
    expect(trace.codeHash).toBe(TEST_CODE_HASH);
    for (const hash of [trace.configHash, trace.inputHash]) expect(hash).toMatch(/^sha256:[0-9a-f]{64}$/);
  });

  it('holds the claim as parsed', () => {
    expect(trace.input).toEqual(rich);
  });
});

describe('every decimal of a trace has the places its rounding declares', () => {
  it.each<[string, Partial<Model['rounding']>, number, number, number]>([
    ['ledger-strict (6, 4, 2)', {}, 6, 4, 2],
    ['a model with 3, 2 and 1 places', { weight: '3', probability: '2', coverage: '1' }, 3, 2, 1],
    ['a model with 8, 6 and 0 places', { weight: '8', probability: '6', coverage: '0' }, 8, 6, 0],
  ])('%s', (_name, rounding, w, p, c) => {
    const trace = scoreOf(withRounding(strictModel(), rounding), rich);
    const { result, working } = trace;
    for (const link of trace.links) expect(link.weight).toMatch(places(w));
    for (const link of working.links) expect(link.signedWeight).toMatch(places(w));
    expect(result.posteriorLogOdds).toMatch(places(w));
    expect(working.prior?.logOdds).toMatch(places(w));
    for (const value of Object.values(working.sum!)) expect(value).toMatch(places(w));
    expect(result.probability).toMatch(places(p));
    expect(working.probability?.rounded).toMatch(places(p));
    expect(result.stability?.spread).toMatch(places(p));
    for (const rescore of working.stability!.rescores) expect(rescore.probability).toMatch(places(p));
    expect(result.gradient.value).toMatch(places(p));
    for (const vote of working.gradient.votes) expect(vote.weight).toMatch(places(w));
    expect(working.gradient.totalWeight).toMatch(places(w));
    expect(result.coverage.value).toMatch(places(c));
    expect(working.rounding).toEqual({ mode: 'half-even', weight: w, probability: p, coverage: c });
  });

  it('writes the neutral gradient of a claim with no votes with the probability places', () => {
    const trace = scoreOf(withRounding(strictModel(), { probability: '6' }), claim());
    expect(trace.result.gradient).toEqual({ value: '0.500000', status: 'no-votes' });
  });

  it('never writes a decimal in exponent notation', () => {
    const tiny = scoreOf(
      strictModel(),
      claim({
        links: Array.from({ length: 30 }, (_, i) => ({
          id: `l${i}`,
          source: `s${i}`,
          direction: 'opposes' as const,
          relevance: 'states-outright',
        })),
      }),
    );
    const strings: string[] = [];
    JSON.stringify(tiny, (_key, value: unknown) => (typeof value === 'string' && strings.push(value), value));
    expect(strings.filter((value) => /^[-+]?[\d.]+[eE][-+]?\d+$/.test(value))).toEqual([]);
    expect(tiny.result.probability).toBe('0.0000');
    expect(tiny.working.probability?.logistic).toMatch(/^0\.0{20,}\d+$/);
  });
});

describe('the same inputs give a byte-identical trace', () => {
  const text = (trace: Trace): string => JSON.stringify(trace);

  it('scores twice with one scorer to the same bytes', () => {
    const scorer = createScorer(strictModel(), TEST_CODE_HASH);
    expect(text(scorer.score('a', rich))).toBe(text(scorer.score('a', rich)));
  });

  it('scores with two scorers of equal models to the same bytes', () => {
    expect(text(scoreOf(strictModel(), rich))).toBe(text(scoreOf(strictModel(), structuredClone(rich))));
  });

  it('hashes a model the same whatever order its keys were built in', () => {
    const model = strictModel();
    const reordered = Object.fromEntries(Object.entries(model).reverse()) as unknown as Model;
    expect(createScorer(reordered, TEST_CODE_HASH).configHash).toBe(createScorer(model, TEST_CODE_HASH).configHash);
  });

  it('changes the config hash when one number of the model changes', () => {
    const a = createScorer(strictModel(), TEST_CODE_HASH).configHash;
    const b = createScorer(
      strictModel({ interpretation: { stepCost: '0.16', floor: '0' } }),
      TEST_CODE_HASH,
    ).configHash;
    expect(b).not.toBe(a);
  });

  it('scoring one claim does not change how the next is scored (the prior cache is per type)', () => {
    const scorer = createScorer(strictModel(), TEST_CODE_HASH);
    const causal = claim({ type: 'causal', links: [{ id: 'a' }] });
    const first = text(scorer.score('c', causal));
    scorer.score('f', rich);
    expect(text(scorer.score('c', causal))).toBe(first);
    expect(text(createScorer(strictModel(), TEST_CODE_HASH).score('c', causal))).toBe(first);
  });
});
