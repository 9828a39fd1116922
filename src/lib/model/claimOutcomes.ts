/**
 * Which claims come out differently under two models, and by how much: pure functions over trace
 * results; pages only lay the answers out.
 */
import { placesOf } from '../render/figures.ts';
import { dec, type TraceResult } from '../../engine/index.ts';
import { byCodeUnit } from '../../engine/order.ts';

/** A claim's outcome under one model, as a comparison needs it. */
export interface Outcome {
  readonly state: string;
  readonly probability: string | null;
}

/** A claim that comes out differently under two models. */
export interface ClaimDifference {
  readonly slug: string;
  readonly statement: string;
  readonly a: Outcome;
  readonly b: Outcome;
  readonly stateDiffers: boolean;
  readonly probabilityDiffers: boolean;
  /** b − a with a sign, when both have a probability; null otherwise. */
  readonly change: string | null;
}

/** The claims to compare: each claim's result under the two models. */
export interface ClaimPair {
  readonly slug: string;
  readonly statement: string;
  readonly a: Pick<TraceResult, 'state' | 'probability'>;
  readonly b: Pick<TraceResult, 'state' | 'probability'>;
}

/** Writes a signed change, "+0.1234", "−0.0500" or "0.0000", with the places of the longer operand. */
export function signedChange(a: string, b: string): string {
  const delta = dec(b).minus(dec(a));
  const text = delta.abs().toFixed(Math.max(placesOf(a), placesOf(b)));
  return delta.isZero() ? text : `${delta.isNegative() ? '−' : '+'}${text}`;
}

/** Whether two probabilities differ: as decimals, or one a number and the other a refusal (null). */
export function probabilitiesDiffer(a: string | null, b: string | null): boolean {
  return a === null || b === null ? a !== b : !dec(a).equals(dec(b));
}

/** How many of the claims come out differently under the two models (claimDifferences' count, without the list). */
export function differingCount(pairs: Iterable<Pick<ClaimPair, 'a' | 'b'>>): number {
  let count = 0;
  for (const { a, b } of pairs) if (a.state !== b.state || probabilitiesDiffer(a.probability, b.probability)) count++;
  return count;
}

/**
 * The claims whose state or probability differs between two models, biggest disagreement first:
 * a change of state before a change of probability alone, a refusal against a number before any
 * numeric change, then by the size of the change, then by slug. Also how many agree.
 */
export function claimDifferences(pairs: readonly ClaimPair[]): { differ: ClaimDifference[]; agree: number } {
  const differ: ClaimDifference[] = [];
  for (const { slug, statement, a, b } of pairs) {
    const stateDiffers = a.state !== b.state;
    const probabilityDiffers = probabilitiesDiffer(a.probability, b.probability);
    if (!stateDiffers && !probabilityDiffers) continue;
    const change = a.probability !== null && b.probability !== null ? signedChange(a.probability, b.probability) : null;
    differ.push({
      slug,
      statement,
      a: { state: a.state, probability: a.probability },
      b: { state: b.state, probability: b.probability },
      stateDiffers,
      probabilityDiffers,
      change,
    });
  }
  // A refusal against a number (no change) sorts above any change of probability, which is at most 1.
  // Each difference's size is worked out once, not at every comparison of the sort: at 20,000 claims
  // a pair's sort made hundreds of thousands of them, each parsing two decimals.
  const size = (d: ClaimDifference) =>
    d.a.probability === null || d.b.probability === null
      ? dec(2)
      : dec(d.b.probability).minus(dec(d.a.probability)).abs();
  const sized = differ.map((d) => ({ d, size: size(d) }));
  sized.sort((x, y) => {
    if (x.d.stateDiffers !== y.d.stateDiffers) return x.d.stateDiffers ? -1 : 1;
    const bySize = y.size.comparedTo(x.size);
    if (bySize !== 0) return bySize;
    return byCodeUnit(x.d.slug, y.d.slug);
  });
  return { differ: sized.map(({ d }) => d), agree: pairs.length - differ.length };
}

/** How far the released models disagree on one claim. */
export interface Disagreement {
  readonly slug: string;
  readonly statement: string;
  /** Distinct states the claim gets across the models. */
  readonly states: readonly string[];
  /** Largest minus smallest probability across the models that give one; null if fewer than two do. */
  readonly spread: string | null;
  /** The model giving the lowest and the highest probability (first in model order on ties). */
  readonly lowest: { readonly model: string; readonly probability: string } | null;
  readonly highest: { readonly model: string; readonly probability: string } | null;
}

/**
 * Ranks claims by how much the released models disagree on them: most distinct states first, then
 * the widest probability spread, then by slug. Claims every model agrees on are left out.
 */
export function disagreements(
  claims: readonly {
    readonly slug: string;
    readonly statement: string;
    readonly results: readonly {
      readonly model: string;
      readonly state: string;
      readonly probability: string | null;
    }[];
  }[],
): Disagreement[] {
  const out: Disagreement[] = [];
  for (const { slug, statement, results } of claims) {
    const states = [...new Set(results.map((r) => r.state))];
    const numbered = results.filter((r): r is typeof r & { probability: string } => r.probability !== null);
    let lowest: Disagreement['lowest'] = null;
    let highest: Disagreement['highest'] = null;
    for (const r of numbered) {
      if (lowest === null || dec(r.probability).lessThan(dec(lowest.probability)))
        lowest = { model: r.model, probability: r.probability };
      if (highest === null || dec(r.probability).greaterThan(dec(highest.probability)))
        highest = { model: r.model, probability: r.probability };
    }
    const spread =
      numbered.length >= 2 && lowest && highest
        ? signedChange(lowest.probability, highest.probability).replace('+', '')
        : null;
    if (states.length < 2 && (spread === null || dec(spread).isZero())) continue;
    out.push({ slug, statement, states, spread, lowest, highest });
  }
  // Each spread read as a decimal once, not at every comparison of the sort.
  const ranked = out.map((d) => ({ d, spread: d.spread === null ? dec(0) : dec(d.spread) }));
  ranked.sort(
    (x, y) => y.d.states.length - x.d.states.length || y.spread.comparedTo(x.spread) || byCodeUnit(x.d.slug, y.d.slug),
  );
  return ranked.map(({ d }) => d);
}

/** The claims paired up under two models, from a lookup of traces. */
export function claimPairs(
  claims: readonly { readonly slug: string; readonly claim: { readonly statement: string } }[],
  traceOf: (slug: string, model: string) => { readonly result: Pick<TraceResult, 'state' | 'probability'> },
  a: string,
  b: string,
): ClaimPair[] {
  return claims.map(({ slug, claim }) => ({
    slug,
    statement: claim.statement,
    a: traceOf(slug, a).result,
    b: traceOf(slug, b).result,
  }));
}
