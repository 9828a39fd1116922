/**
 * What a revision changed in a claim, in words: links added, removed or re-levelled, sources,
 * reviews, votes, the statement. The words for a history page live here, keyed by the claim's
 * own field names; the page only lists them.
 */
import type { Appearance, Claim, Claimant, EvidenceLink, Review, Source, Vote } from '../../engine/index.ts';
import { reviewDate } from '../../engine/index.ts';
import { LEVEL_TABLES } from '../model/levelTables.ts';
import { idWords } from '../render/words.ts';

/** The fields of a link that set its weight or its group, in the order a change names them. */
const LEVELS = [
  'direction',
  'source',
  'relevance',
  'observation',
  'interpretationSteps',
  'authenticity',
  'extraction',
] as const;

/** The link fields whose values are level ids, said in words ("official record"), as levels are shown everywhere. */
const LEVELLED: ReadonlySet<string> = new Set(LEVEL_TABLES);

/** A link field's value in a sentence: a level in words, anything else (a direction, a source id, a count) as it is. */
const valueWords = (field: (typeof LEVELS)[number], value: unknown): string =>
  LEVELLED.has(field) ? idWords(String(value)) : String(value);

/** How a link field is named in a sentence. */
const LEVEL_WORDS: Readonly<Record<(typeof LEVELS)[number], string>> = {
  direction: 'direction',
  source: 'source',
  relevance: 'relevance',
  observation: 'observation',
  interpretationSteps: 'interpretation steps',
  authenticity: 'authenticity',
  extraction: 'extraction',
};

const plural = (n: number, one: string, many = `${one}s`): string => `${n} ${n === 1 ? one : many}`;
const list = (items: readonly string[]): string =>
  items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;

/** The sentence for a claim's first revision. */
function firstWords(claim: Claim): string {
  const parts = [
    plural(claim.evidence.length, 'evidence link'),
    plural(claim.sources.length, 'source'),
    plural(claim.reviews.length, 'review'),
    plural(claim.votes.length, 'vote'),
  ];
  return `First recorded, with ${list(parts)}.`;
}

function byId<T>(items: readonly T[], key: (item: T) => string): Map<string, T> {
  return new Map(items.map((item) => [key(item), item]));
}

function linkWords(before: readonly EvidenceLink[], after: readonly EvidenceLink[]): string[] {
  const words: string[] = [];
  const old = byId(before, (l) => l.id);
  const now = byId(after, (l) => l.id);
  for (const link of after) {
    const was = old.get(link.id);
    if (was === undefined) {
      words.push(
        `Link ${link.id} added (${link.direction}, ${idWords(link.relevance)}, ${idWords(link.observation)}, source ${link.source}).`,
      );
      continue;
    }
    const changed = LEVELS.filter((field) => was[field] !== link[field]).map(
      (field) => `${LEVEL_WORDS[field]} ${valueWords(field, was[field])} → ${valueWords(field, link[field])}`,
    );
    if (changed.length > 0) words.push(`Link ${link.id} re-levelled: ${changed.join(', ')}.`);
    const edited = (['passage', 'locator', 'recordedBy'] as const).filter((field) => was[field] !== link[field]);
    if (edited.length > 0)
      words.push(`Link ${link.id}: ${list(edited.map((f) => (f === 'recordedBy' ? 'recorded by' : f)))} edited.`);
  }
  for (const link of before) if (!now.has(link.id)) words.push(`Link ${link.id} removed.`);
  return words;
}

function sourceWords(before: readonly Source[], after: readonly Source[]): string[] {
  const words: string[] = [];
  const old = byId(before, (s) => s.id);
  const now = byId(after, (s) => s.id);
  for (const source of after) {
    const was = old.get(source.id);
    if (was === undefined) words.push(`Source ${source.id} added (${source.name}).`);
    else if (was.name !== source.name || was.url !== source.url)
      words.push(`Source ${source.id}: ${was.name !== source.name ? 'name' : 'address'} edited.`);
  }
  for (const source of before) if (!now.has(source.id)) words.push(`Source ${source.id} removed.`);
  return words;
}

const reviewKey = (r: Review): string => `${r.check} ${r.by} ${reviewDate(r)}`;

function reviewWords(before: readonly Review[], after: readonly Review[]): string[] {
  const old = new Set(before.map(reviewKey));
  const now = new Set(after.map(reviewKey));
  return [
    ...after
      .filter((r) => !old.has(reviewKey(r)))
      .map((r) => `Review ${r.check} by ${r.by} on ${reviewDate(r)} added.`),
    ...before
      .filter((r) => !now.has(reviewKey(r)))
      .map((r) => `Review ${r.check} by ${r.by} on ${reviewDate(r)} removed.`),
  ];
}

