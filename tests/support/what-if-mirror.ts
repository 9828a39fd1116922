/**
 * Random what-if edits drawn without a browser, and the edited claim worked out from them by hand
 * (independently of the panel's code): the browser tests make each edit with the panel's controls
 * (what-if.ts), and the unit tests make the same kinds of edit through the panel's own edit
 * functions (`src/lib/whatif/edits.ts`), both compared with the claim worked out here.
 */
import type { Claim, EvidenceLink, Model, Vote } from '../../src/engine/index.ts';

/** The level tables a reader picks from, as the claim file names them. */
export const TABLES = ['relevance', 'observation', 'authenticity', 'extraction'] as const;

/** One of the level tables. */
export type Table = (typeof TABLES)[number];

/** The what-if so far, as the test keeps it: plain sets and maps over the claim's own ids. */
export interface Mirror {
  model: string;
  off: Set<string>;
  levels: Map<string, Partial<Record<Table | 'interpretationSteps', string>>>;
  dropped: Set<string>;
  votes: Map<string, { value?: string; reputation?: string }>;
}

/** The published claim under the page's model, unedited. */
export const mirrorOf = (model: string): Mirror => ({
  model,
  off: new Set(),
  levels: new Map(),
  dropped: new Set(),
  votes: new Map(),
});

/** The edited claim, written out by hand from the claim and the mirror (not by the panel's code). */
export function editedClaim(claim: Claim, mirror: Mirror): Claim {
  const evidence: EvidenceLink[] = claim.evidence
    .filter((link) => !mirror.off.has(link.id))
    .map((link) => ({ ...link, ...mirror.levels.get(link.id) }));
  const votes: Vote[] = claim.votes
    .filter((vote) => !mirror.dropped.has(vote.voter))
    .map((vote) => ({ ...vote, ...mirror.votes.get(vote.voter) }));
  return { ...claim, evidence, votes };
}

/** Levels every given model declares, so that no edit is left out when the model changes. */
export function sharedLevels(models: readonly Model[]): Record<Table, string[]> {
  const shared = (table: Table): string[] =>
    Object.keys(models[0]![table]).filter((level) => models.every((m) => Object.hasOwn(m[table], level)));
  return {
    relevance: shared('relevance'),
    observation: shared('observation'),
    authenticity: shared('authenticity'),
    extraction: shared('extraction'),
  };
}

/** One edit a reader makes in the panel, by the index of the link or vote it touches. */
export type Edit =
  | { readonly kind: 'link'; readonly index: number; readonly on: boolean }
  | { readonly kind: 'level'; readonly index: number; readonly table: Table; readonly level: string }
  | { readonly kind: 'steps'; readonly index: number; readonly steps: string }
  | { readonly kind: 'vote'; readonly index: number; readonly kept: boolean }
  | {
      readonly kind: 'vote field';
      readonly index: number;
      readonly field: 'value' | 'reputation';
      readonly value: string;
    }
  | { readonly kind: 'model'; readonly model: string }
  | { readonly kind: 'reset' };

const pick = <T>(random: () => number, items: readonly T[]): T => items[Math.floor(random() * items.length)]!;

/**
 * Draws one random edit and makes it in the mirror: a link switched off or on, a level or the
 * interpretation steps changed, a vote dropped or given a new value or reputation, another model,
 * or (rarely) a reset to the page's own model. Returns the edit and what it did in words.
 */
export function drawEdit(
  random: () => number,
  claim: Claim,
  mirror: Mirror,
  modelIds: readonly string[],
  levels: Record<Table, string[]>,
  pageModel: string,
): { edit: Edit; words: string } {
  const roll = random();
  const index = Math.floor(random() * claim.evidence.length);
  const link = claim.evidence[index];
  const voteIndex = Math.floor(random() * claim.votes.length);
  const vote = claim.votes[voteIndex];
  if (roll < 0.25 && link !== undefined) {
    const on = mirror.off.has(link.id);
    if (on) mirror.off.delete(link.id);
    else mirror.off.add(link.id);
    return { edit: { kind: 'link', index, on }, words: `${on ? 'on' : 'off'} ${link.id}` };
  }
  if (roll < 0.55 && link !== undefined) {
    const table = pick(random, TABLES);
    const level = pick(random, levels[table]);
    mirror.levels.set(link.id, { ...mirror.levels.get(link.id), [table]: level });
    return { edit: { kind: 'level', index, table, level }, words: `${link.id} ${table} ${level}` };
  }
  if (roll < 0.65 && link !== undefined) {
    const steps = String(Math.floor(random() * 8));
    mirror.levels.set(link.id, { ...mirror.levels.get(link.id), interpretationSteps: steps });
    return { edit: { kind: 'steps', index, steps }, words: `${link.id} steps ${steps}` };
  }
  if (roll < 0.8 && vote !== undefined) {
    if (random() < 0.3) {
      const kept = mirror.dropped.has(vote.voter);
      if (kept) mirror.dropped.delete(vote.voter);
      else mirror.dropped.add(vote.voter);
      return { edit: { kind: 'vote', index: voteIndex, kept }, words: `${kept ? 'keep' : 'drop'} vote ${vote.voter}` };
    }
    const field = random() < 0.5 ? 'value' : 'reputation';
    const value =
      field === 'value'
        ? pick(random, ['0', '0.05', '0.5', '0.73', '1'])
        : pick(random, ['0', '3', '120', '800', '25000', '-4']);
    mirror.votes.set(vote.voter, { ...mirror.votes.get(vote.voter), [field]: value });
    return {
      edit: { kind: 'vote field', index: voteIndex, field, value },
      words: `vote ${vote.voter} ${field} ${value}`,
    };
  }
  if (roll < 0.97) {
    const model = pick(random, modelIds);
    mirror.model = model;
    return { edit: { kind: 'model', model }, words: `model ${model}` };
  }
  Object.assign(mirror, mirrorOf(pageModel));
  return { edit: { kind: 'reset' }, words: 'reset' };
}

/**
 * The browser test's sample (tests/e2e/what-if.spec.ts): claims of the repository with several
 * links and votes first, each page under its own model, and its seed; `SAMPLE_EDITS` edits each.
 * With these seeds the sample makes every kind of edit (a unit test checks it).
 */
export const SAMPLE = [
  { slug: 'eastbrook-burglaries-fell', model: null, seed: 1000 },
  { slug: 'who-benefits-from-the-ring-road', model: 'ledger-counted@1.0.0', seed: 1001 },
  { slug: 'millford-bus-ridership-fell', model: 'ledger-strict@0.1.0', seed: 1002 },
  { slug: 'eastbrook-lead-limit', model: null, seed: 1003 },
  { slug: 'river-lark-record-level', model: 'ledger-sceptic@1.0.0', seed: 1004 },
  { slug: 'ashcombe-clinic-waiting-times', model: null, seed: 1005 },
  { slug: 'old-mill-sold-below-valuation', model: 'ledger@1.0.0', seed: 1006 },
  { slug: 'larkfield-school-idling-pollution', model: null, seed: 1007 },
] as const;

/** Edits a claim page of the browser test's sample. */
export const SAMPLE_EDITS = 10;
