/**
 * A what-if: a reader's edits to one claim (links off or re-levelled, votes dropped or changed,
 * links added, another model), and the edited claim they make. Pure: the claim page's panel, the
 * address that shares a what-if and the tests all apply edits through `applyWhatIf`, and the claim
 * it returns is what `ledger score` reads back from the edited claim file (claimFile.ts).
 */
import { dec, plain, type Claim, type EvidenceLink, type Model, type Source, type Vote } from '../../engine/index.ts';
import { decimalProblem } from '../../schemas/decimalText.ts';

/** The five levels of a link a reader can change, by the claim file's field names. */
export const LINK_LEVELS = ['relevance', 'observation', 'interpretationSteps', 'authenticity', 'extraction'] as const;

/** One of a link's levels. */
export type LinkLevel = (typeof LINK_LEVELS)[number];

/** The level tables a link's levels are looked up in (interpretation steps are a count). */
export type TableLevel = Exclude<LinkLevel, 'interpretationSteps'>;

/** A link's five levels, as a claim file writes them. */
export type Levels = Readonly<Record<LinkLevel, string>>;

/** What a reader changed about one evidence link. */
export interface LinkEdit {
  readonly off?: boolean;
  readonly levels?: Partial<Levels>;
}

/** What a reader changed about one vote (by its voter). */
export interface VoteEdit {
  readonly drop?: boolean;
  readonly value?: string;
  readonly reputation?: string;
}

/** A hypothetical link: a source of the claim (or `null` for a new source of its own), a direction and levels. */
export interface AddedLink {
  readonly source: string | null;
  readonly direction: 'supports' | 'opposes';
  readonly levels: Levels;
}

/** Every edit of one what-if; an empty one is the published claim. */
export interface WhatIf {
  /** The model to score under, or null for the page's own model. */
  readonly model: string | null;
  readonly links: ReadonlyMap<string, LinkEdit>;
  readonly votes: ReadonlyMap<string, VoteEdit>;
  readonly added: readonly AddedLink[];
}

/** The what-if that changes nothing. */
export const NO_EDITS: WhatIf = { model: null, links: new Map(), votes: new Map(), added: [] };

/** True when a what-if changes nothing. */
export function isEmpty(whatIf: WhatIf): boolean {
  return whatIf.model === null && whatIf.links.size === 0 && whatIf.votes.size === 0 && whatIf.added.length === 0;
}

/** The passage an added link carries, so that the edited claim file says what it is. */
export const ADDED_PASSAGE = 'A hypothetical link, added in a what-if on the claim page; no source says this.';
/** The name of the source a hypothetical link of its own source gets. */
export const ADDED_SOURCE_NAME = 'A hypothetical source, added in a what-if';

/** An id not yet used among `taken`: `<stem>-1`, `<stem>-2`, … */
function freshId(stem: string, taken: Set<string>): string {
  for (let n = 1; ; n++) {
    const id = `${stem}-${n}`;
    if (!taken.has(id)) {
      taken.add(id);
      return id;
    }
  }
}

/** The largest number of interpretation steps the panel and an address accept. */
export const MAX_STEPS = 1000;

/**
 * Why a value cannot stand for a level of a link under a model, or null when it can: a level the
 * model's table declares, or for interpretation steps a whole number from 0 to MAX_STEPS.
 */
export function levelProblem(model: Model, level: LinkLevel, value: string): string | null {
  if (level === 'interpretationSteps') {
    if (!/^\d{1,4}$/.test(value) || Number(value) > MAX_STEPS)
      return `interpretation steps must be a whole number from 0 to ${MAX_STEPS}`;
    return null;
  }
  return Object.hasOwn(model[level], value) ? null : `${model.name}@${model.version} has no ${level} level ${value}`;
}

