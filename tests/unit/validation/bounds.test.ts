/**
 * Every field is bounded by what a page can show (docs/design.md §3, docs/refusals.md): a text at
 * its bound passes and one character more is refused by file, line and field; a list at its bound
 * passes and one item more is refused. The bounds are the documented numbers, written here as the
 * docs state them. At the bound of links, every formula of the claim's pages still typesets.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse, stringify } from 'yaml';
import { score } from '../../../src/engine/index.ts';
import { toLatex } from '../../../src/lib/claim/claimLatex.ts';
import { workedSumLatex } from '../../../src/lib/model/modelLatex.ts';
import { formatProblem } from '../../../src/lib/input/problems.ts';
import { validateClaim } from '../../../src/lib/input/validate.ts';
import { validateModel } from '../../../src/lib/input/validateModel.ts';
import { parseYaml } from '../../../src/lib/input/yamlSource.ts';
import { tex } from '../../../src/lib/render/tex.ts';
import { FIXTURE_MODELS, FIXTURES } from '../../support/cli.ts';
import { strictModel } from '../../support/model.ts';

type Loose = Record<string, unknown> & { evidence: Record<string, unknown>[] };
const CLAIM = readFileSync(join(FIXTURES, 'claims', 'water-plant.yaml'), 'utf8');
const MODEL = readFileSync(join(FIXTURE_MODELS, 'ledger-strict@0.1.0.yaml'), 'utf8');

/** The problems of a claim edited by `edit`, formatted as `check` prints them. */
function claimProblems(edit: (claim: Loose) => void): string[] {
  const claim = parse(CLAIM) as Loose;
  edit(claim);
  const { parsed, problems } = parseYaml('c.yaml', stringify(claim, { lineWidth: 0 }));
  return parsed ? validateClaim(parsed).problems.map(formatProblem) : problems.map(formatProblem);
}

function modelProblems(edit: (model: Record<string, unknown>) => void): string[] {
  const model = parse(MODEL) as Record<string, unknown>;
  edit(model);
  const { parsed, problems } = parseYaml('m.yaml', stringify(model, { lineWidth: 0 }));
  return parsed ? validateModel(parsed).problems.map(formatProblem) : problems.map(formatProblem);
}

const link = (i: number, source = 'city-lab'): Record<string, unknown> => ({
  id: `l${i}`,
  source,
  direction: i % 3 === 0 ? 'opposes' : 'supports',
  passage: 'x',
  relevance: 'states-outright',
  observation: 'official-record',
  interpretationSteps: 0,
});

describe('a claim’s texts are bounded', () => {
  const texts: [string, number, (c: Loose, text: string) => void][] = [
    ['statement', 1_000, (c, t) => (c['statement'] = t)],
    ['note', 10_000, (c, t) => (c['note'] = t)],
    ['evidence[0].passage', 2_000, (c, t) => (c.evidence[0]!['passage'] = t)],
    ['evidence[0].locator', 500, (c, t) => (c.evidence[0]!['locator'] = t)],
    ['author', 200, (c, t) => (c['author'] = t)],
    ['sources[1].name', 200, (c, t) => ((c['sources'] as Record<string, unknown>[])[1]!['name'] = t)],
    ['votes[0].voter', 200, (c, t) => ((c['votes'] as Record<string, unknown>[])[0]!['voter'] = t)],
    ['evidence[0].recordedBy', 200, (c, t) => (c.evidence[0]!['recordedBy'] = t)],
    [
      'sources[0].url',
      2_000,
      (c, t) => ((c['sources'] as Record<string, unknown>[])[0]!['url'] = `https://e.org/${t.slice(14)}`),
    ],
  ];
  it.each(texts)('%s: %i characters pass, one more is refused by line and field', (field, max, set) => {
    expect(claimProblems((c) => set(c, 'a'.repeat(max)))).toEqual([]);
    const problems = claimProblems((c) => set(c, 'a'.repeat(max + 1)));
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(
      new RegExp(
        `^c\\.yaml:\\d+: ${field.replace(/[.[\]]/g, '\\$&')}: must be at most ${max.toLocaleString('en-GB')} characters \\(`,
      ),
    );
  });
});

