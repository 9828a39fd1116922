/**
 * Random what-if edits for the browser tests, made twice: as a reader makes them in the panel
 * (Playwright actions on its labelled controls) and, independently of the panel's code, as the
 * edited claim the test runner scores with the Node engine.
 */
import type { Page } from '@playwright/test';
import type { Claim, EvidenceLink, Model, Vote } from '../../src/engine/index.ts';

/** A seeded pseudo-random source (mulberry32): the same seed gives the same edits. */
export function seeded(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The level tables a reader picks from, as the claim file names them. */
const TABLES = ['relevance', 'observation', 'authenticity', 'extraction'] as const;

/** The what-if so far, as the test keeps it: plain sets and maps over the claim's own ids. */
export interface Mirror {
  model: string;
  off: Set<string>;
  levels: Map<string, Partial<Record<(typeof TABLES)[number] | 'interpretationSteps', string>>>;
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
export function sharedLevels(models: readonly Model[]): Record<(typeof TABLES)[number], string[]> {
  const shared = (table: (typeof TABLES)[number]): string[] =>
    Object.keys(models[0]![table]).filter((level) => models.every((m) => Object.hasOwn(m[table], level)));
  return {
    relevance: shared('relevance'),
    observation: shared('observation'),
    authenticity: shared('authenticity'),
    extraction: shared('extraction'),
  };
}

const pick = <T>(random: () => number, items: readonly T[]): T => items[Math.floor(random() * items.length)]!;

/**
 * Makes one random edit in the panel and in the mirror: a link switched off or on, a level or the
 * interpretation steps changed, a vote dropped or given a new value or reputation, another model,
 * or (rarely) a reset. Returns what it did, for a failing test's message.
 */
export async function randomEdit(
  page: Page,
  random: () => number,
  claim: Claim,
  mirror: Mirror,
  modelIds: readonly string[],
  levels: Record<(typeof TABLES)[number], string[]>,
  pageModel: string,
): Promise<string> {
  const roll = random();
  const linkIndex = Math.floor(random() * claim.evidence.length);
  const link = claim.evidence[linkIndex];
  const voteIndex = Math.floor(random() * claim.votes.length);
  const vote = claim.votes[voteIndex];
  if (roll < 0.25 && link !== undefined) {
    const on = mirror.off.has(link.id);
    await page.locator(`#what-if-link-${linkIndex}-on`).setChecked(on);
    if (on) mirror.off.delete(link.id);
    else mirror.off.add(link.id);
    return `${on ? 'on' : 'off'} ${link.id}`;
  }
  if (roll < 0.55 && link !== undefined) {
    const table = pick(random, TABLES);
    const level = pick(random, levels[table]);
    await page.locator(`#what-if-link-${linkIndex}-${table}`).selectOption(level);
    mirror.levels.set(link.id, { ...mirror.levels.get(link.id), [table]: level });
    return `${link.id} ${table} ${level}`;
  }
  if (roll < 0.65 && link !== undefined) {
    const steps = String(Math.floor(random() * 8));
    const input = page.locator(`#what-if-link-${linkIndex}-interpretationSteps`);
    await input.fill(steps);
    await input.press('Tab');
    mirror.levels.set(link.id, { ...mirror.levels.get(link.id), interpretationSteps: steps });
    return `${link.id} steps ${steps}`;
  }
  if (roll < 0.8 && vote !== undefined) {
    if (random() < 0.3) {
      const kept = mirror.dropped.has(vote.voter);
      await page.locator(`#what-if-vote-${voteIndex}-on`).setChecked(kept);
      if (kept) mirror.dropped.delete(vote.voter);
      else mirror.dropped.add(vote.voter);
      return `${kept ? 'keep' : 'drop'} vote ${vote.voter}`;
    }
    const field = random() < 0.5 ? 'value' : 'reputation';
    const value =
      field === 'value'
        ? pick(random, ['0', '0.05', '0.5', '0.73', '1'])
        : pick(random, ['0', '3', '120', '800', '25000', '-4']);
    const input = page.locator(`#what-if-vote-${voteIndex}-${field}`);
    await input.fill(value);
    await input.press('Tab');
    mirror.votes.set(vote.voter, { ...mirror.votes.get(vote.voter), [field]: value });
    return `vote ${vote.voter} ${field} ${value}`;
  }
  if (roll < 0.97) {
    const model = pick(random, modelIds);
    await page.locator('#what-if-model').selectOption(model);
    mirror.model = model;
    return `model ${model}`;
  }
  const reset = page.getByRole('button', { name: 'Reset to the published score' });
  if (await reset.isDisabled()) return 'reset (nothing to reset)';
  await reset.click();
  Object.assign(mirror, mirrorOf(pageModel));
  return 'reset';
}