/** Why a vote's value or reputation cannot be used, or null (the claim file's own rules). */
export function voteProblem(field: 'value' | 'reputation', value: string): string | null {
  const problem = decimalProblem(value);
  if (problem !== null) return `a vote's ${field} ${problem}`;
  if (field === 'value' && (dec(value).lessThan(0) || dec(value).greaterThan(1)))
    return 'a vote must be between 0 and 1';
  return null;
}

/** A link with its levels replaced by the edit's (steps written as the loader writes them). */
function relevelled(link: EvidenceLink, levels: Partial<Levels> | undefined): EvidenceLink {
  if (levels === undefined) return link;
  const steps = levels.interpretationSteps;
  return {
    ...link,
    relevance: levels.relevance ?? link.relevance,
    observation: levels.observation ?? link.observation,
    interpretationSteps: steps === undefined ? link.interpretationSteps : plain(dec(steps)),
    authenticity: levels.authenticity ?? link.authenticity,
    extraction: levels.extraction ?? link.extraction,
  };
}

/**
 * The edited claim: links switched off are left out, edited links re-levelled, votes dropped or
 * changed, added links appended (with a source of their own where asked). Keys stay in the order
 * the loader writes them, so the trace of this claim equals the trace of its file.
 */
export function applyWhatIf(claim: Claim, whatIf: WhatIf): Claim {
  const evidence: EvidenceLink[] = [];
  for (const link of claim.evidence) {
    const edit = whatIf.links.get(link.id);
    if (edit?.off === true) continue;
    evidence.push(relevelled(link, edit?.levels));
  }
  const votes: Vote[] = [];
  for (const vote of claim.votes) {
    const edit = whatIf.votes.get(vote.voter);
    if (edit?.drop === true) continue;
    votes.push({
      voter: vote.voter,
      reputation: edit?.reputation === undefined ? vote.reputation : plain(dec(edit.reputation)),
      value: edit?.value === undefined ? vote.value : plain(dec(edit.value)),
    });
  }
  const sources: Source[] = [...claim.sources];
  const sourceIds = new Set(sources.map((s) => s.id));
  const linkIds = new Set(claim.evidence.map((l) => l.id));
  for (const added of whatIf.added) {
    let source = added.source;
    if (source === null) {
      source = freshId('what-if-source', sourceIds);
      sources.push({ id: source, name: ADDED_SOURCE_NAME, url: null });
    }
    evidence.push({
      id: freshId('what-if-link', linkIds),
      source,
      direction: added.direction,
      passage: ADDED_PASSAGE,
      locator: null,
      relevance: added.levels.relevance,
      observation: added.levels.observation,
      interpretationSteps: plain(dec(added.levels.interpretationSteps)),
      authenticity: added.levels.authenticity,
      extraction: added.levels.extraction,
      recordedBy: null,
    });
  }
  return { ...claim, sources, evidence, votes };
}

/**
 * The edits that still apply under a model (a level another model declared may be missing from
 * this one), and a sentence for each edit left out.
 */
export function editsUnder(whatIf: WhatIf, model: Model): { whatIf: WhatIf; dropped: string[] } {
  const dropped: string[] = [];
  const links = new Map<string, LinkEdit>();
  for (const [id, edit] of whatIf.links) {
    const levels: Partial<Record<LinkLevel, string>> = {};
    for (const level of LINK_LEVELS) {
      const value = edit.levels?.[level];
      if (value === undefined) continue;
      const problem = levelProblem(model, level, value);
      if (problem === null) levels[level] = value;
      else dropped.push(`The change to link ${id} was left out: ${problem}.`);
    }
    links.set(id, { ...(edit.off === true ? { off: true } : {}), levels });
  }
  const added = whatIf.added.filter((link, i) => {
    const problem = LINK_LEVELS.map((level) => levelProblem(model, level, link.levels[level])).find((p) => p !== null);
    if (problem !== undefined) dropped.push(`Added link ${i + 1} was left out: ${problem}.`);
    return problem === undefined;
  });
  return { whatIf: { ...whatIf, links, added }, dropped };
}
