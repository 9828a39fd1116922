import { XMLParser } from 'fast-xml-parser';
import { describe, expect, it } from 'vitest';
import {
  atomXml,
  claimsFeed,
  claimUpdated,
  dateTime,
  modelsFeed,
  xmlEscape,
  type AtomFeed,
  asSentence,
} from '../../../src/lib/publish/feeds.ts';
import { strictModel } from '../../support/model.ts';
import { insufficient, notApplicable, scored, SITE } from './fixtures.ts';

/** RFC 3339 date-time (section 5.6), as Atom requires for every timestamp. */
const RFC3339 = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d+)?(?:Z|[+-]\d{2}:\d{2})$/;

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@',
  isArray: (name) => ['entry', 'link', 'author', 'category'].includes(name),
  textNodeName: '#text',
});

type Node = Record<string, unknown>;
/** The text of an element, whether the parser gave it as a string or as an object with attributes. */
const text = (node: unknown): string => {
  const value = typeof node === 'object' && node !== null ? (node as Node)['#text'] : node;
  return typeof value === 'string' || typeof value === 'number' ? String(value) : '';
};
const links = (node: Node): Node[] => node['link'] as Node[];

/** Parses a feed and checks every element RFC 4287 requires of a feed and its entries. */
function checkAtom(xml: string): { feed: Node; entries: Node[] } {
  // Well-formedness is checked by a strict XML parser (Chromium's) in tests/e2e/ecosystem-feeds.spec.ts.
  const doc = parser.parse(xml) as Node;
  const feed = doc['feed'] as Node;
  expect(feed['@xmlns']).toBe('http://www.w3.org/2005/Atom');
  for (const key of ['id', 'title', 'updated']) expect(text(feed[key]), `feed ${key}`).not.toBe('');
  expect(text(feed['updated'])).toMatch(RFC3339);
  expect((feed['author'] as Node[])[0]!['name']).toBeTruthy();
  const self = links(feed).find((l) => l['@rel'] === 'self');
  expect(self?.['@href']).toBe(text(feed['id']));
  const entries = (feed['entry'] as Node[] | undefined) ?? [];
  for (const entry of entries) {
    for (const key of ['id', 'title', 'updated']) expect(text(entry[key]), `entry ${key}`).not.toBe('');
    expect(text(entry['updated'])).toMatch(RFC3339);
    expect(text(entry['published'])).toMatch(RFC3339);
    // An entry with no content of its own needs an alternate link; ours have both.
    expect(links(entry).filter((l) => (l['@rel'] ?? 'alternate') === 'alternate')).toHaveLength(1);
  }
  const ids = entries.map((e) => text(e['id']));
  expect(new Set(ids).size, 'entry ids are unique').toBe(ids.length);
  return { feed, entries };
}

describe('xmlEscape', () => {
  it.each([
    ['a & b', 'a &amp; b'],
    ['<b>', '&lt;b&gt;'],
    ['say "hi"', 'say &quot;hi&quot;'],
    ['bell\u0007 and \u0000 nul', 'bell and  nul'],
    ['tab\tand\nnewline', 'tab\tand\nnewline'],
  ])('writes %j as %j', (input, expected) => {
    expect(xmlEscape(input)).toBe(expected);
  });
});

describe('dateTime', () => {
  it('writes a date as midnight UTC in RFC 3339', () => {
    expect(dateTime('2026-11-16')).toBe('2026-11-16T00:00:00Z');
    expect(dateTime('2026-11-16')).toMatch(RFC3339);
  });
  it('refuses anything that is not a calendar date', () => {
    expect(() => dateTime('16/11/2026')).toThrow(/YYYY-MM-DD/);
  });
});

