import { describe, expect, it } from 'vitest';
import { createScorer, type Claim } from '../../../src/engine/index.ts';
import { summarySentence } from '../../../src/lib/claim/summary.ts';
import { claim } from '../../support/claim.ts';
import { strictModel } from '../../support/model.ts';
import { TEST_CODE_HASH } from '../../support/score.ts';

// Under the strict model (docs/design.md §2's numbers): a factual claim starts at 0.5 (log-odds 0);
// states-outright × official-record = 2 × 0.9 = 1.8, bears-directly × measurement = 1,
// touches-subject × measurement = 0.3. Probabilities are 1 / (1 + e^−x) to 4 places, computed
// independently: x = 3.6 → 0.9734, 1.8 → 0.8581, 0.3 → 0.5744, −0.8 → 0.3100, −1.8 → 0.1419,
// −3.6 → 0.0266, 0 → 0.5000.
const score = (c: Claim) => createScorer(strictModel(), TEST_CODE_HASH).score('a-claim', c);
const official = { relevance: 'states-outright', observation: 'official-record' } as const;

describe('the summary sentence answers the question in words', () => {
  it('very likely: two independent official records for it', () => {
    const trace = score(
      claim({
        links: [
          { id: 'a', source: 'lab', ...official },
          { id: 'b', source: 'audit', ...official },
        ],
      }),
    );
    expect(summarySentence(trace)).toBe(
      'Very likely (0.9734): the evidence for it (Source lab and 1 more link) has nothing against it.',
    );
  });

  it('likely: one official record for it', () => {
    const trace = score(claim({ links: [{ id: 'a', source: 'lab', ...official }] }));
    expect(summarySentence(trace)).toBe('Likely (0.8581): the evidence for it (Source lab) has nothing against it.');
  });

  it('uncertain: a link that only touches the subject', () => {
    const trace = score(claim({ links: [{ id: 'a', source: 'blog', relevance: 'touches-subject' }] }));
    expect(summarySentence(trace)).toBe(
      'Uncertain (0.5744): the evidence for it (Source blog) has nothing against it.',
    );
  });

  it('unlikely: one official record against it', () => {
    const trace = score(claim({ links: [{ id: 'a', source: 'valuer', direction: 'opposes', ...official }] }));
    expect(summarySentence(trace)).toBe(
      'Unlikely (0.1419): the evidence against it (Source valuer) has nothing for it.',
    );
  });

  it('very unlikely: two independent records against it', () => {
    const trace = score(
      claim({
        links: [
          { id: 'a', source: 'valuer', direction: 'opposes', ...official },
          { id: 'b', source: 'registry', direction: 'opposes', ...official },
        ],
      }),
    );
    expect(summarySentence(trace)).toBe(
      'Very unlikely (0.0266): the evidence against it (Source valuer and 1 more link) has nothing for it.',
    );
  });

  it('names the stronger side first and a dependent group as counting once', () => {
    // Three links from the campaign (1, 1, 0.3) count as its strongest, 1; the valuer's 1.8 outweighs it.
    const trace = score(
      claim({
        links: [
          { id: 'release', source: 'campaign' },
          { id: 'repeat', source: 'campaign' },
          { id: 'echo', source: 'campaign', relevance: 'touches-subject' },
          { id: 'report', source: 'valuer', direction: 'opposes', ...official },
        ],
        sources: [
          { id: 'campaign', name: 'the campaign release', url: null },
          { id: 'valuer', name: 'the district valuer’s report', url: null },
        ],
      }),
    );
    expect(summarySentence(trace)).toBe(
      'Uncertain (0.3100): the evidence against it (the district valuer’s report) outweighs the evidence for (the campaign release); 3 links from one source (the campaign release) count once.',
    );
  });

  it('says when the two sides weigh the same', () => {
    const trace = score(
      claim({
        links: [
          { id: 'for', source: 'a' },
          { id: 'against', source: 'b', direction: 'opposes' },
        ],
      }),
    );
    expect(summarySentence(trace)).toBe(
      'Uncertain (0.5000): the evidence for it (Source a) and against it (Source b) weigh the same, so it stays at its prior.',
    );
  });

  it('gives a refusal for a type the model does not score, with the model’s reason', () => {
    const trace = score(claim({ type: 'value-judgement', links: [{ id: 'a' }] }));
    expect(summarySentence(trace)).toBe('Not rated: not applicable — A value judgement is not settled by evidence.');
  });

  it('gives a refusal for insufficient evidence, with the engine’s reason', () => {
    const trace = score(claim({ links: [{ id: 'a', relevance: 'context-only' }] }));
    const reason = trace.result.reason!;
    expect(reason.length).toBeGreaterThan(0);
    expect(summarySentence(trace)).toBe(`Not rated: insufficient evidence — ${reason}`);
  });
});
