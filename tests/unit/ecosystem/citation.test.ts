import { describe, expect, it } from 'vitest';
import {
  bibtex,
  bibtexEscape,
  bibtexUrl,
  citationKey,
  citationText,
  cslItems,
  cslJson,
  type CitationInput,
} from '../../../src/lib/publish/citation.ts';

const input: CitationInput = {
  slug: 'rates-rose',
  statement: 'Rates rose 5% & fell_2 {twice} #1 ~$3^ \\o/',
  model: 'ledger@1.1.0',
  configHash: 'sha256:abc123',
  permalink: 'https://ledger.test/claims/rates-rose/ledger@1.1.0/',
  date: '2026-11-30',
};

describe('citationText', () => {
  it('names the site, the statement, the model, its config hash, the date and the permalink', () => {
    expect(citationText(input)).toBe(
      'The claim ledger. “Rates rose 5% & fell_2 {twice} #1 ~$3^ \\o/” Scored under model ledger@1.1.0 (config hash sha256:abc123). 30 November 2026. https://ledger.test/claims/rates-rose/ledger@1.1.0/',
    );
  });
});

describe('citationKey', () => {
  it('keeps letters and digits and joins the rest with single hyphens', () => {
    expect(citationKey(input)).toBe('claim-ledger-rates-rose-ledger-1-1-0');
  });
});

describe('CSL-JSON', () => {
  it('is one webpage item authored by the site, issued on the build date', () => {
    expect(cslItems(input)).toEqual([
      {
        id: 'claim-ledger-rates-rose-ledger-1-1-0',
        type: 'webpage',
        title: input.statement,
        author: [{ literal: 'The claim ledger' }],
        'container-title': 'The claim ledger',
        URL: input.permalink,
        version: 'ledger@1.1.0',
        note: 'Scored under model ledger@1.1.0, config hash sha256:abc123',
        issued: { 'date-parts': [[2026, 11, 30]] },
      },
    ]);
  });

  it('is valid JSON that parses back to the item', () => {
    expect(JSON.parse(cslJson(input))).toEqual(cslItems(input));
  });

  it('is laid out to be read: two-space indents, a short part on one line', () => {
    const lines = cslJson(input).split('\n');
    expect(lines.slice(0, 3)).toEqual(['[', '  {', '    "id": "claim-ledger-rates-rose-ledger-1-1-0",']);
    expect(lines).toContain('    "author": [{"literal": "The claim ledger"}],');
    expect(lines).toContain('    "issued": {"date-parts": [[2026, 11, 30]]}');
  });
});

describe('bibtexEscape', () => {
  it.each([
    ['5%', '5\\%'],
    ['A & B', 'A \\& B'],
    ['a_b', 'a\\_b'],
    ['#1', '\\#1'],
    ['$3', '\\$3'],
    ['{x}', '\\{x\\}'],
    ['~', '\\textasciitilde{}'],
    ['^', '\\textasciicircum{}'],
    ['\\', '\\textbackslash{}'],
    ['plain words, “quoted”', 'plain words, “quoted”'],
  ])('writes %j as %j', (text, expected) => {
    expect(bibtexEscape(text)).toBe(expected);
  });

  it('leaves braces balanced whatever the text', () => {
    const escaped = bibtexEscape('}{ \\ {{ }');
    let depth = 0;
    for (let i = 0; i < escaped.length; i += 1) {
      if (escaped[i] === '\\') {
        i += 1;
        continue;
      }
      if (escaped[i] === '{') depth += 1;
      if (escaped[i] === '}') depth -= 1;
      expect(depth).toBeGreaterThanOrEqual(0);
    }
    expect(depth).toBe(0);
  });
});

describe('bibtexUrl', () => {
  it('escapes what \\url cannot take inside another command’s argument', () => {
    expect(bibtexUrl('https://x.test/a%20b#c')).toBe('https://x.test/a\\%20b\\#c');
  });
});

describe('bibtex', () => {
  const entry = bibtex(input);

  it('is a @misc entry keyed by claim and model', () => {
    expect(entry.startsWith('@misc{claim-ledger-rates-rose-ledger-1-1-0,\n')).toBe(true);
    expect(entry.endsWith('\n}')).toBe(true);
  });

  it('escapes the title and keeps its capitals with a second pair of braces', () => {
    expect(entry).toContain(
      '  title = {{Rates rose 5\\% \\& fell\\_2 \\{twice\\} \\#1 \\textasciitilde{}\\$3\\textasciicircum{} \\textbackslash{}o/}},\n',
    );
  });

  it('names the site as one corporate author', () => {
    expect(entry).toContain('  author = {{The claim ledger}},\n');
  });

  it('gives the permalink, the model and config hash, and the build’s year and month', () => {
    expect(entry).toContain('  howpublished = {\\url{https://ledger.test/claims/rates-rose/ledger@1.1.0/}},\n');
    expect(entry).toContain('  url = {https://ledger.test/claims/rates-rose/ledger@1.1.0/},\n');
    expect(entry).toContain('  note = {Scored under model ledger@1.1.0, config hash sha256:abc123},\n');
    expect(entry).toContain('  year = {2026},\n');
    expect(entry).toContain('  month = nov,\n');
    expect(entry).toContain('  urldate = {2026-11-30},\n');
  });

  it('refuses a date that is not YYYY-MM-DD', () => {
    expect(() => bibtex({ ...input, date: '30/11/2026' })).toThrow(/YYYY-MM-DD/);
  });
});
