import { describe, expect, it } from 'vitest';
import { compareIndexView, compareView } from '../../../src/lib/model/compare.ts';
import { leaves, modelDiff, sideBySide } from '../../../src/lib/model/sideBySide.ts';
import { settingWords, valueWords } from '../../../src/lib/model/settingWords.ts';
import { moveReasons } from '../../../src/lib/model/moveReasons.ts';
import { join } from 'node:path';
import { loadLedger } from '../../../src/lib/input/load.ts';
import { strictModel } from '../../support/model.ts';

describe('leaves', () => {
  it('names nested values by dotted path and object lists by index', () => {
    const paths = leaves(strictModel()).map((l) => l.path);
    expect(paths).toContain('relevance.states-outright');
    expect(paths).toContain('interpretation.stepCost');
    expect(paths).toContain('states[2].from');
    expect(paths).toContain('states[2].state');
  });

  it('keeps a list of plain values as one leaf', () => {
    const scales = leaves(strictModel()).find((l) => l.path === 'stability.scales');
    expect(scales?.value).toBe('0.7, 1.3');
    expect(scales?.items).toEqual(['0.7', '1.3']);
  });
});

describe('modelDiff', () => {
  it('finds nothing between a model and itself', () => {
    expect(modelDiff(strictModel(), strictModel())).toEqual([]);
  });

  it('lists every changed leaf with both values', () => {
    const a = strictModel();
    const b = strictModel({
      interpretation: { stepCost: '0.1', floor: '0.2' },
      observation: { ...a.observation, rumour: '0.2' },
      rounding: { ...a.rounding, mode: 'half-up' },
    });
    expect(modelDiff(a, b)).toEqual([
      { path: 'observation.rumour', section: 'observation', a: '0.1', b: '0.2', differs: true },
      { path: 'interpretation.stepCost', section: 'interpretation', a: '0.15', b: '0.1', differs: true },
      { path: 'interpretation.floor', section: 'interpretation', a: '0', b: '0.2', differs: true },
      { path: 'rounding.mode', section: 'rounding', a: 'half-even', b: 'half-up', differs: true },
    ]);
  });

  it('lists keys present in only one model, under their own field', () => {
    const a = strictModel();
    const notScored = Object.fromEntries(Object.entries(a.notScored).filter(([type]) => type !== 'prediction'));
    const b = strictModel({ priors: { ...a.priors, prediction: '0.4' }, notScored });
    const diff = modelDiff(a, b);
    expect(diff).toContainEqual({
      path: 'priors.prediction',
      section: 'priors',
      a: undefined,
      b: '0.4',
      differs: true,
    });
    expect(diff).toContainEqual({
      path: 'notScored.prediction',
      section: 'notScored',
      a: 'A prediction is not scored until it resolves.',
      b: undefined,
      differs: true,
    });
    expect(diff.map((d) => d.path)).toEqual(['priors.prediction', 'notScored.prediction']);
  });

  it('treats equal decimals written differently as the same number', () => {
    const a = strictModel();
    const b = strictModel({
      relevance: { ...a.relevance, 'states-outright': '2.0' },
      stability: { ...a.stability, high: '0.10' },
    });
    expect(modelDiff(a, b)).toEqual([]);
  });

  it('compares a list of plain values item by item', () => {
    const a = strictModel();
    const b = strictModel({ stability: { ...a.stability, scales: ['0.7', '1.3', '1.5'] } });
    expect(modelDiff(a, b)).toEqual([
      { path: 'stability.scales', section: 'stability', a: '0.7, 1.3', b: '0.7, 1.3, 1.5', differs: true },
    ]);
  });

  it('leaves release fields out unless asked for them', () => {
    const a = strictModel();
    const b = strictModel({ version: '0.2.0', summary: 'Other.', basedOn: 'ledger-strict@0.1.0' });
    expect(modelDiff(a, b)).toEqual([]);
    expect(modelDiff(a, b, { includeRelease: true }).map((d) => d.path)).toEqual(['version', 'basedOn', 'summary']);
  });

  it('shows every declared leaf side by side, marking only the differences', () => {
    const a = strictModel();
    const b = strictModel({ priors: { ...a.priors, causal: '0.4' } });
    const rows = sideBySide(a, b);
    expect(rows.length).toBe(
      leaves(a).filter((l) => !['name', 'version', 'released', 'basedOn', 'summary', 'changes'].includes(l.section))
        .length,
    );
    expect(rows.filter((r) => r.differs).map((r) => r.path)).toEqual(['priors.causal']);
  });
});

