import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { createHighlighter } from 'shiki';
import {
  compactTokens,
  highlight,
  highlightWhole,
  plainCode,
  readableJson,
  TOKEN_CLASSES,
} from '../../../src/lib/render/highlight.ts';

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
    const typescript = read('src/lib/render/highlight.ts');
    expect(await highlight(typescript, 'typescript')).toBe(await highlightWhole(typescript, 'typescript'));
  });

  it('colours every line whole on a machine too slow for shiki’s default time limit', async () => {
    // Lines no other test highlights, so that the memo holds none of them.
    const python = 'def slow_machine(x):\n    return {"key": [x, 1.5, None], "text": f"{x!r}"}  # note\n';
    const expected = await highlightWhole(python, 'python');
    // Every reading of the clock a second later: each line seems to take longer than any limit.
    let now = Date.now();
    const clock = vi.spyOn(Date, 'now').mockImplementation(() => (now += 1000));
    try {
      expect(await highlight(python, 'python')).toBe(expected);
      expect(await highlightWhole(python, 'python')).toBe(expected);
    } finally {
      clock.mockRestore();
    }
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

describe('compact token markup', () => {
  const themes = { light: 'github-light-high-contrast', dark: 'github-dark-high-contrast' } as const;
  const shikiOwn = async (code: string, lang: 'json' | 'yaml' | 'python'): Promise<string> => {
    const shiki = await createHighlighter({ themes: Object.values(themes), langs: [lang] });
    return shiki.codeToHtml(code, { themes, defaultColor: 'light', lang });
  };
  const text = (html: string): string => html.replace(/<[^>]*>/g, '');
  const trace = JSON.stringify(JSON.parse(read(golden[0]!)), null, 2);

  it('keeps every character of the code that shiki shows', async () => {
    for (const [code, lang] of [
      [trace, 'json'],
      [read(claims[0]!), 'yaml'],
      [read('reference/ledger.py'), 'python'],
    ] as const) {
      expect(text(await highlight(code, lang))).toBe(text(await shikiOwn(code, lang)));
    }
  });

  it('drops the spans of tokens in the default colour and gives the known colours a class', async () => {
    const own = await shikiOwn(trace, 'json');
    const compact = await highlight(trace, 'json');
    expect(own).toContain('<span style="color:#0E1116;--shiki-dark:#F0F3F6">');
    expect(compact).not.toContain('--shiki-dark:#F0F3F6">');
    expect(compact).toContain('<span class="hl-green">');
    expect(compact.length).toBeLessThan(own.length * 0.6);
    // Every token of a trace has a class or no span: no inline token style is left.
    expect(compact.match(/<span style=/g)).toBeNull();
  });

  it('keeps shiki’s inline style for a colour it has no class for', () => {
    const html =
      '<span style="color:#123456;--shiki-dark:#654321">x</span><span style="color:#0E1116;--shiki-dark:#F0F3F6">y</span>';
    expect(compactTokens(html)).toBe('<span style="color:#123456;--shiki-dark:#654321">x</span>y');
  });

  it('has a rule in the stylesheet for both colours of every class', () => {
    const css = read('src/styles/global.css');
    for (const [style, name] of TOKEN_CLASSES) {
      const [, light, dark] = /^color:(#[0-9A-F]{6});--shiki-dark:(#[0-9A-F]{6})$/.exec(style)!;
      expect(css, name).toContain(`\n.${name} {\n  color: ${light!.toLowerCase()};\n}`);
      expect(css, name).toContain(`  .shiki .${name} {\n    color: ${dark!.toLowerCase()};\n  }`);
    }
  });
});

describe('plain code', () => {
  it('shows the code as it is, escaping only what HTML text must', () => {
    const code = '{\n  "note": "a < b && c > d",\n  "q": \'x\'\n}';
    const html = plainCode(code);
    expect(html).toBe(
      '<pre class="plain-code" tabindex="0"><code>{\n  "note": "a &lt; b &amp;&amp; c &gt; d",\n  "q": \'x\'\n}</code></pre>',
    );
  });

  it('writes JSON indented with tabs shown two spaces wide, short parts on one line, every string left alone', () => {
    const long = 'x'.repeat(90);
    const value = {
      link: { id: 'q1', weight: '0.900000', kept: true, keptLink: null },
      tricky: ['a", "b', 'c: d', '  two spaces', '\ttab\nline'],
      nested: { passage: long, deeper: { c: '    four' } },
      d: 1,
    };
    const text = readableJson(value);
    expect(text).toBe(
      [
        '{',
        '\t"link": {"id": "q1", "weight": "0.900000", "kept": true, "keptLink": null},',
        '\t"tricky": ["a\\", \\"b", "c: d", "  two spaces", "\\ttab\\nline"],',
        '\t"nested": {',
        `\t\t"passage": "${long}",`,
        '\t\t"deeper": {"c": "    four"}',
        '\t},',
        '\t"d": 1',
        '}',
      ].join('\n'),
    );
    expect(JSON.parse(text)).toEqual(value);
    expect(read('src/styles/global.css')).toMatch(/\n\.plain-code code \{\n {2}tab-size: 2ch;\n\}/);
  });

  it('has the highlighted code’s default colours in the stylesheet, light and dark', () => {
    const css = read('src/styles/global.css');
    expect(css).toContain('\n.plain-code {\n  color: #0e1116;\n  background-color: #ffffff;\n');
    expect(css).toContain('  .plain-code {\n    color: #f0f3f6;\n    background-color: #0a0c10;\n  }');
  });
});

describe('the highlighted code’s contrast', () => {
  /** WCAG 2's relative luminance of `#rrggbb`. */
  const luminance = (hex: string): number => {
    const [r, g, b] = [1, 3, 5].map((i) => {
      const c = parseInt(hex.slice(i, i + 2), 16) / 255;
      return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
  };
  const contrast = (a: string, b: string): number => {
    const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
    return (hi! + 0.05) / (lo! + 0.05);
  };

  // axe skips the reference page's long code (thousands of token spans took it minutes): its
  // colours are a small fixed set, each checked here against the code's own background.
  it('gives every token colour, light and dark, at least 4.5:1 against its background', async () => {
    // Each token's colours as shiki writes them (`color:#…;--shiki-dark:#…`), from its class or style.
    const byClass = new Map([...TOKEN_CLASSES].map(([style, name]) => [name, style]));
    const styles = new Set<string>(['color:#0e1116;--shiki-dark:#f0f3f6']);
    for (const file of ['reference/ledger.py', 'reference/explain.py', 'reference/test_ledger.py']) {
      const html = await highlight(read(file), 'python');
      for (const m of html.matchAll(/<span (?:class="(hl-[a-z]+)"|style="([^"]*)")>/g))
        styles.add(m[1] !== undefined ? byClass.get(m[1])! : m[2]!);
    }
    expect(styles.size).toBeGreaterThan(4);
    for (const style of styles) {
      const light = /(?:^|;)color:(#[0-9a-f]{6})/i.exec(style)?.[1] ?? 'none';
      const dark = /--shiki-dark:(#[0-9a-f]{6})/i.exec(style)?.[1] ?? 'none';
      expect(contrast(light, '#ffffff'), `${style} on the light background`).toBeGreaterThanOrEqual(4.5);
      expect(contrast(dark, '#0a0c10'), `${style} on the dark background`).toBeGreaterThanOrEqual(4.5);
    }
  });
});
