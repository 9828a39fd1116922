/**
 * The documents and the code point at things that exist: every citation of the design names a
 * section (and step) of docs/design.md, and every repository path the documents name in backticks,
 * and every relative link between them, resolves in this checkout.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  brokenDesignReferences,
  brokenPaths,
  designSections,
  repoPath,
  resolves,
  type Files,
} from '../../support/docReferences.ts';

const root = resolve(import.meta.dirname, '../../..');
const files: Files = {
  exists: (path) => existsSync(join(root, path)),
  list: (folder) =>
    statSync(join(root, folder), { throwIfNoEntry: false })?.isDirectory() ? readdirSync(join(root, folder)) : [],
};
const design = designSections(readFileSync(join(root, 'docs/design.md'), 'utf8'));

/** Where the code, the tests and the documents live; the checker and this test hold examples of broken references. */
const SCANNED = ['src', 'scripts', 'tests', 'reference', 'docs', 'content', '.github', '.ci'];
const SKIPPED = new Set(['tests/support/docReferences.ts', 'tests/unit/docs/references.test.ts']);
const TEXT = /\.(?:ts|js|mjs|astro|py|md|mdx|ya?ml|json|css|txt|sh)$|^\.ci\/run$/;

function walk(folder: string): string[] {
  const full = join(root, folder);
  if (!existsSync(full)) return [];
  return readdirSync(full, { withFileTypes: true }).flatMap((entry) => {
    const path = `${folder}/${entry.name}`;
    if (entry.name === 'node_modules' || entry.name === '__pycache__') return [];
    if (entry.isDirectory()) return walk(path);
    return entry.isFile() && TEXT.test(path) && !SKIPPED.has(path) ? [path] : [];
  });
}

const topLevel = readdirSync(root).filter(
  (name) => /\.(?:md|json|mjs|js|ts)$/.test(name) && name !== 'package-lock.json',
);
const scanned = [...SCANNED.flatMap(walk), ...topLevel];
const documents = [
  ...['README.md', 'ARCHITECTURE.md', 'CONTRIBUTING.md'].filter((name) => existsSync(join(root, name))),
  ...walk('docs').filter((path) => path.endsWith('.md')),
];

const described = (path: string, found: { line: number; text: string; why: string }[]): string[] =>
  found.map(({ line, text, why }) => `${path}:${line}: ${text}: ${why}`);

describe('the design document', () => {
  it('has the numbered sections the code cites, and §4 has its ten steps', () => {
    expect([...design.sections]).toEqual(['1', '2', '3', '4', '5', '6', '6a', '6b', '6c', '7', '8', '9', '10']);
    expect(design.steps.get('4')).toBe(10);
  });
});

describe('design references', () => {
  it('every citation in the code, tests and documents names a section that exists', () => {
    expect(scanned.length).toBeGreaterThan(200);
    const broken = scanned.flatMap((path) =>
      described(path, brokenDesignReferences(readFileSync(join(root, path), 'utf8'), design)),
    );
    expect(broken).toEqual([]);
  });

  it.each([
    ['docs/design.md §4', 0],
    ['docs/design.md §6a', 0],
    ['docs/design.md §4 step 8', 0],
    ['[design.md §5](design.md)', 0],
    ['docs/design.md §12', 1],
    ['docs/design.md §6d', 1],
    ['docs/design.md §4 step 11', 1],
    ['docs/design.md §5 step 1', 1],
    [`${'DESIGN'} §4`, 1],
    [`written from ${'DESIGN'}.md`, 1],
  ])('%s has %i broken reference(s)', (text, count) => {
    expect(brokenDesignReferences(text, design)).toHaveLength(count);
  });
});

describe('paths in the documents', () => {
  it.each(documents)('every repository path and relative link in %s exists', (path) => {
    const broken = brokenPaths(readFileSync(join(root, path), 'utf8'), relative(root, join(root, path)), files);
    expect(described(path, broken)).toEqual([]);
  });

  it.each([
    ['src/lib/publish/jsonSchema.ts', 'src/lib/publish/jsonSchema.ts'],
    ['src/lib/input/load.ts:42', 'src/lib/input/load.ts'],
    ['package.json', 'package.json'],
    ['CONTRIBUTING.md', 'CONTRIBUTING.md'],
    ['/claims/<slug>/', null],
    ['dist/claims/<slug>/<id>/trace.json', null],
    ['npm run -s ledger -- check', null],
    ['trace.json', null],
  ])('`%s` names the repository path %s', (span, path) => {
    expect(repoPath(span)).toBe(path);
  });

  it.each([
    ['src/lib/publish/jsonSchema.ts', true],
    ['src/lib/jsonSchema.ts', false],
    ['src/engine/', true],
    ['content/claims/<slug>.yaml', true],
    ['content/claims/<slug>.yml', false],
    ['models/*.yaml', true],
    ['models/<name>@<version>.yaml', true],
    ['src/lib/claim/html/<step>Step.ts', true],
    ['src/lib/claim/html/<step>Stage.ts', false],
    ['src/pages/models/[id]/index.astro', true],
  ])('%s resolves: %s', (path, expected) => {
    expect(resolves(path, files)).toBe(expected);
  });

  it('finds a wrong path and a broken link in a document, and ignores fenced code and addresses', () => {
    const markdown = [
      'The schemas come from `src/lib/jsonSchema.ts`, served at `/schemas/claim.schema.json`.',
      'See [the CLI](cli.md) and [nothing](missing.md#part).',
      '```sh',
      'cat `src/not/here.ts`',
      '```',
    ].join('\n');
    expect(brokenPaths(markdown, 'docs/example.md', files)).toEqual([
      { line: 1, text: 'src/lib/jsonSchema.ts', why: 'no such path' },
      { line: 2, text: 'missing.md#part', why: 'broken link' },
    ]);
  });
});
