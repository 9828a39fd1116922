/**
 * Bidirectional controls (the embeddings, overrides and isolates, U+202A–U+202E and U+2066–U+2069)
 * reorder the text around them wherever it is shown: in any text of a claim or a model file they
 * are refused by file, line and field, written raw or as an escape, as voter names' were. The
 * left-to-right and right-to-left marks, which right-to-left text needs, stay.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse, stringify } from 'yaml';
import { formatProblem } from '../../../src/lib/input/problems.ts';
import { validateClaim } from '../../../src/lib/input/validate.ts';
import { validateModel } from '../../../src/lib/input/validateModel.ts';
import { parseYaml } from '../../../src/lib/input/yamlSource.ts';
import { FIXTURE_MODELS, FIXTURES } from '../../support/cli.ts';

type Item = Record<string, unknown>;
type Loose = Record<string, Item[]>;
const CLAIM = readFileSync(join(FIXTURES, 'claims', 'water-plant.yaml'), 'utf8');
const MODEL = readFileSync(join(FIXTURE_MODELS, 'ledger-strict@0.1.0.yaml'), 'utf8');

function problems(file: string, text: string, model = false): string[] {
  const { parsed, problems: found } = parseYaml(file, text);
  if (!parsed) return found.map(formatProblem);
  return (model ? validateModel(parsed) : validateClaim(parsed)).problems.map(formatProblem);
}

const edited = (edit: (c: Loose) => void): string => {
  const claim = parse(CLAIM) as Loose;
  edit(claim);
  return stringify(claim, { lineWidth: 0 });
};

const CONTROLS = ['\u202a', '\u202b', '\u202c', '\u202d', '\u202e', '\u2066', '\u2067', '\u2068', '\u2069'];
const hex = (c: string): string => `U+${c.codePointAt(0)!.toString(16).toUpperCase()}`;

describe('a bidirectional control in a claim', () => {
  const fields: [string, (c: Loose, text: string) => void][] = [
    ['statement', (c, t) => (c['statement'] = t as never)],
    ['note', (c, t) => (c['note'] = t as never)],
    ['type', (c, t) => (c['type'] = t as never)],
    ['author', (c, t) => (c['author'] = t as never)],
    ['sources[1].name', (c, t) => (c['sources']![1]!['name'] = t)],
    ['evidence[0].passage', (c, t) => (c['evidence']![0]!['passage'] = t)],
    ['evidence[0].locator', (c, t) => (c['evidence']![0]!['locator'] = t)],
    ['evidence[0].recordedBy', (c, t) => (c['evidence']![0]!['recordedBy'] = t)],
    ['reviews[0].by', (c, t) => (c['reviews']![0]!['by'] = t)],
    ['votes[0].voter', (c, t) => (c['votes']![0]!['voter'] = t)],
    ['claimant.name', (c, t) => (c['claimant'] = { name: t } as never)],
  ];
  it.each(fields)('in %s is refused by line and field, naming the character', (field, set) => {
    for (const control of CONTROLS) {
      const found = problems(
        'c.yaml',
        edited((c) => set(c, `Eastbrook Gazette ${control}txt.exe`)),
      );
      expect(found[0]).toMatch(
        new RegExp(
          `^c\\.yaml:\\d+: ${field.replace(/[.[\]]/g, '\\$&')}: holds the bidirectional control ${hex(control).replace('+', '\\+')}, `,
        ),
      );
    }
  });

  it('is refused written as an escape too, and in a key', () => {
    expect(problems('c.yaml', CLAIM.replace(/^statement: .*$/m, 'statement: "a \\u202E b"'))).toEqual([
      expect.stringMatching(/^c\.yaml:1: statement: holds the bidirectional control U\+202E, /),
    ]);
    expect(problems('c.yaml', `"x\u2067": 1\n${CLAIM}`)[0]).toMatch(
      /^c\.yaml:1: x\u2067: holds the bidirectional control U\+2067/,
    );
  });

  it('is refused in every text of a model (its summary, a reason, a level)', () => {
    const model = parse(MODEL) as Record<string, Record<string, unknown>>;
    model['summary'] = 'A model \u202eledom' as never;
    model['relevance']!['states\u2066-outright'] = '1';
    const found = problems('m.yaml', stringify(model), true);
    expect(found).toEqual([
      expect.stringMatching(/^m\.yaml:\d+: summary: holds the bidirectional control U\+202E/),
      expect.stringMatching(/^m\.yaml:\d+: relevance\.states\u2066-outright: holds the bidirectional control U\+2066/),
    ]);
  });

  it('leaves the left-to-right and right-to-left marks that right-to-left text needs', () => {
    expect(
      problems(
        'c.yaml',
        edited((c) => (c['statement'] = 'The clinic \u200fעיר\u200e met its target.' as never)),
      ),
    ).toEqual([]);
  });

  it('lists at most 50 problems in a file, and how many more there were', () => {
    const claim = parse(CLAIM) as Loose;
    claim['votes'] = Array.from({ length: 80 }, (_, i) => ({
      voter: `v${i}\u202e`,
      reputation: 1,
      value: 0.5,
    }));
    const found = problems('c.yaml', stringify(claim));
    expect(found).toHaveLength(51);
    expect(found[50]).toMatch(/and 30 more problems in this file, not listed \(the first 50 are\)/);
  });
});
