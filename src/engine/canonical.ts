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
 * The keys of one kind of object as `Object.keys` lists them, and how canonical JSON writes them:
 * sorted, each with its opening (`{"key":` for the first, `,"key":` after).
 */
interface Shape {
  readonly keys: readonly string[];
  readonly sorted: readonly string[];
  readonly heads: readonly string[];
}

/** The shapes met most often (a claim has five: itself, its sources, links, reviews and votes). */
const shapes: Shape[] = [];
/** Past this many the cache takes no more: anything else is sorted on every call (bounded memory). */
const MAX_SHAPES = 64;

/** The shape of an object whose keys `Object.keys` listed as `keys`, from the cache when it was met before. */
function shapeOf(keys: string[]): Shape {
  for (let s = 0; s < shapes.length; s++) {
    const shape = shapes[s]!;
    const known = shape.keys;
    if (known.length !== keys.length) continue;
    let same = true;
    for (let i = 0; i < keys.length && same; i++) same = known[i] === keys[i];
    if (same) return shape;
  }
  const sorted = keys.slice();
  sortKeys(sorted);
  const shape = { keys, sorted, heads: sorted.map((key, i) => `${i === 0 ? '{' : ','}${JSON.stringify(key)}:`) };
  if (shapes.length < MAX_SHAPES) shapes.push(shape);
  return shape;
}

/** A character JSON.stringify writes escaped: a control character, `"`, `\`, or a surrogate (lone ones are). */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const ESCAPED = /[\u0000-\u001f"\\\ud800-\udfff]/;

/**
 * Serialises a value as RFC 8785 canonical JSON. Numbers must be safe integers. JCS writes strings
 * exactly as JSON.stringify does: a string with nothing to escape (nearly every one) is written
 * between quotes as it is, any other by JSON.stringify. Keys are sorted by UTF-16 code units, once
 * per kind of object (a Shape); reading `object[key]` finds an own `__proto__` key too.
 */
export function canonicalJson(value: Json): string {
  if (typeof value === 'string') return ESCAPED.test(value) ? JSON.stringify(value) : `"${value}"`;
  if (value === null) return 'null';
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  if (typeof value === 'number') {
    if (!Number.isSafeInteger(value)) throw new Error(`canonical JSON holds only whole numbers, not ${value}`);
    return String(value);
  }
  if (Array.isArray(value)) {
    const items = value as readonly Json[];
    if (items.length === 0) return '[]';
    let text = `[${canonicalJson(items[0]!)}`;
    for (let i = 1; i < items.length; i++) text += `,${canonicalJson(items[i]!)}`;
    return `${text}]`;
  }
  if (typeof value !== 'object') throw new Error(`canonical JSON cannot hold a ${typeof value}`);
  const object = value as { readonly [key: string]: Json };
  const keys = Object.keys(object);
  if (keys.length === 0) return '{}';
  const { sorted, heads } = shapeOf(keys);
  let text = '';
  for (let i = 0; i < sorted.length; i++) text += heads[i]! + canonicalJson(object[sorted[i]!]!);
  return `${text}}`;
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