describe('compareView', () => {
  const pair = (slug: string, a: string, b: string) => ({
    slug,
    statement: `Claim ${slug}.`,
    a: { state: 'likely', probability: a },
    b: { state: 'likely', probability: b },
  });

  it('splits the claims into those that differ and those that agree, keeping the claims’ order', () => {
    const a = strictModel();
    const b = strictModel({ priors: { ...a.priors, causal: '0.4' } });
    const view = compareView(a, b, [
      pair('first', '0.8000', '0.8000'),
      pair('moves', '0.8000', '0.7500'),
      pair('last', '0.7000', '0.7000'),
    ]);
    expect(view.differ.map((d) => d.slug)).toEqual(['moves']);
    expect(view.agreeing).toEqual([
      { slug: 'first', statement: 'Claim first.', outcome: { state: 'likely', probability: '0.8000' } },
      { slug: 'last', statement: 'Claim last.', outcome: { state: 'likely', probability: '0.7000' } },
    ]);
    expect(view.differing.map((r) => [r.path, r.a, r.b])).toEqual([['priors.causal', '0.3', '0.4']]);
    expect(view.rows.length).toBeGreaterThan(view.differing.length);
  });
});

describe('settingWords and valueWords', () => {
  it('names a declared setting in words, never by its path', () => {
    expect(settingWords('observation.second-hand-report')).toBe('weight for a second-hand report');
    expect(settingWords('observation.official-record')).toBe('weight for an official record');
    expect(settingWords('interpretation.floor')).toBe('lowest factor interpretation steps can reach');
    expect(settingWords('priors.causal')).toBe('starting probability of a causal claim');
    expect(settingWords('states[3].from', strictModel())).toBe('where “likely” starts');
    expect(settingWords('notScored.rhetorical-question')).toBe('why a rhetorical question is not scored');
    expect(settingWords('someNew.fieldName')).toBe('some new: field name');
  });

  it('writes ids among values in words and leaves numbers and sentences alone', () => {
    expect(valueWords('half-even')).toBe('half even');
    expect(valueWords('primary-source-reviewed, opposing-search-done')).toBe(
      'primary source reviewed, opposing search done',
    );
    expect(valueWords('0.35')).toBe('0.35');
    expect(valueWords('A prediction is not scored until it resolves.')).toBe(
      'A prediction is not scored until it resolves.',
    );
    expect(valueWords(undefined)).toBeUndefined();
  });
});

