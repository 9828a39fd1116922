import { describe, expect, it } from 'vitest';
import {
  authenticityWords,
  baselineSentence,
  MODEL_SECTIONS,
  relevanceTail,
  SEED_003_VOTES,
  seedExample,
} from '../../../src/lib/model/modelPage.ts';
import { weightTable } from '../../../src/lib/model/modelView.ts';
import { strictModel } from '../../support/model.ts';

// ledger@1.1.0's gradient and rounding, the numbers seed 003 uses: floor 0.1, neutral 0.5, weights
// at 6 places, G at 4, half-even.
const model = strictModel({
  gradient: { floor: '0.1', neutral: '0.5', trueFrom: '0.8', falseTo: '0.2' },
  rounding: { mode: 'half-even', weight: '6', probability: '4', coverage: '2' },
});

describe("seed 003's worked example", () => {
  // Expected values from seed 003 and independent arithmetic (Python's math.log):
  // (0.9 ln 801 + 0.8 ln 201 + 0.3 ln 51) / (ln 801 + ln 201 + ln 51) = 0.718514…
  it('is 0.7185 at 4 places, which the seed shows as 0.719', () => {
    const seed = seedExample(model);
    expect(SEED_003_VOTES.map((v) => [v.reputation, v.value])).toEqual([
      ['800', '0.9'],
      ['200', '0.8'],
      ['50', '0.3'],
    ]);
    expect(seed.working.value).toBe('0.7185');
    expect(seed.seedShows).toBe('0.719');
    // ln 801 = 6.685861…, ln 201 = 5.303305…, ln 51 = 3.931826…
    expect(seed.working.votes.map((v) => v.weight)).toEqual(['6.685861', '5.303305', '3.931826']);
  });

  it('states the edge cases: no votes, a single vote, zero reputation', () => {
    const seed = seedExample(model);
    expect(seed.noVotes).toEqual({ value: '0.5000', status: 'no votes' });
    expect(seed.single.value).toBe('0.8000');
    expect(seed.zeroWeight).toBe('0.100000');
    expect(seed.places).toBe(4);
  });
});

describe('the weight table names its baseline', () => {
  it('gives each weight as a multiple of a new voter’s: 1×, 24×, 46×, 62×, 69×, 92×', () => {
    // ln(1 + r) / 0.1 for r = 0, 10, 100, 500, 1000, 10000: 1 (the floor), 23.98, 46.15, 62.17, 69.09, 92.10.
    expect(weightTable(model).map((r) => r.timesNew)).toEqual(['1', '24', '46', '62', '69', '92']);
  });

  it('says plainly that 10,000 reputation is about 92 times a new voter, not 9', () => {
    const sentence = baselineSentence(weightTable(model));
    expect(sentence).toContain('≈ 92 times a new voter');
    // The weight itself, ln(10,001) = 9.2104…, against the floor 0.1 (the strict model's six places).
    expect(sentence).toContain('the weight itself is 9.210440, against the floor 0.100000');
  });
});

describe('words for people', () => {
  it('names the relevance levels worth nothing in words, found from the model, not by name', () => {
    expect(relevanceTail(model)).toContain('context only evidence is worth nothing');
    const none = strictModel({ relevance: { 'states-outright': '2', 'touches-subject': '0.5' } });
    expect(relevanceTail(none)).toBe('.');
  });

  it('says whether unverified evidence is penalised from the model’s own numbers', () => {
    const marked = strictModel({ authenticity: { unverified: '0.8', verified: '1', doubted: '0.3', refuted: '0' } });
    expect(authenticityWords(marked)).toContain('down to 0.8');
    expect(authenticityWords(strictModel())).toContain('Unverified is not penalised');
  });
});

describe('sections', () => {
  it('has one id per section, the same on every model page', () => {
    expect(new Set(MODEL_SECTIONS).size).toBe(MODEL_SECTIONS.length);
    expect(MODEL_SECTIONS).toContain('gradient');
  });
});
