/**
 * Models for tests, built in code: docs/design.md §2's example with every number as the decimal string the
 * loader would produce, so that engine tests need no files.
 */
import type { Model } from '../../src/engine/index.ts';

/** Anything of a model that a test may replace; nested tables are replaced whole. */
export type ModelPatch = { -readonly [K in keyof Model]?: Model[K] };

/** docs/design.md §2's example model (the numbers of seed 000), exactly as the loader normalises it. */
export function strictModel(patch: ModelPatch = {}): Model {
  return {
    name: 'ledger-strict',
    version: '0.1.0',
    released: '2026-11-02',
    basedOn: null,
    summary: 'A test copy of the strict ledger.',
    changes: ['Test copy.'],
    relevance: { 'states-outright': '2', 'bears-directly': '1', 'touches-subject': '0.3', 'context-only': '0' },
    observation: {
      measurement: '1',
      'official-record': '0.9',
      document: '0.8',
      'first-hand-account': '0.6',
      'second-hand-report': '0.35',
      rumour: '0.1',
      'model-output': '0',
    },
    interpretation: { stepCost: '0.15', floor: '0' },
    authenticity: { unverified: '1', verified: '1', doubted: '0.5', refuted: '0' },
    extraction: { unverified: '1', verified: '1', doubted: '0.5', refuted: '0' },
    independence: 'strongest-per-group-and-direction',
    priors: { factual: '0.5', statistical: '0.5', causal: '0.3' },
    notScored: {
      'value-judgement': 'A value judgement is not settled by evidence.',
      prediction: 'A prediction is not scored until it resolves.',
      'rhetorical-question': 'A rhetorical question asserts nothing to score.',
    },
    states: [
      { from: '0', state: 'very-unlikely' },
      { from: '0.1', state: 'unlikely' },
      { from: '0.3', state: 'uncertain' },
      { from: '0.7', state: 'likely' },
      { from: '0.9', state: 'very-likely' },
    ],
    rounding: { mode: 'half-even', weight: '6', probability: '4', coverage: '2' },
    stability: { scales: ['0.7', '1.3'], high: '0.1', medium: '0.25', minGroupsForHigh: '2' },
    review: {
      checks: ['primary-source-reviewed', 'opposing-search-done', 'independence-reviewed', 'qualifiers-reviewed'],
    },
    gradient: { floor: '0.1', neutral: '0.5', trueFrom: '0.8', falseTo: '0.2' },
    ...patch,
  };
}

/** The strict model with one level table widened by extra levels (e.g. an exact factor a test needs). */
export function withLevels(
  model: Model,
  table: 'relevance' | 'observation',
  levels: Readonly<Record<string, string>>,
): Model {
  return { ...model, [table]: { ...model[table], ...levels } };
}

/** The strict model with other rounding. */
export function withRounding(model: Model, rounding: Partial<Model['rounding']>): Model {
  return { ...model, rounding: { ...model.rounding, ...rounding } };
}
