/** The every-model strip's line cut in two: the setting and its move shown, what the evidence does with it folded. */
import { describe, expect, it } from 'vitest';
import { everyModelWords, moveSentenceParts } from '../../../src/lib/claim/explainWords.ts';

describe('moveSentenceParts', () => {
  it('cuts after the bracket that says how far the setting moves the log-odds, a model id’s dots kept', () => {
    expect(
      moveSentenceParts(
        'Weight for a document: 0.6 here, 0.8 under ledger@1.1.0 (log-odds −0.224000). 2 pieces of evidence for this claim are weighed with it.',
      ),
    ).toEqual({
      head: 'Weight for a document: 0.6 here, 0.8 under ledger@1.1.0 (log-odds −0.224000).',
      detail: '2 pieces of evidence for this claim are weighed with it.',
    });
  });

  it('leaves a sentence with nothing after its bracket, or with no bracket, whole', () => {
    expect(
      moveSentenceParts('Rounding rule: half-up here, half-even under ledger@1.1.0 (log-odds +0.000100).'),
    ).toEqual({
      head: 'Rounding rule: half-up here, half-even under ledger@1.1.0 (log-odds +0.000100).',
      detail: '',
    });
    expect(moveSentenceParts(everyModelWords.together)).toEqual({ head: everyModelWords.together, detail: '' });
  });
});
