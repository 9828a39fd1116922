/**
 * Claims for tests, built in code in the loader's normalised form (defaults filled in, absent
 * values null, numbers as decimal strings).
 */
import type { Claim, Direction, EvidenceLink, Review, Source, Vote } from '../../src/engine/index.ts';

/** What a test says about a link; everything else gets a plain default. */
export interface LinkSpec {
  readonly id: string;
  readonly source?: string;
  readonly direction?: Direction;
  readonly relevance?: string;
  readonly observation?: string;
  readonly steps?: number | string;
  readonly authenticity?: string;
  readonly extraction?: string;
}

/** A normalised evidence link: by default a measurement that bears directly, from source `s1`. */
export function link(spec: LinkSpec): EvidenceLink {
  return {
    id: spec.id,
    source: spec.source ?? 's1',
    direction: spec.direction ?? 'supports',
    passage: `Passage of ${spec.id}.`,
    locator: null,
    relevance: spec.relevance ?? 'bears-directly',
    observation: spec.observation ?? 'measurement',
    interpretationSteps: String(spec.steps ?? 0),
    authenticity: spec.authenticity ?? 'unverified',
    extraction: spec.extraction ?? 'unverified',
    recordedBy: null,
  };
}

/** What a test says about a claim. Sources default to one entry per source its links name. */
export interface ClaimSpec {
  readonly type?: string;
  readonly author?: string;
  readonly links?: readonly LinkSpec[];
  readonly sources?: readonly Source[];
  readonly reviews?: readonly Review[];
  readonly votes?: readonly { readonly reputation: string; readonly value: string; readonly voter?: string }[];
}

/** A normalised claim. */
export function claim(spec: ClaimSpec = {}): Claim {
  const evidence = (spec.links ?? []).map(link);
  const sourceIds = [...new Set(evidence.map((l) => l.source))];
  const votes: Vote[] = (spec.votes ?? []).map((v, i) => ({
    voter: v.voter ?? `voter-${i + 1}`,
    reputation: v.reputation,
    value: v.value,
  }));
  return {
    statement: 'A test claim.',
    type: spec.type ?? 'factual',
    author: spec.author ?? 'author',
    recorded: '2026-10-02',
    note: null,
    sources: spec.sources ?? sourceIds.map((id) => ({ id, name: `Source ${id}`, url: null })),
    evidence,
    reviews: spec.reviews ?? [],
    votes,
  };
}

/** A review by someone on the claim's usual date. */
export function review(check: string, by: string): Review {
  return { check, by, on: '2026-10-04' };
}
