/**
 * Canonical JSON (RFC 8785, JCS) and the SHA-256 hashes of a trace. Models and claims hold only
 * strings, booleans, null, arrays and objects (their numbers are decimal strings), so JCS reduces to
 * sorting keys by UTF-16 code units and writing strings as JSON.stringify does.
 */
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';
import { byCodeUnit } from './order.ts';

/** A JSON value as canonical JSON admits it. */
export type Json = string | number | boolean | null | readonly Json[] | { readonly [key: string]: Json };

/** Keys a JavaScript object would enumerate before the others (array indices), defeating a sorted copy. */
const INDEX_KEY = /^(?:0|[1-9][0-9]*)$/;

/**
 * Sorts an object's keys in place by UTF-16 code units (what `<` on strings compares, and what
 * Array.prototype.sort does without a comparator): an insertion sort, since an object has a
 * handful of keys, and without the work arrays `sort` allocates on every call.
 */
function sortKeys(keys: string[]): void {
  for (let i = 1; i < keys.length; i++) {
    const key = keys[i]!;
    let j = i - 1;
    while (j >= 0 && keys[j]! > key) {
      keys[j + 1] = keys[j]!;
      j -= 1;
    }
    keys[j + 1] = key;
  }
}

/**
 * A copy of a value with every object's keys inserted in sorted order, or undefined when an object
 * has an array-index key (which objects enumerate first, whatever the insertion order) or a key
 * named __proto__.
 */
function sortedCopy(value: Json): Json | undefined {
  if (value === null || typeof value === 'boolean' || typeof value === 'string') return value;
  if (typeof value === 'number') {
    if (!Number.isSafeInteger(value)) throw new Error(`canonical JSON holds only whole numbers, not ${value}`);
    return value;
  }
  if (Array.isArray(value)) {
    const items = value as readonly Json[];
    const copy: Json[] = [];
    for (let i = 0; i < items.length; i++) {
      const sorted = sortedCopy(items[i]!);
      if (sorted === undefined) return undefined;
      copy.push(sorted);
    }
    return copy;
  }
  if (typeof value !== 'object') throw new Error(`canonical JSON cannot hold a ${typeof value}`);
  const object = value as { readonly [key: string]: Json };
  const keys = Object.keys(object);
  sortKeys(keys);
  // An ordinary object (a null-prototype one is slow to fill and to write); a key named __proto__
  // would set its prototype instead, so such an object is written piece by piece.
  const copy: { [key: string]: Json } = {};
  for (let i = 0; i < keys.length; i++) {
    const key = keys[i]!;
    // An array index starts with a digit: the pattern is tried only then.
    const first = key.charCodeAt(0);
    if (key === '__proto__' || (first >= 48 && first <= 57 && INDEX_KEY.test(key))) return undefined;
    const sorted = sortedCopy(object[key]!);
    if (sorted === undefined) return undefined;
    copy[key] = sorted;
  }
  return copy;
}

/**
 * Serialises a value as RFC 8785 canonical JSON. Numbers must be safe integers. JCS writes strings
 * exactly as JSON.stringify does, so a copy with sorted keys is written by JSON.stringify in one
 * native pass; an object with an array-index key is written piece by piece instead.
 */
export function canonicalJson(value: Json): string {
  const sorted = sortedCopy(value);
  return sorted === undefined ? writeCanonical(value) : JSON.stringify(sorted);
}

/** The piece-by-piece writer: RFC 8785 canonical JSON for any value canonicalJson admits. */
function writeCanonical(value: Json): string {
  if (value === null || typeof value === 'boolean' || typeof value === 'string') return JSON.stringify(value);
  if (typeof value === 'number') {
    if (!Number.isSafeInteger(value)) throw new Error(`canonical JSON holds only whole numbers, not ${value}`);
    return String(value);
  }
  if (Array.isArray(value)) return `[${(value as readonly Json[]).map(writeCanonical).join(',')}]`;
  const object = value as { readonly [key: string]: Json };
  // Default sort compares UTF-16 code units, which is what JCS asks for.
  const keys = Object.keys(object).sort();
  return `{${keys.map((key) => `${JSON.stringify(key)}:${writeCanonical(object[key]!)}`).join(',')}}`;
}

/** A SHA-256 over the UTF-8 bytes of a string (or over bytes), as lower-case hex. */
export type Sha256 = (text: string | Uint8Array) => string;

/** SHA-256 in plain TypeScript (@noble/hashes): the same digest everywhere. */
export const sha256Portable: Sha256 = (text) => bytesToHex(sha256(typeof text === 'string' ? utf8ToBytes(text) : text));

let digest: Sha256 = sha256Portable;

/**
 * Hands the engine a faster SHA-256 (Node's built-in one; see src/lib/input/nodeSha256.ts). The
 * engine imports nothing from Node, so the host injects it; it must give the same digest as the
 * portable one, which stays in use until then.
 */
export function useSha256(fast: Sha256): void {
  digest = fast;
}

/** `sha256:` followed by the hex SHA-256 of the UTF-8 bytes of a string. */
export function sha256Hex(text: string | Uint8Array): string {
  return `sha256:${digest(text)}`;
}

/** The hash of a value's canonical JSON, as `configHash` and `inputHash` are written. */
export function hashOf(value: Json): string {
  return sha256Hex(canonicalJson(value));
}

/** A source file of the engine, by its path relative to the engine's folder. */
export interface SourceFile {
  readonly path: string;
  readonly bytes: Uint8Array;
}

/** `codeHash`: SHA-256 over the engine's source files' bytes, concatenated in path order. */
export function codeHashOf(files: readonly SourceFile[]): string {
  const ordered = [...files].sort((a, b) => byCodeUnit(a.path, b.path));
  const length = ordered.reduce((n, f) => n + f.bytes.length, 0);
  const all = new Uint8Array(length);
  let offset = 0;
  for (const file of ordered) {
    all.set(file.bytes, offset);
    offset += file.bytes.length;
  }
  return sha256Hex(all);
}
