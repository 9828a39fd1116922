/**
 * The fast canonical JSON (a key-sorted copy written by JSON.stringify in one pass) writes exactly
 * what the piece-by-piece RFC 8785 writer does, for any value canonical JSON admits, including keys
 * that JavaScript objects would enumerate out of order (array indices) and `__proto__`.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { canonicalJson, inputHashOf, hashOf, type Json } from '../../../src/engine/index.ts';
import { sha256Portable } from '../../../src/engine/canonical.ts';
import { sha256Node } from '../../../src/lib/input/nodeSha256.ts';
import { claim } from '../../support/claim.ts';

/** The writer the engine used before: each string by JSON.stringify, keys sorted by code unit. */
function pieceByPiece(value: Json): string {
  if (value === null || typeof value === 'boolean' || typeof value === 'string' || typeof value === 'number')
    return JSON.stringify(value);
  if (Array.isArray(value)) return `[${(value as readonly Json[]).map(pieceByPiece).join(',')}]`;
  const object = value as { readonly [key: string]: Json };
  return `{${Object.keys(object)
    .sort()
    .map((key) => `${JSON.stringify(key)}:${pieceByPiece(object[key]!)}`)
    .join(',')}}`;
}

const key = fc.oneof(
  fc.string(),
  fc.string({ unit: 'grapheme' }),
  fc.string({ unit: 'binary' }),
  fc.constantFrom('0', '1', '10', '9', '01', '__proto__', 'constructor', '4294967295'),
);
const jsonArb: fc.Arbitrary<Json> = fc.letrec<{ value: Json }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small' },
    fc.constant(null),
    fc.boolean(),
    fc.string({ unit: 'binary' }),
    fc.integer({ min: -(2 ** 40), max: 2 ** 40 }),
    fc.array(tie('value'), { maxLength: 4 }),
    fc.dictionary(key, tie('value'), { maxKeys: 5 }),
  ),
})).value;

describe('canonical JSON, one pass', () => {
  it('writes what the piece-by-piece writer writes', () => {
    fc.assert(
      fc.property(jsonArb, (value) => canonicalJson(value) === pieceByPiece(value)),
      { numRuns: 3000 },
    );
  });

  it.each<[string, Json, string]>([
    ['array-index keys, sorted as strings', { '9': 'x', '10': 'y', a: '1' }, '{"10":"y","9":"x","a":"1"}'],
    ['array-index keys deep inside', { z: [{ '2': 'b', '1': 'a' }] }, '{"z":[{"1":"a","2":"b"}]}'],
    ['a key named __proto__', JSON.parse('{"__proto__":"p","a":"1"}') as Json, '{"__proto__":"p","a":"1"}'],
  ])('handles %s', (_name, value, expected) => {
    expect(canonicalJson(value)).toBe(expected);
  });

  it('refuses what canonical JSON cannot hold', () => {
    expect(() => canonicalJson({ n: 0.5 })).toThrow(/whole numbers/);
    expect(() => canonicalJson({ u: undefined } as unknown as Json)).toThrow();
  });
});

describe('inputHash is computed once per claim', () => {
  it('is the hash of the claim and the same on every call', () => {
    const c = claim({ links: [{ id: 'a' }] });
    expect(inputHashOf(c)).toBe(hashOf(c as unknown as Json));
    expect(inputHashOf(c)).toBe(inputHashOf(structuredClone(c)));
  });
});

describe('SHA-256', () => {
  it('is the same digest from Node and from the portable implementation, on any text', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 3000 }), (text) => sha256Node(text) === sha256Portable(text)),
      { numRuns: 1000 },
    );
  });
});