describe('the models feed', () => {
  const older = { id: 'ledger-strict@0.1.0', model: strictModel() };
  const newer = {
    id: 'ledger-strict@0.2.0',
    model: strictModel({
      version: '0.2.0',
      released: '2026-11-20',
      basedOn: 'ledger-strict@0.1.0',
      summary: 'Tighter <rules> & "more"',
      changes: ['One', 'Two'],
    }),
  };
  const feed = modelsFeed([older, newer], older.id, SITE, '2026-12-01');
  const { feed: parsed, entries } = checkAtom(atomXml(feed));

  it('has one entry per released model, newest release first, each at its model page', () => {
    expect(entries.map((e) => text(e['id']))).toEqual([
      'https://ledger.test/models/ledger-strict@0.2.0/',
      'https://ledger.test/models/ledger-strict@0.1.0/',
    ]);
    expect(links(entries[0]!)[0]).toMatchObject({
      '@rel': 'alternate',
      '@type': 'text/html',
      '@href': 'https://ledger.test/models/ledger-strict@0.2.0/',
    });
  });

  it('dates each entry by its release and the feed by the newest one (not the build)', () => {
    expect(entries.map((e) => text(e['updated']))).toEqual(['2026-11-20T00:00:00Z', '2026-11-02T00:00:00Z']);
    expect(text(parsed['updated'])).toBe('2026-11-20T00:00:00Z');
  });

  it('escapes a summary into text that parses back unchanged', () => {
    expect(text(entries[0]!['summary'])).toBe('Tighter <rules> & "more"');
    expect(text(entries[0]!['content'])).toContain('- One\n- Two');
  });

  it('marks the default model', () => {
    expect(text(entries[1]!['title'])).toBe('Model ledger-strict@0.1.0 released (the default model)');
  });

  it('is dated by the build when there are no models', () => {
    expect(modelsFeed([], older.id, SITE, '2026-12-01').updated).toBe('2026-12-01T00:00:00Z');
  });
});

describe('the claims feed', () => {
  const claims = [scored, insufficient, notApplicable].map((trace) => ({
    slug: trace.claim,
    claim: trace.input,
    trace,
  }));
  const feed: AtomFeed = claimsFeed(claims, SITE, '2026-12-01');
  const { feed: parsed, entries } = checkAtom(atomXml(feed));

  it('is dated by a claim’s latest review when that is later than its recording', () => {
    expect(scored.input.recorded).toBe('2026-10-02');
    expect(claimUpdated(scored.input)).toBe('2026-10-20');
    expect(claimUpdated(insufficient.input)).toBe('2026-10-02');
  });

  it('lists the most recently changed claim first and dates the feed by it', () => {
    expect(text(entries[0]!['id'])).toBe('https://ledger.test/claims/rates-rose/');
    expect(text(entries[0]!['updated'])).toBe('2026-10-20T00:00:00Z');
    expect(text(entries[0]!['published'])).toBe('2026-10-02T00:00:00Z');
    expect(text(parsed['updated'])).toBe('2026-10-20T00:00:00Z');
  });

  it('titles each entry with the statement, escaped and parsed back intact', () => {
    expect(text(entries[0]!['title'])).toBe(scored.input.statement);
    expect(atomXml(feed)).not.toContain('</script>');
  });

  it('summarises the state and probability, or the refusal and its reason', () => {
    const byId = new Map(entries.map((e) => [text(e['id']), text(e['summary'])]));
    expect(byId.get('https://ledger.test/claims/rates-rose/')).toBe(
      `${scored.result.state}, probability ${scored.result.probability} under ledger-strict@0.1.0.`,
    );
    // The engine's reasons are sentences with their own full stop: the summary ends with that one.
    expect(insufficient.result.reason).toMatch(/[^.]\.$/);
    expect(byId.get('https://ledger.test/claims/no-evidence/')).toBe(
      `insufficient-evidence under ledger-strict@0.1.0: ${insufficient.result.reason}`,
    );
    expect(byId.get('https://ledger.test/claims/ugly-bridge/')).toBe(
      `not-applicable under ledger-strict@0.1.0: ${notApplicable.result.reason}`,
    );
    for (const summary of byId.values()) expect(summary).not.toMatch(/\.\.$/);
  });

  it.each([
    ['no full stop', 'It was not scored', 'It was not scored.'],
    ['a full stop', 'It was not scored.', 'It was not scored.'],
    ['a question mark', 'Was it scored?', 'Was it scored?'],
    ['trailing space', 'It was not scored. ', 'It was not scored.'],
  ])('ends a summary with one full stop (%s)', (_name, text, expected) => {
    expect(asSentence(text)).toBe(expected);
  });

  it('names each claim’s author and type', () => {
    expect((entries[0]!['author'] as Node[])[0]!['name']).toBe('a.writer');
    expect((entries[0]!['category'] as Node[])[0]!['@term']).toBe('factual');
  });
});
