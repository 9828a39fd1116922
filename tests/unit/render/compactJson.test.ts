/**
 * compactJson must lay JSON out with exactly the characters json-stringify-pretty-compact writes
 * (kept as a development dependency for this test): on the repository's golden traces as the claim
 * pages show them, and on random values, including the parts JSON leaves out or writes as null.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import prettyCompact from 'json-stringify-pretty-compact';
import { describe, expect, it } from 'vitest';
import { compactJson } from '../../../src/lib/render/compactJson.ts';

const golden = join(import.meta.dirname, '..', '..', 'golden');
const traces = readdirSync(golden, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => join(golden, entry.name, 'trace.json'));

/** A value with a toJSON method, as a Decimal or a Date has. */
class Dated {
  constructor(readonly inner: unknown) {}
  toJSON(): unknown {
    return { at: this.inner };
  }
}

/** A value whose JSON depends on the key it is written under, as JSON.stringify passes it. */
class Keyed {
  toJSON(key?: string): unknown {
    return `under ${String(key)}`;
  }
}

const { value } = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    fc.constantFrom(null, true, false, undefined, Number.NaN, -0, 1e21, 0.1),
    fc.double(),
    fc.string({ unit: 'binary', maxLength: 30 }),
    fc.constantFrom('a", "b', 'c: d', '\\', '\t\n', '"quoted"'),
    fc.array(tie('value'), { maxLength: 6 }),
    fc.dictionary(fc.string({ maxLength: 8 }), tie('value'), { maxKeys: 6 }),
    tie('value').map((inner) => new Dated(inner)),
    fc.constant(new Date(Date.UTC(2026, 11, 7))),
    fc.constantFrom(new Number(3), new String('boxed'), new Boolean(false), () => 1, Symbol('s'), new Keyed()),
  ),
}));

describe('compactJson', () => {
  it.each(traces)('lays out the golden trace %s as the library does', (path) => {
    const trace: unknown = JSON.parse(readFileSync(path, 'utf8'));
    const options = { indent: '\t', maxLength: 100 };
    expect(compactJson(trace, options)).toBe(prettyCompact(trace, options));
  });

  it('lays out any value as the library does, at any width and indent', () => {
    fc.assert(
      fc.property(value, fc.integer({ min: 0, max: 120 }), fc.constantFrom('\t', '  ', ' '), (v, maxLength, indent) => {
        expect(compactJson(v, { indent, maxLength })).toBe(prettyCompact(v, { indent, maxLength }));
      }),
      { numRuns: 3000 },
    );
  });

  it('writes one part shared by two members the same in both places', () => {
    const shared = { id: 'q1', weight: '0.9', notes: ['a long enough note to break the line'] };
    const options = { indent: '\t', maxLength: 40 };
    expect(compactJson({ a: shared, b: [shared] }, options)).toBe(prettyCompact({ a: shared, b: [shared] }, options));
  });
});
