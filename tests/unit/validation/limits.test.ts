/**
 * The limits that keep a hostile file harmless (docs/design.md §3), tested on the pure helpers: decimals of
 * bounded size, real dates, strict UTF-8, YAML without anchors or aliases, no control characters.
 * limitsKeys.test.ts: mappings without a prototype, lookups that never find a property every object
 * has, safe ids, and the append-only lock.
 */
import { describe, expect, it } from 'vitest';
import { decodeUtf8 } from '../../../src/lib/input/readText.ts';
import { MAX_DEPTH, parseYaml } from '../../../src/lib/input/yamlSource.ts';
import { decimalProblem, isIsoDate } from '../../../src/schemas/common.ts';
import { CLAIM, MODEL, claimProblems, modelProblems } from '../../support/limits.ts';

const TOO_MANY_DIGITS = /^has \d+ significant digits; a decimal may have at most 40$/;
const OUT_OF_RANGE = /^is out of range: a decimal's exponent must be within ±1000/;

describe('a decimal has at most 40 significant digits and an exponent within ±1000', () => {
  it.each([
    ['40 digits', '1234567890123456789012345678901234567890'],
    ['40 digits after leading zeros', '0.0001234567890123456789012345678901234567890'],
    ['trailing zeros, which are not significant', `1.${'0'.repeat(100)}`],
    ['leading zeros', `${'0'.repeat(100)}7`],
    ['1e1000', '1e1000'],
    ['9.5e1000 (its leading digit is at 10^1000)', '9.5e1000'],
    ['10e999 (the same place)', '10e999'],
    ['1e-1000', '1e-1000'],
    ['0.1e-999 (the leading digit at 10^-1000)', '0.1e-999'],
    ['-1e1000', '-1e1000'],
    ['zero, whatever its exponent', `0e${'9'.repeat(30)}`],
    ['0.35', '0.35'],
  ])('accepts %s', (_name, value) => {
    expect(decimalProblem(value)).toBeNull();
  });

  it.each([
    ['41 digits', '12345678901234567890123456789012345678901', TOO_MANY_DIGITS],
    ['41 digits around a point', '1234567890.1234567890123456789012345678901', TOO_MANY_DIGITS],
    ['1e1001', '1e1001', OUT_OF_RANGE],
    ['10e1000 (the leading digit at 10^1001)', '10e1000', OUT_OF_RANGE],
    ['1e-1001', '1e-1001', OUT_OF_RANGE],
    ['.5e-1000 (the leading digit at 10^-1001)', '.5e-1000', OUT_OF_RANGE],
    ['0.01e-999', '0.01e-999', OUT_OF_RANGE],
    ['a thousand and one zeros before the digit', `0.${'0'.repeat(1000)}1`, OUT_OF_RANGE],
    ['1e100000000 (the issue’s 100-million-digit trace)', '1e100000000', OUT_OF_RANGE],
    ['1e1000000000', '1e1000000000', OUT_OF_RANGE],
    ['1e9000000000000000', '1e9000000000000000', OUT_OF_RANGE],
    ['an exponent thousands of digits long', `1e${'9'.repeat(5000)}`, OUT_OF_RANGE],
    ['not a number at all', 'three', /^must be a decimal number such as 0\.35$/],
  ])('refuses %s', (_name, value, message) => {
    expect(decimalProblem(value)).toMatch(message);
  });

  it.each([
    ['interpretationSteps: 0', 'interpretationSteps: 1e1000000000', 16, 'evidence[0].interpretationSteps'],
    ['reputation: 800', 'reputation: 1e9000000000000000', 30, 'votes[0].reputation'],
    ['reputation: 800', 'reputation: 1e100000000', 30, 'votes[0].reputation'],
    ['value: 0.9', `value: 0.${'9'.repeat(41)}`, 30, 'votes[0].value'],
  ])('refuses %s written as %s in a claim, naming the field', (from, to, line, field) => {
    const problems = claimProblems(CLAIM.replace(from, to));
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(
      new RegExp(`^c\\.yaml:${line}: ${field.replace(/[.[\]]/g, '\\$&')}: (is out of range|has 41 significant)`),
    );
  });

  it.each([
    ['stepCost: 0.15', 'stepCost: 1e100000000', 20, 'interpretation.stepCost'],
    ['factual: 0.5', 'factual: 1e-9000000000000000', 25, 'priors.factual'],
    ['high: 0.10', `high: 0.${'1'.repeat(41)}`, 39, 'stability.high'],
  ])('refuses %s written as %s in a model, naming the field', (from, to, line, field) => {
    const text = MODEL.replace(from, to);
    expect(text).not.toBe(MODEL);
    const problems = modelProblems(text);
    expect(problems.filter((p) => p.startsWith(`m.yaml:${line}: ${field}: `))).toHaveLength(1);
  });
});

describe('a date is a real ISO date from 0001-01-01 to 9999-12-31', () => {
  // Date.UTC reads the years 0 to 99 as 1900 to 1999, which made every such date “not a real date”.
  it('accepts exactly the real calendar dates of the years 1 to 9999', () => {
    const real = ['0001-01-01', '0050-06-15', '0099-12-31', '0048-02-29', '1900-02-28', '2000-02-29', '9999-12-31'];
    const unreal = [
      '0000-01-01',
      '0050-02-29',
      '1900-02-29',
      '2026-02-30',
      '2026-13-01',
      '2026-00-10',
      '26-10-02',
      '2026-1-2',
    ];
    expect([...real, ...unreal].filter(isIsoDate)).toEqual(real);
  });
});

