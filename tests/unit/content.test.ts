/**
 * The repository's own models and example claims: the promises docs/design.md §2 and §3 make about them
 * (six released models, every state exercised) hold for the files as they are, scored by the real
 * engine. contentScoring.test.ts: the edges of the algorithm the claims exercise, and models that disagree.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { INSUFFICIENT_EVIDENCE, NOT_APPLICABLE } from '../../src/engine/index.ts';
import { LEVEL_TABLES } from '../../src/lib/model/levelTables.ts';
import { all, claims, ledger, loaded, models, ROOT } from '../support/content.ts';

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
