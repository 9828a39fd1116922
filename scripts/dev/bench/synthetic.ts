/**
 * Synthetic but realistic content for the benchmark: claims with 0 to 12 evidence links over 1 to 5
 * sources, reviews (some by the author), votes (some with zero or fractional reputation) and every
 * claim type the released models know, refusals included. A seeded generator, so that the same N
 * gives the same files on every run.
 */
import type { Claim } from '../../../src/engine/index.ts';
import { reviewDate } from '../../../src/engine/index.ts';

/** A small seeded pseudo-random generator (mulberry32): the same seed gives the same sequence. */
export function generator(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Claim types, weighted towards the scored ones as a real ledger would be. */
const TYPES = [
  ...Array<string>(5).fill('factual'),
  ...Array<string>(4).fill('statistical'),
  ...Array<string>(2).fill('causal'),
  'prediction',
  'value-judgement',
  'rhetorical-question',
  'anecdote',
];
const RELEVANCE = ['states-outright', 'bears-directly', 'bears-directly', 'touches-subject', 'context-only'];
const OBSERVATION = [
  'measurement',
  'official-record',
  'document',
  'first-hand-account',
  'second-hand-report',
  'rumour',
  'model-output',
];
const VERIFICATION = ['unverified', 'unverified', 'verified', 'verified', 'doubted', 'refuted'];
const CHECKS = ['primary-source-reviewed', 'opposing-search-done', 'independence-reviewed', 'qualifiers-reviewed'];
const PEOPLE = [
  'r.okafor',
  'm.ito',
  'a.haddad',
  't.mensah',
  's.byrne',
  'l.chen',
  'd.kaur',
  'p.novak',
  'e.walsh',
  'g.farah',
];
const TOWNS = ['Eastbrook', 'Ashcombe', 'Larkfield', 'Westmere', 'Holloway Cross'];
const SUBJECTS = ['water plant', 'library', 'bus depot', 'clinic', 'recycling centre', 'school', 'council', 'bridge'];
const WORDS =
  'the report says figures for year were above below target quarter each survey record shows that of in and by'.split(
    ' ',
  );

/** A claim file's content, in the loader's normalised form, for claim number `i`. */
export function syntheticClaim(i: number, seed = 1): Claim {
  const random = generator(seed * 1_000_003 + i);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)]!;
  const int = (low: number, high: number): number => low + Math.floor(random() * (high - low + 1));
  const sentence = (words: number): string => {
    const text = Array.from({ length: words }, () => pick(WORDS)).join(' ');
    return `${text[0]!.toUpperCase()}${text.slice(1)}.`;
  };
  const author = pick(PEOPLE);
  const sourceCount = int(1, 5);
  const sources = Array.from({ length: sourceCount }, (_, s) => ({
    id: `source-${s + 1}`,
    name: `${pick(TOWNS)} ${pick(SUBJECTS)} record ${s + 1}`,
    url: random() < 0.8 ? `https://example.org/claim-${i}/source-${s + 1}` : null,
  }));
  const evidence = Array.from({ length: int(0, 12) }, (_, e) => ({
    id: `link-${e + 1}`,
    source: `source-${int(1, sourceCount)}`,
    direction: random() < 0.65 ? ('supports' as const) : ('opposes' as const),
    passage: sentence(int(8, 30)),
    locator: random() < 0.7 ? `page ${int(1, 200)}` : null,
    relevance: pick(RELEVANCE),
    observation: pick(OBSERVATION),
    interpretationSteps: String(random() < 0.5 ? 0 : int(1, 4)),
    authenticity: pick(VERIFICATION),
    extraction: pick(VERIFICATION),
    recordedBy: random() < 0.8 ? pick(PEOPLE) : null,
  }));
  const reviews = Array.from({ length: int(0, 5) }, () => ({
    check: random() < 0.95 ? pick(CHECKS) : 'date-checked',
    by: random() < 0.15 ? author : pick(PEOPLE),
    date: `2026-10-${String(int(10, 28)).padStart(2, '0')}`,
  }));
  const reputation = (): string => {
    const r = random();
    if (r < 0.05) return '0';
    if (r < 0.08) return String(int(1, 99) / 10);
    return String(int(1, 5000));
  };
  const votes = Array.from({ length: random() < 0.25 ? 0 : int(1, 8) }, (_, v) => ({
    voter: `voter-${v + 1}`,
    reputation: reputation(),
    value: String(int(0, 20) / 20),
  }));
  return {
    statement: `${pick(TOWNS)} ${pick(SUBJECTS)}: ${sentence(int(8, 20))}`,
    type: pick(TYPES),
    author,
    recorded: `2026-${String(int(1, 9)).padStart(2, '0')}-${String(int(10, 28)).padStart(2, '0')}`,
    note: random() < 0.3 ? sentence(int(10, 40)) : null,
    sources,
    evidence,
    reviews,
    votes,
  };
}

/** The slug of synthetic claim number `i`. */
export function syntheticSlug(i: number): string {
  return `synthetic-claim-${String(i + 1).padStart(5, '0')}`;
}

const quote = (text: string): string => JSON.stringify(text);

/** A claim as a YAML file, written the way an editor would write it. */
export function claimYaml(claim: Claim): string {
  const lines = [
    `statement: ${quote(claim.statement)}`,
    `type: ${claim.type}`,
    `author: ${claim.author}`,
    `recorded: ${claim.recorded}`,
    ...(claim.note === null ? [] : [`note: ${quote(claim.note)}`]),
    'sources:',
    ...claim.sources.map(
      (s) => `  - { id: ${s.id}, name: ${quote(s.name)}${s.url === null ? '' : `, url: ${s.url}`} }`,
    ),
    ...(claim.evidence.length === 0 ? ['evidence: []'] : ['evidence:']),
    ...claim.evidence.flatMap((e) => [
      `  - id: ${e.id}`,
      `    source: ${e.source}`,
      `    direction: ${e.direction}`,
      `    passage: ${quote(e.passage)}`,
      ...(e.locator === null ? [] : [`    locator: ${quote(e.locator)}`]),
      `    relevance: ${e.relevance}`,
      `    observation: ${e.observation}`,
      `    interpretationSteps: ${e.interpretationSteps}`,
      `    authenticity: ${e.authenticity}`,
      `    extraction: ${e.extraction}`,
      ...(e.recordedBy === null ? [] : [`    recordedBy: ${e.recordedBy}`]),
    ]),
    ...(claim.reviews.length === 0
      ? []
      : ['reviews:', ...claim.reviews.map((r) => `  - { check: ${r.check}, by: ${r.by}, date: ${reviewDate(r)} }`)]),
    ...(claim.votes.length === 0
      ? []
      : [
          'votes:',
          ...claim.votes.map((v) => `  - { voter: ${v.voter}, reputation: ${v.reputation}, value: ${v.value} }`),
        ]),
  ];
  return `${lines.join('\n')}\n`;
}