describe('a file is UTF-8, or a named error', () => {
  const utf8 = (text: string) => new TextEncoder().encode(text);

  it('decodes UTF-8 and drops a UTF-8 byte order mark', () => {
    expect(decodeUtf8(new Uint8Array([0xef, 0xbb, 0xbf, ...utf8('a: café\n')]))).toEqual({ text: 'a: café\n' });
  });

  it('names the line of a Latin-1 byte instead of publishing “caf�”', () => {
    const bytes = new Uint8Array([...utf8('a: 1\nb: 2\nc: caf'), 0xe9, ...utf8('\nd: 4\n')]);
    expect(decodeUtf8(bytes)).toEqual({
      text: null,
      line: 3,
      message: 'is not UTF-8: byte 0xE9 on this line is not part of a UTF-8 character; save the file as UTF-8',
    });
  });

  it('names a lone continuation byte', () => {
    expect(decodeUtf8(new Uint8Array([...utf8('a: x\n'), 0x80]))).toMatchObject({ text: null, line: 2 });
  });

  it.each([
    ['little-endian', [0xff, 0xfe]],
    ['big-endian', [0xfe, 0xff]],
  ])('says a %s UTF-16 file is not UTF-8', (_name, bom) => {
    expect(decodeUtf8(new Uint8Array([...bom, 0x61, 0x00]))).toMatchObject({
      text: null,
      line: 1,
      message: expect.stringContaining('is UTF-16') as unknown,
    });
  });
});

describe('YAML anchors and aliases are refused, never expanded', () => {
  // Ten levels of nine aliases each: 9^10 values, about 3.5 billion, from a few hundred bytes.
  const chain = ['x0: &x0 [lol, lol, lol, lol, lol, lol, lol, lol, lol]'];
  for (let i = 1; i < 10; i++)
    chain.push(`x${i}: &x${i} [${Array.from({ length: 9 }, () => `*x${i - 1}`).join(', ')}]`);

  it('refuses the ten-deep alias chain with one problem per anchor, naming its line', () => {
    const problems = claimProblems(`${CLAIM}${chain.join('\n')}\n`);
    const first = CLAIM.split('\n').length;
    expect(problems).toHaveLength(10);
    problems.forEach((problem, i) =>
      expect(problem.startsWith(`c.yaml:${first + i}: x${i}: carries the anchor &x${i}`)).toBe(true),
    );
    expect(problems[0]).toContain('(used by 9 aliases *x0); YAML anchors and aliases are not allowed');
  });

  it('refuses an alias that refers to itself', () => {
    expect(claimProblems(`${CLAIM}extra: &r [*r]\n`)).toEqual([
      `c.yaml:${CLAIM.split('\n').length}: extra: carries the anchor &r (used by 1 alias *r); YAML anchors and aliases are not allowed in ledger files, so write each value out in full`,
    ]);
  });

  it('refuses an anchor even when nothing uses it', () => {
    expect(claimProblems(CLAIM.replace('type: factual', 'type: &t factual'))).toEqual([
      'c.yaml:2: type: carries the anchor &t; YAML anchors and aliases are not allowed in ledger files, so write each value out in full',
    ]);
  });

  it(`refuses nesting deeper than ${MAX_DEPTH} before the YAML library composes it (it recurses, and a deep file overflows its stack)`, () => {
    const deep = 100_000;
    const problems = claimProblems(`${CLAIM}extra: ${'['.repeat(deep)}${']'.repeat(deep)}\n`);
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(
      new RegExp(
        `^c\\.yaml:${CLAIM.split('\n').length}: \\(yaml\\): nests mappings and lists more than ${MAX_DEPTH} deep`,
      ),
    );
    // The limit is far above what a ledger file needs, and nesting up to it is read.
    expect(parseYaml('x.yaml', `${'['.repeat(MAX_DEPTH)}${']'.repeat(MAX_DEPTH)}\n`).problems).toEqual([]);
  });
});

describe('control characters other than tab, line feed and carriage return are refused', () => {
  it.each([
    ['NUL', '\u0000', 'U+0000'],
    ['escape', '\u001b', 'U+001B'],
    ['delete', '\u007f', 'U+007F'],
    ['a C1 control', '\u0085', 'U+0085'],
  ])(
    'refuses a raw %s, naming its line, and nothing else (tabs and carriage returns are text)',
    (_name, char, code) => {
      const text = CLAIM.replace('All four', `All${char}four`)
        .replace('The plant passed', 'The\tplant passed')
        .replaceAll('\n', '\r\n');
      expect(claimProblems(text)).toEqual([
        `c.yaml:12: (file): holds the control character ${code}; a ledger file holds text, tabs and line breaks only`,
      ]);
    },
  );

  it('refuses a NUL written as an escape in a quoted string, naming the field', () => {
    expect(claimProblems(CLAIM.replace('type: factual', 'type: "fact\\0ual"'))).toEqual([
      'c.yaml:2: type: holds the control character U+0000 (written as an escape); text holds no control characters but tabs and line breaks',
    ]);
  });
});