describe('moveReasons on the released models', () => {
  const ROOT = join(import.meta.dirname, '../../..');
  const { ledger } = loadLedger({ content: join(ROOT, 'content'), models: join(ROOT, 'models') });
  const model = (id: string) => ledger!.models.find((m) => m.id === id)!.model;
  const claim = (slug: string) => ledger!.claims.find((c) => c.slug === slug)!.claim;
  const reasons = (slug: string, aId: string, bId: string) =>
    moveReasons({ a: model(aId), b: model(bId), aId, bId }, claim(slug));

  it('says the free-school-meals claim’s 9 interpretation steps reach the floor under ledger-strict', () => {
    // The claim's one link takes nine steps of reasoning; 1 − 9 × 0.15 = −0.35 is below both floors
    // (0.1 in ledger@1.1.0, 0 in ledger-strict@0.1.0), so the factor is the floor: 0.1, then 0, a
    // weight of 0 and no counted link. Nothing else the claim uses differs.
    expect(reasons('eastbrook-free-school-meals', 'ledger@1.1.0', 'ledger-strict@0.1.0')).toEqual([
      {
        path: 'interpretation.floor',
        sentence:
          'Lowest factor interpretation steps can reach: 0.1 under ledger@1.1.0, 0 under ledger-strict@0.1.0 ' +
          '(alone it leaves no probability: insufficient evidence). ' +
          '9 interpretation steps take the factor down to its floor: factor 0.1 under ledger@1.1.0, 0 under ledger-strict@0.1.0.',
      },
    ]);
  });

  it('orders the settings by how far each alone moves the log-odds, for a row whose state stays the same', () => {
    // Under ledger@1.1.0 the six second-hand reports (one group) count once: 2 × 0.4 = 0.8; the
    // valuer opposes with 2 × 0.9 = 1.8; the prior 0.5 is 0 in log-odds: x = −1, p = 0.2689,
    // unlikely, under both models' thresholds. Each of ledger-sceptic's settings alone:
    // factual prior 0.4: ln(0.4 / 0.6) = −0.405465; second-hand report 0.2: −0.4;
    // official record 0.8: +0.2; unverified authenticity or extraction 0.8: 0.8 × 0.8 − 0.8 = −0.16.
    const found = reasons('old-mill-sold-below-valuation', 'ledger@1.1.0', 'ledger-sceptic@1.0.0');
    expect(found.map((r) => r.path)).toEqual([
      'priors.factual',
      'observation.second-hand-report',
      'observation.official-record',
      'authenticity.unverified',
      'extraction.unverified',
    ]);
    expect(found[0]!.sentence).toContain('(log-odds −0.405465)');
    expect(found[1]!.sentence).toBe(
      'Weight for a second-hand report: 0.4 under ledger@1.1.0, 0.2 under ledger-sceptic@1.0.0 (log-odds −0.400000). ' +
        '6 pieces of evidence for this claim are weighed with it.',
    );
    expect(found[2]!.sentence).toContain(
      '(log-odds +0.200000). 1 piece of evidence for this claim is weighed with it.',
    );
    expect(found[3]!.sentence).toContain('(log-odds −0.160000). 6 pieces of evidence');
  });

  it('names the groups that counting every link adds up', () => {
    // Counting every link, the six reports add 6 × 0.8 = 4.8 instead of 0.8: x goes from −1 to 3.
    const found = reasons('old-mill-sold-below-valuation', 'ledger@1.1.0', 'ledger-counted@1.0.0');
    expect(found.map((r) => r.path)).toEqual(['independence']);
    expect(found[0]!.sentence).toContain(
      '(log-odds +4.000000). Counting every link, the 6 links from Save the Old Mill',
    );
    expect(found[0]!.sentence).toMatch(/add 0\.800000 each instead of counting once\.$/);
  });

  it('says nothing moved a claim that comes out the same', () => {
    expect(reasons('eastbrook-lead-limit', 'ledger@1.1.0', 'ledger@1.0.0')).toEqual([]);
  });
});

describe('compareIndexView', () => {
  it('counts, for every ordered pair of models, the claims that come out differently and the values that differ', () => {
    const a = strictModel();
    const b = strictModel({ priors: { ...a.priors, causal: '0.4' } });
    const results: Record<string, Record<string, { state: string; probability: string | null }>> = {
      same: { a: { state: 'likely', probability: '0.8000' }, b: { state: 'likely', probability: '0.8000' } },
      moves: { a: { state: 'likely', probability: '0.8000' }, b: { state: 'uncertain', probability: '0.6000' } },
    };
    const view = compareIndexView(
      {
        models: [
          { id: 'a', model: a },
          { id: 'b', model: b },
        ],
        claims: ['same', 'moves'].map((slug) => ({ slug, claim: { statement: `Claim ${slug}.` } })),
        summary: (slug, model) => ({ result: results[slug]![model]! }),
      },
      12,
    );
    expect(view.ids).toEqual(['a', 'b']);
    expect(view.matrix).toEqual([
      {
        a: 'a',
        cells: [
          { b: 'a', self: true, claims: 0, numbers: 0 },
          { b: 'b', self: false, claims: 1, numbers: 1 },
        ],
      },
      {
        a: 'b',
        cells: [
          { b: 'a', self: false, claims: 1, numbers: 1 },
          { b: 'b', self: true, claims: 0, numbers: 0 },
        ],
      },
    ]);
    expect(view.ranked.map((d) => d.slug)).toEqual(['moves']);
  });
});
