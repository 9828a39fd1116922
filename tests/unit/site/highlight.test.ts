import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { highlight, highlightWhole } from '../../../src/lib/highlight.ts';

const root = join(import.meta.dirname, '..', '..', '..');
const read = (path: string): string => readFileSync(join(root, path), 'utf8');
const golden = readdirSync(join(root, 'tests', 'golden'), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => `tests/golden/${entry.name}/trace.json`);
const claims = readdirSync(join(root, 'content', 'claims')).map((name) => `content/claims/${name}`);

describe('highlight, line by line with a memo', () => {
  it.each(golden)('gives shiki’s own HTML for the trace %s', async (path) => {
    const code = JSON.stringify(JSON.parse(read(path)), null, 2);
    expect(await highlight(code, 'json')).toBe(await highlightWhole(code, 'json'));
  });

  it('gives shiki’s own HTML for every claim file, the Python reference and a TypeScript file', async () => {
    for (const path of claims)
      expect(await highlight(read(path), 'yaml'), path).toBe(await highlightWhole(read(path), 'yaml'));
    const python = read('reference/ledger.py');
    expect(await highlight(python, 'python')).toBe(await highlightWhole(python, 'python'));
    const typescript = read('src/lib/highlight.ts');
    expect(await highlight(typescript, 'typescript')).toBe(await highlightWhole(typescript, 'typescript'));
  });

  it('keeps the grammar state across lines: the same line colours differently inside a block scalar or a string', async () => {
    const yaml = 'note: |\n  key: value\n  # not a comment\nkey: value\n# a comment\n';
    expect(await highlight(yaml, 'yaml')).toBe(await highlightWhole(yaml, 'yaml'));
    const python = 'x = """\nx = 1\n"""\nx = 1\n';
    const html = await highlight(python, 'python');
    expect(html).toBe(await highlightWhole(python, 'python'));
    const [, inString, , outside] = html.split('\n');
    expect(inString).not.toBe(outside);
  });

  it('does not depend on what was highlighted before', async () => {
    const a = '{\n  "a": [\n    "x",\n    1\n  ]\n}';
    const b = '{\n  "x": 1,\n  "a": "x"\n}';
    await highlight(a, 'json');
    expect(await highlight(b, 'json')).toBe(await highlightWhole(b, 'json'));
    expect(await highlight(a, 'json')).toBe(await highlightWhole(a, 'json'));
  });
});
