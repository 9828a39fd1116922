import { describe, expect, it } from 'vitest';
import type { Model } from '../../../src/engine/index.ts';
import { loadLedger } from '../../../src/lib/input/load.ts';
import { queryWith, readWhatIf, whatIfInQuery, writeWhatIf } from '../../../src/lib/whatif/address.ts';

const { ledger } = loadLedger({ content: 'content', models: 'models' });
const models = new Map<string, Model>(ledger!.models.map((m) => [m.id, m.model]));
const claim = ledger!.claims.find((c) => c.slug === 'eastbrook-burglaries-fell')!.claim;
const PAGE = 'ledger@1.1.0';
const read = (value: string) => readWhatIf(value, claim, models, PAGE);

describe('a what-if address', () => {
  it('reads every kind of change and writes it back the same', () => {
    const value =
      'model:ledger-strict@0.1.0;off:gazette-rise;set:police-table:steps:2;set:police-table:authenticity:doubted;drop:t.mensah;vote:g.farah:0.3:;add:new:opposes:bears-directly:document:1:verified:unverified';
    const { whatIf, notes } = read(value);
    expect(notes).toEqual([]);
    expect(whatIf.model).toBe('ledger-strict@0.1.0');
    expect(whatIf.links.get('gazette-rise')).toEqual({ off: true });
    expect(whatIf.links.get('police-table')).toEqual({ levels: { interpretationSteps: '2', authenticity: 'doubted' } });
    expect(whatIf.votes.get('t.mensah')).toEqual({ drop: true });
    expect(whatIf.votes.get('g.farah')).toEqual({ value: '0.3' });
    expect(whatIf.added).toHaveLength(1);
    expect(writeWhatIf(whatIf)).toBe(value);
  });

  it('keeps a step anchor and other parameters, and drops an empty what-if', () => {
    const { whatIf } = read('off:gazette-rise');
    expect(queryWith('?x=1', whatIf)).toBe('?x=1&what-if=off:gazette-rise');
    expect(queryWith('?what-if=off:gazette-rise', read('').whatIf)).toBe('');
    expect(whatIfInQuery('?a=b&what-if=off:x')).toBe('off:x');
    expect(whatIfInQuery('?a=b')).toBeNull();
  });

  it.each([
    ['off:no-such-link', 'this claim has no evidence link “no-such-link”'],
    ['set:police-table:relevance:cosmic', 'has no relevance level cosmic'],
    ['set:police-table:colour:red', 'there is no level “colour”'],
    ['set:police-table:steps:99999999999', 'interpretation steps must be a whole number from 0 to 1000'],
    ['vote:g.farah:1e999999999:', 'is out of range'],
    ['vote:g.farah:2:', 'a vote must be between 0 and 1'],
    ['model:ledger@9.9.9', 'is not a released model'],
    ['off:<script>alert(1)</script>', 'this claim has no evidence link “<script>alert(1)</script>”'],
    ['vote:%3Cimg%20src%3Dx%20onerror%3Dalert(1)%3E:0.5:', 'this claim has no vote by “<img src=x onerror=alert(1)>”'],
    ['off:%E0%A4%A', 'it is not written correctly'],
    ['launch:missiles', 'it is not a change the what-if panel makes'],
    ['add:new:sideways:bears-directly:document:0:verified:verified', 'a link supports or opposes'],
  ])('ignores %s with a note, changing nothing', (value, note) => {
    const { whatIf, notes } = read(value);
    expect(notes).toHaveLength(1);
    expect(notes[0]).toContain(note);
    expect(writeWhatIf(whatIf)).toBe('');
  });

  it('ignores an address too long to be a what-if, whole', () => {
    const { whatIf, notes } = read('off:gazette-rise;'.repeat(1000));
    expect(writeWhatIf(whatIf)).toBe('');
    expect(notes).toEqual(['The what-if in this address is longer than 8000 characters and was ignored.']);
  });
});