describe('a claim’s lists are bounded', () => {
  const lists: [string, number, (c: Loose, n: number) => void][] = [
    ['evidence', 200, (c, n) => (c.evidence = Array.from({ length: n }, (_, i) => link(i)))],
    [
      'votes',
      1_000,
      (c, n) => (c['votes'] = Array.from({ length: n }, (_, i) => ({ voter: `v${i}`, reputation: 1, value: 0.5 }))),
    ],
    [
      'reviews',
      200,
      (c, n) =>
        (c['reviews'] = Array.from({ length: n }, (_, i) => ({
          check: 'opposing-search-done',
          by: `r${i}`,
          date: '2026-10-05',
        }))),
    ],
    [
      'appearances',
      200,
      (c, n) => (c['appearances'] = Array.from({ length: n }, () => ({ url: 'https://e.org/', date: '2026-01-01' }))),
    ],
  ];
  it.each(lists)('%s: %i items pass, one more is refused in one line', (field, max, set) => {
    expect(claimProblems((c) => set(c, max))).toEqual([]);
    expect(claimProblems((c) => set(c, max + 1))).toEqual([
      expect.stringMatching(new RegExp(`^c\\.yaml:\\d+: ${field}: must list at most ${max.toLocaleString('en-GB')} `)),
    ]);
  });

  it('refuses the 2,100 links that made KaTeX stop the build, naming the file and field', () => {
    expect(claimProblems((c) => (c.evidence = Array.from({ length: 2_100 }, (_, i) => link(i))))).toEqual([
      expect.stringMatching(/^c\.yaml:\d+: evidence: must list at most 200 evidence links \(each is a row/),
    ]);
  });

  it('typesets every formula of a claim at the bound of links, all counted', () => {
    const claim = parse(CLAIM) as Loose;
    claim.evidence = Array.from({ length: 200 }, (_, i) => link(i));
    const { parsed } = parseYaml('c.yaml', stringify(claim));
    const valid = validateClaim(parsed!).claim!;
    const trace = score(strictModel({ independence: 'count-every-link' }), 'c', valid, 'sha256:x');
    expect(trace.working.links.filter((l) => l.kept)).toHaveLength(200);
    const l = toLatex(trace);
    const all = [l.prior, l.supporting, l.opposing, l.sum, l.probability, l.rescore, l.gradient, workedSumLatex(trace)];
    const formulas = all.filter((f): f is string => typeof f === 'string');
    for (const formula of formulas) expect(() => tex(formula, true)).not.toThrow();
  });
});

describe('a model’s tables and lists are bounded', () => {
  it('refuses a 21st state, a 51st level and a level name of 65 characters, each by its field', () => {
    const states = Array.from({ length: 21 }, (_, i) => ({
      from: i === 0 ? 0 : `0.${String(i).padStart(2, '0')}`,
      state: `s${i}`,
    }));
    expect(modelProblems((m) => (m['states'] = states))).toEqual([
      expect.stringMatching(/^m\.yaml:\d+: states: must list at most 20 states \(/),
    ]);
    expect(modelProblems((m) => (m['states'] = states.slice(0, 20)))).toEqual([]);
    const levels = Object.fromEntries(Array.from({ length: 51 }, (_, i) => [`level-${i}`, '0.5']));
    expect(modelProblems((m) => (m['relevance'] = levels))).toEqual([
      expect.stringMatching(/^m\.yaml:\d+: relevance: has 51 relevance levels; a model may have at most 50 /),
    ]);
    expect(modelProblems((m) => (m['observation'] = { ['o'.repeat(65)]: '1' }))).toEqual([
      expect.stringMatching(/^m\.yaml:\d+: observation\.o{65}: must be at most 64 characters/),
    ]);
    expect(modelProblems((m) => (m['summary'] = 's'.repeat(2_001)))).toEqual([
      expect.stringMatching(/^m\.yaml:\d+: summary: must be at most 2,000 characters/),
    ]);
  });
});