function voteWords(before: readonly Vote[], after: readonly Vote[]): string[] {
  const words: string[] = [];
  const old = byId(before, (v) => v.voter);
  const now = byId(after, (v) => v.voter);
  for (const vote of after) {
    const was = old.get(vote.voter);
    if (was === undefined) words.push(`Vote by ${vote.voter} added: ${vote.value} (reputation ${vote.reputation}).`);
    else if (was.value !== vote.value || was.reputation !== vote.reputation) {
      const parts = [
        ...(was.value !== vote.value ? [`value ${was.value} → ${vote.value}`] : []),
        ...(was.reputation !== vote.reputation ? [`reputation ${was.reputation} → ${vote.reputation}`] : []),
      ];
      words.push(`Vote by ${vote.voter} changed: ${parts.join(', ')}.`);
    }
  }
  for (const vote of before) if (!now.has(vote.voter)) words.push(`Vote by ${vote.voter} removed.`);
  return words;
}

/** Who made the claim (the claim page's "Claimed by"), when a revision adds, edits or removes it. */
function claimantWords(before: Claimant | undefined, after: Claimant | undefined): string[] {
  if (before === undefined) return after === undefined ? [] : [`Claimed by: ${after.name} (added).`];
  if (after === undefined) return [`Claimed by: ${before.name} (removed).`];
  return [
    ...(before.name !== after.name ? [`Claimed by: ${before.name} → ${after.name}.`] : []),
    ...(before.url !== after.url ? [`Claimed by: ${after.name}, address edited.`] : []),
    ...(before.type !== after.type && after.type !== undefined
      ? [`Claimed by: ${after.name}, said to be ${after.type === 'person' ? 'a person' : 'an organisation'}.`]
      : []),
  ];
}

/** Where and when the claim was made (the claim page's "First made"), each keyed by its address. */
function appearanceWords(before: readonly Appearance[], after: readonly Appearance[]): string[] {
  const old = byId(before, (a) => a.url);
  const now = byId(after, (a) => a.url);
  return [
    ...after.flatMap((a) => {
      const was = old.get(a.url);
      if (was === undefined) return [`Where it was made on ${a.date}: added.`];
      return was.date !== a.date ? [`Where it was made: date ${was.date} → ${a.date}.`] : [];
    }),
    ...before.filter((a) => !now.has(a.url)).map((a) => `Where it was made on ${a.date}: removed.`),
  ];
}

/** A claim as a reader sees it: a review's date under one key, whichever the file wrote. */
const asRead = (claim: Claim): unknown => ({
  ...claim,
  reviews: claim.reviews.map((r) => ({ check: r.check, by: r.by, date: reviewDate(r) })),
});

/**
 * What changed from `before` (null for the first revision) to `after`, one sentence per change;
 * `renamedFrom` is the slug the file had before, when the revision renamed it.
 */
export function describeChange(before: Claim | null, after: Claim, renamedFrom: string | null = null): string[] {
  const renamed = renamedFrom === null ? [] : [`File renamed from ${renamedFrom}.yaml.`];
  if (before === null) return [...renamed, firstWords(after)];
  const words = [
    ...renamed,
    ...(before.statement !== after.statement ? ['Statement reworded.'] : []),
    ...(before.type !== after.type ? [`Type ${before.type} → ${after.type}.`] : []),
    ...(before.author !== after.author || before.recorded !== after.recorded
      ? ['Who recorded it, or when, edited.']
      : []),
    ...claimantWords(before.claimant, after.claimant),
    ...appearanceWords(before.appearances ?? [], after.appearances ?? []),
    ...(before.note !== after.note
      ? [before.note === null ? 'Note added.' : after.note === null ? 'Note removed.' : 'Note edited.']
      : []),
    ...sourceWords(before.sources, after.sources),
    ...linkWords(before.evidence, after.evidence),
    ...reviewWords(before.reviews, after.reviews),
    ...voteWords(before.votes, after.votes),
  ];
  if (words.length > 0) return words;
  // A field this list does not name yet still counts as a change, not as layout.
  return JSON.stringify(asRead(before)) === JSON.stringify(asRead(after))
    ? ['No change to what the claim records (only the file’s layout or comments).']
    : ['Other details of the claim edited.'];
}
