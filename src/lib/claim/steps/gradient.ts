/** The gradient step: each vote's weight, the weighted mean, and how it compares with the evidence. */
import { Decimal } from '../../../engine/decimal.ts';
import type { Model, Trace } from '../../../engine/index.ts';
import { fieldOf, type Field } from '../fields.ts';
import { cutDecimal } from '../numbers.ts';
import { columnPlaces, padding } from '../../render/figures.ts';
import { idWords } from '../../render/words.ts';

/** One vote of the gradient's table. */
export interface VoteRow {
  readonly voter: Field;
  readonly reputation: Field;
  /** ln(1 + max(0, r)) with the weight's places, cut (marked …, never rounded) or padded (the full value is in the trace). */
  readonly ln: string;
  readonly lnFull: string;
  readonly floored: boolean;
  readonly weight: Field;
  readonly value: Field;
  readonly weighted: Field;
}

/** The places each numeric column of the votes table shows (figures.ts: one number of places a column). */
export interface VoteColumns {
  readonly reputation: number;
  readonly weight: number;
  readonly value: number;
  /** v × w and its total: exact products, so the weights' places or, if more, as many as the longest of them. */
  readonly weighted: number;
}

/** The community gradient step. */
export interface GradientView {
  readonly votes: readonly VoteRow[];
  readonly columns: VoteColumns;
  readonly totalWeight: Field;
  readonly totalWeighted: Field;
  readonly value: Field;
  readonly status: Field;
  /** The status in words with the number of votes it rests on, e.g. `contested, from 1 vote`. */
  readonly statusWords: string;
  readonly noVotes: boolean;
  readonly floor: string;
  readonly neutral: string;
  readonly trueFrom: string;
  readonly falseTo: string;
}

/** The gradient derivation: each vote's weight and the weighted mean. */
export function gradientView(trace: Trace, model: Model): GradientView {
  const { votes } = trace.working.gradient;
  const places = trace.working.rounding.weight;
  return {
    votes: votes.map((v, i) => ({
      voter: fieldOf(trace, `working.gradient.votes.${i}.voter`),
      reputation: fieldOf(trace, `working.gradient.votes.${i}.reputation`),
      ln: lnShown(v.lnOnePlusReputation, places),
      lnFull: v.lnOnePlusReputation,
      floored: new Decimal(v.lnOnePlusReputation).lessThan(model.gradient.floor),
      weight: fieldOf(trace, `working.gradient.votes.${i}.weight`),
      value: fieldOf(trace, `working.gradient.votes.${i}.value`),
      weighted: fieldOf(trace, `working.gradient.votes.${i}.weighted`),
    })),
    columns: {
      reputation: columnPlaces(votes.map((v) => v.reputation)),
      weight: columnPlaces([...votes.map((v) => v.weight), trace.working.gradient.totalWeight]),
      value: columnPlaces(votes.map((v) => v.value)),
      weighted: Math.max(places, columnPlaces([...votes.map((v) => v.weighted), trace.working.gradient.totalWeighted])),
    },
    totalWeight: fieldOf(trace, 'working.gradient.totalWeight'),
    totalWeighted: fieldOf(trace, 'working.gradient.totalWeighted'),
    value: fieldOf(trace, 'result.gradient.value'),
    status: fieldOf(trace, 'result.gradient.status'),
    statusWords: gradientStatusWords(trace),
    noVotes: votes.length === 0,
    floor: model.gradient.floor,
    neutral: model.gradient.neutral,
    trueFrom: model.gradient.trueFrom,
    falseTo: model.gradient.falseTo,
  };
}

/** ln(1 + r) at the weight's places: cut with … when longer (the weight is its rounding), padded with zeros when shorter. */
function lnShown(ln: string, places: number): string {
  const cut = cutDecimal(ln, places);
  return cut === ln ? ln + padding(ln, places) : cut;
}

/** A gradient's status in words with its number of votes: `consensus true, from 3 votes`, `contested, from 1 vote`, `no votes`. */
export function gradientStatusWords(trace: Pick<Trace, 'result' | 'working'>): string {
  const { status } = trace.result.gradient;
  const n = trace.working.gradient.votes.length;
  if (n === 0) return idWords(status);
  return `${idWords(status)}, from ${n} ${n === 1 ? 'vote' : 'votes'}`;
}

/** Which way a state leans: toward true, toward false, or neither. */
export type Lean = 'true' | 'false' | 'neither';

/**
 * The lean of a state under the model's declared thresholds (`{ from, state }`, lowest first): a
 * state whose every probability is above one half leans true, one whose every probability is below
 * leans false, and the state holding one half, a refusal or a state the thresholds do not name
 * leans neither way.
 */
export function stateLean(
  state: string,
  thresholds: readonly { readonly from: string; readonly state: string }[] | null | undefined,
): Lean {
  const at = thresholds?.findIndex((t) => t.state === state) ?? -1;
  if (thresholds === null || thresholds === undefined || at < 0) return 'neither';
  const half = new Decimal('0.5');
  if (new Decimal(thresholds[at]!.from).greaterThan(half)) return 'true';
  const next = thresholds[at + 1];
  if (next !== undefined && new Decimal(next.from).lessThanOrEqualTo(half)) return 'false';
  return 'neither';
}

/** How the community gradient compares with the evidence score. */
export interface Comparison {
  /** `disagree` when the community's consensus points one way and the evidence's state the other. */
  readonly kind: 'disagree' | 'agree' | 'no-votes' | 'no-score' | 'no-consensus' | 'evidence-undecided';
  readonly sentence: string;
}

/**
 * Compares the gradient with the evidence. They disagree when the gradient is consensus-true but
 * the state leans false (unlikely, very-unlikely), or consensus-false while the state leans true
 * (likely, very-likely). The gradient never changes the score; this only says so when they differ.
 */
export function gradientVsEvidence(trace: Trace): Comparison {
  const { probability } = trace.result;
  const state = idWords(trace.result.state);
  const { value } = trace.result.gradient;
  const status = trace.result.gradient.status;
  const statusWords = idWords(status);
  // A refusal first: its sentence carries no number a reader could take for the claim's probability.
  if (probability === null) {
    return {
      kind: 'no-score',
      sentence: `The evidence gives no probability here (${state}), so there is nothing to set the gradient against; it is shown on its own, in its own step.`,
    };
  }
  if (status === 'no-votes') {
    return {
      kind: 'no-votes',
      sentence: `Nobody has voted, so the gradient sits at its neutral value ${value} and says nothing either way.`,
    };
  }
  const community = status === 'consensus-true' ? 'true' : status === 'consensus-false' ? 'false' : 'neither';
  const evidence = stateLean(trace.result.state, trace.working.state?.thresholds);
  if (community === 'neither') {
    return {
      kind: 'no-consensus',
      sentence: `The community is contested (${value}) and the evidence says ${state} (${probability}); neither overrides the other.`,
    };
  }
  if (evidence === 'neither') {
    return {
      kind: 'evidence-undecided',
      sentence: `The community leans ${community} (${value}, ${statusWords}), while the evidence is undecided: ${state} (${probability}).`,
    };
  }
  if (community !== evidence) {
    return {
      kind: 'disagree',
      sentence: `The community and the evidence disagree: the gradient is ${statusWords} (${value}) but the evidence says ${state} (${probability}). The score follows the evidence; the votes are shown beside it, never mixed in.`,
    };
  }
  return {
    kind: 'agree',
    sentence: `The community agrees with the evidence: the gradient is ${statusWords} (${value}) and the evidence says ${state} (${probability}).`,
  };
}
