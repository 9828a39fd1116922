import { describe, expect, it } from 'vitest';
import { canonicalJson, codeHashOf, hashOf, sha256Hex, type Json } from '../../../src/engine/index.ts';

const bytes = (text: string): Uint8Array => new TextEncoder().encode(text);

describe('canonical JSON follows RFC 8785 (JCS)', () => {
  it.each<[string, Json, string]>([
    [
      'sorts keys and leaves out every space',
      { b: '1', a: ['x', { d: null, c: true }] },
      '{"a":["x",{"c":true,"d":null}],"b":"1"}',
    ],
    ['keeps the order of arrays', ['b', 'a', 'c'], '["b","a","c"]'],
    ['writes empty objects and arrays', { a: {}, b: [] }, '{"a":{},"b":[]}'],
    ['writes whole numbers as digits', { n: 42, m: -7, z: 0 }, '{"m":-7,"n":42,"z":0}'],
    [
      'sorts keys by code unit, so upper case comes before lower case',
      { b: '', B: '', a: '', A: '' },
      '{"A":"","B":"","a":"","b":""}',
    ],
    ['sorts "10" before "9", as strings', { '9': 'x', '10': 'y' }, '{"10":"y","9":"x"}'],
    // RFC 8785 §3.2.3: keys sorted by their UTF-16 code units, so U+1F600 (a surrogate pair
    // starting 0xD83D) sorts before U+FB33, although its code point is larger.
    [
      "sorts non-ASCII keys by UTF-16 code units (RFC 8785's own example)",
      {
        '\u20ac': 'Euro Sign',
        '\r': 'Carriage Return',
        '\ufb33': 'Hebrew Letter Dalet With Dagesh',
        '1': 'One',
        '\ud83d\ude00': 'Emoji: Grinning Face',
        '\u0080': 'Control',
        '\u00f6': 'Latin Small Letter O With Diaeresis',
      },
      '{"\\r":"Carriage Return","1":"One","\u0080":"Control","\u00f6":"Latin Small Letter O With Diaeresis","\u20ac":"Euro Sign","\ud83d\ude00":"Emoji: Grinning Face","\ufb33":"Hebrew Letter Dalet With Dagesh"}',
    ],
    // RFC 8785 §3.2.2.2's string example: only the characters JSON requires are escaped, control
    // characters without a short form as lower-case \u00xx, and "/" and non-ASCII left as they are.
    [
      'escapes strings as RFC 8785 does',
      { s: '\u20ac$\u000F\u000aA\'\u0042\u0022\u005c\\"/' },
      '{"s":"\u20ac$\\u000f\\nA\'B\\"\\\\\\\\\\"/"}',
    ],
    ['uses the short escapes for backspace, tab, form feed and carriage return', '\b\t\f\r', '"\\b\\t\\f\\r"'],
    ['leaves line and paragraph separators unescaped', '\u2028\u2029', '"\u2028\u2029"'],
    [
      'sorts keys of nested objects too',
      { z: { y: '1', x: '2' }, a: [{ b: '', a: '' }] },
      '{"a":[{"a":"","b":""}],"z":{"x":"2","y":"1"}}',
    ],
  ])('%s', (_name, value, expected) => {
    expect(canonicalJson(value)).toBe(expected);
  });

  it.each([0.5, 1e21, Number.MAX_SAFE_INTEGER + 1, Number.NaN])(
    'refuses %s, which is not a safe whole number (model numbers are strings)',
    (n) => {
      expect(() => canonicalJson({ n })).toThrow(/whole numbers/);
    },
  );

  it('gives the same text whatever order the keys were inserted in', () => {
    const a = { name: 'x', version: '1.0.0', priors: { factual: '0.5', causal: '0.3' } };
    const b = { priors: { causal: '0.3', factual: '0.5' }, version: '1.0.0', name: 'x' };
    expect(canonicalJson(b)).toBe(canonicalJson(a));
    expect(hashOf(b)).toBe(hashOf(a));
  });

  it('tells decimal strings apart that a float would merge', () => {
    expect(hashOf({ p: '0.1' })).not.toBe(hashOf({ p: '0.10' }));
  });
});

describe('hashes', () => {
  it.each([
    ['', 'sha256:e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855'],
    ['abc', 'sha256:ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad'],
  ])('sha256Hex(%j) is the SHA-256 of its UTF-8 bytes, prefixed sha256:', (text, hash) => {
    expect(sha256Hex(text)).toBe(hash);
    expect(sha256Hex(bytes(text))).toBe(hash);
  });

  it('hashes a value as the SHA-256 of its canonical JSON', () => {
    const value = { b: '2', a: '€' };
    expect(hashOf(value)).toBe(sha256Hex('{"a":"€","b":"2"}'));
  });

  it('computes the code hash over the files concatenated in path order, whatever order they are given in', () => {
    const files = [
      { path: 'score.ts', bytes: bytes('c') },
      { path: 'decimal.ts', bytes: bytes('a') },
      { path: 'index.ts', bytes: bytes('b') },
    ];
    expect(codeHashOf(files)).toBe(sha256Hex('abc'));
    expect(codeHashOf([...files].reverse())).toBe(sha256Hex('abc'));
  });
});
