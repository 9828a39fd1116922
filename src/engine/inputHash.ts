/**
 * `inputHash`: the SHA-256 of a claim's canonical JSON. A claim is scored under every model, and a
 * trace cache needs the hash before scoring, so it is computed once per claim object (claims are
 * read-only once loaded; a memo keyed by the object gives the same answer and is freed with it).
 */
import { hashOf, type Json } from './canonical.ts';
import type { Claim } from './types.ts';

const memo = new WeakMap<Claim, string>();

/** The `inputHash` of a claim, as its trace records it. */
export function inputHashOf(claim: Claim): string {
  let hash = memo.get(claim);
  if (hash === undefined) {
    hash = hashOf(claim as unknown as Json);
    memo.set(claim, hash);
  }
  return hash;
}
